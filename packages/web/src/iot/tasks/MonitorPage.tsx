import { useQueryClient } from '@tanstack/react-query';
import { Card, Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FilterForm, PagedTable, usePagedList } from '../../shared/lists/PagedList.tsx';
import { DeviceSelect } from '../telemetry/DeviceSelect.tsx';
import { listTasks, type TaskFilters, type TaskView } from './api.ts';
import { failureRate, OutcomeTag, time } from './taskText.tsx';

const REFRESH_MS = 5000;

type MonitorFilters = Omit<TaskFilters, 'state'>;

/**
 * Task Monitoring: the tasks in execution with their next run, last outcome and failure rate,
 * refreshed as they run; found by name, device, or whether their last run failed.
 */
export function MonitorPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<MonitorFilters>();
  const list = usePagedList<MonitorFilters, TaskView>(
    ['iot', 'tasks', 'monitor'],
    (query, signal) => listTasks({ ...query, state: 'running' }, signal),
    { refetchInterval: REFRESH_MS },
  );
  return (
    <Card
      data-testid="task-monitor-page"
      title={t('menu.tasks.monitor')}
      extra={<Typography.Text type="secondary">{t('tasks.monitor.refresh')}</Typography.Text>}
    >
      <FilterForm<MonitorFilters>
        form={form}
        onSearch={(values) => {
          list.search(values);
          queryClient.invalidateQueries({ queryKey: ['iot', 'tasks', 'monitor'] });
        }}
        searchTestId="monitor-search"
      >
        <Form.Item name="keyword">
          <Input allowClear placeholder={t('tasks.keyword')} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="deviceId">
          <DeviceSelect allowClear style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="lastOutcome">
          <Select
            allowClear
            placeholder={t('tasks.lastOutcome')}
            style={{ width: 160 }}
            data-testid="monitor-outcome"
            options={[
              { value: 'success', label: t('tasks.monitor.succeeding') },
              { value: 'failing', label: t('tasks.monitor.failing') },
            ]}
          />
        </Form.Item>
      </FilterForm>
      <PagedTable<TaskView>
        list={list}
        live
        rowKey="id"
        data-testid="task-monitor-table"
        locale={{ emptyText: t('tasks.monitor.empty') }}
        columns={[
          {
            title: t('tasks.name'),
            key: 'name',
            render: (_v, row) => <Link to={`/tasks/records?taskId=${row.id}`}>{row.name}</Link>,
          },
          { title: t('tasks.schedule'), dataIndex: 'scheduleText', key: 'schedule' },
          { title: t('tasks.nextRun'), key: 'next', render: (_v, row) => time(row.nextRunAt) },
          { title: t('tasks.lastRun'), key: 'last', render: (_v, row) => time(row.lastRunAt) },
          {
            title: t('tasks.lastOutcome'),
            key: 'outcome',
            render: (_v, row) => <OutcomeTag outcome={row.lastOutcome} />,
          },
          { title: t('tasks.runs'), dataIndex: 'runs', key: 'runs', width: 100 },
          {
            title: t('tasks.failureRate'),
            key: 'rate',
            width: 100,
            render: (_v, row) => <span data-testid={`task-rate-${row.id}`}>{failureRate(row.runs, row.failures)}</span>,
          },
        ]}
      />
    </Card>
  );
}
