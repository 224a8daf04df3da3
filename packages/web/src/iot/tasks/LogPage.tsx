import { TASK_LOG_ACTIONS, type TaskLogAction } from '@meridian/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Card, Form, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { FilterForm, PagedTable, usePagedList } from '../../shared/lists/PagedList.tsx';
import { type LogFilters, type TaskLogView, taskLog } from './api.ts';
import { TaskSelect } from './TaskSelect.tsx';
import { time } from './taskText.tsx';

const actionColour: Partial<Record<TaskLogAction, string>> = { skipped: 'orange', waiting: 'gold', recovered: 'green' };

/** Execution Log: what each task itself did: created, edited, paused, resumed, ended, and runs skipped and why. */
export function LogPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<LogFilters>();
  const queryClient = useQueryClient();
  const list = usePagedList<LogFilters, TaskLogView>(['iot', 'tasks', 'log'], taskLog);
  return (
    <Card data-testid="task-log-page" title={t('menu.tasks.log')}>
      <FilterForm<LogFilters>
        form={form}
        onSearch={(values) => {
          list.search(values);
          queryClient.invalidateQueries({ queryKey: ['iot', 'tasks', 'log'] });
        }}
        searchTestId="task-log-search"
      >
        <Form.Item name="taskId">
          <TaskSelect style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="action">
          <Select
            allowClear
            placeholder={t('tasks.what')}
            style={{ width: 140 }}
            options={TASK_LOG_ACTIONS.map((a) => ({ value: a, label: t(`tasks.action.${a}`) }))}
          />
        </Form.Item>
      </FilterForm>
      <PagedTable<TaskLogView>
        list={list}
        data-testid="task-log-table"
        rowKey="id"
        locale={{ emptyText: t('tasks.log.empty') }}
        columns={[
          { title: t('tasks.at'), key: 'at', width: 170, render: (_v, row) => time(row.at) },
          { title: t('tasks.task'), dataIndex: 'taskName', key: 'task' },
          {
            title: t('tasks.state'),
            key: 'action',
            width: 100,
            render: (_v, row) => <Tag color={actionColour[row.action]}>{t(`tasks.action.${row.action}`)}</Tag>,
          },
          { title: t('tasks.what'), dataIndex: 'text', key: 'text' },
          { title: t('tasks.by'), key: 'by', width: 140, render: (_v, row) => row.by ?? t('tasks.system') },
        ]}
      />
    </Card>
  );
}
