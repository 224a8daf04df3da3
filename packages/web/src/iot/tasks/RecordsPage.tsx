import { RUN_OUTCOMES } from '@meridian/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Card, DatePicker, Form, Select, Tooltip } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { FilterForm, PagedTable, usePagedList } from '../../shared/lists/PagedList.tsx';
import { DeviceSelect } from '../telemetry/DeviceSelect.tsx';
import { type RecordFilters, type TaskRecordView, taskRecords } from './api.ts';
import { TaskSelect } from './TaskSelect.tsx';
import { OutcomeTag, time } from './taskText.tsx';

interface FilterValues extends Omit<RecordFilters, 'from' | 'to'> {
  range?: [Dayjs, Dayjs] | null;
}

/** Execution Record: every write of every run, per device and point, with the value and the outcome in the spec's words. */
export function RecordsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const taskId = params.get('taskId') ? Number(params.get('taskId')) : undefined;
  const [form] = Form.useForm<FilterValues>();
  const queryClient = useQueryClient();
  const list = usePagedList<RecordFilters, TaskRecordView>(['iot', 'tasks', 'records'], taskRecords, {
    filters: { taskId },
  });
  return (
    <Card data-testid="task-records-page" title={t('menu.tasks.records')}>
      <FilterForm<FilterValues>
        form={form}
        initialValues={{ taskId }}
        onSearch={({ range, ...values }) => {
          list.search({ ...values, from: range?.[0]?.valueOf(), to: range?.[1]?.valueOf() });
          queryClient.invalidateQueries({ queryKey: ['iot', 'tasks', 'records'] });
        }}
        searchTestId="task-records-search"
        onReset={() => {
          form.setFieldValue('taskId', undefined);
        }}
      >
        <Form.Item name="taskId">
          <TaskSelect style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="deviceId">
          <DeviceSelect allowClear style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="outcome">
          <Select
            allowClear
            placeholder={t('tasks.lastOutcome')}
            style={{ width: 150 }}
            options={RUN_OUTCOMES.map((o) => ({ value: o, label: t(`tasks.outcome.${o}`) }))}
          />
        </Form.Item>
        <Form.Item name="range">
          <DatePicker.RangePicker showTime />
        </Form.Item>
      </FilterForm>
      <PagedTable<TaskRecordView>
        list={list}
        data-testid="task-records-table"
        rowKey="id"
        locale={{ emptyText: t('tasks.records.empty') }}
        columns={[
          { title: t('tasks.task'), dataIndex: 'taskName', key: 'task' },
          {
            title: t('tasks.device'),
            key: 'device',
            render: (_v, row) => <Link to={`/devices/${row.deviceId}`}>{row.deviceName ?? `#${row.deviceId}`}</Link>,
          },
          { title: t('tasks.point'), dataIndex: 'pointName', key: 'point' },
          { title: t('tasks.value'), dataIndex: 'value', key: 'value', width: 100 },
          { title: t('tasks.dueAt'), key: 'due', width: 170, render: (_v, row) => time(row.dueAt) },
          {
            title: t('tasks.ranAt'),
            key: 'ran',
            width: 190,
            render: (_v, row) =>
              row.late ? <Tooltip title={t('tasks.late')}>{time(row.ranAt)} ⏱</Tooltip> : time(row.ranAt),
          },
          {
            title: t('tasks.lastOutcome'),
            key: 'outcome',
            render: (_v, row) => (
              <span data-testid={`task-record-${row.id}`}>
                <OutcomeTag outcome={row.outcome} text={row.outcomeText} />
              </span>
            ),
          },
        ]}
      />
    </Card>
  );
}
