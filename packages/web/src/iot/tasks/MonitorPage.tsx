import { useQuery } from '@tanstack/react-query';
import { Card, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailed } from '../../shared/lists/PagedList.tsx';
import { listTasks, type TaskView } from './api.ts';
import { failureRate, OutcomeTag, time } from './taskText.tsx';

const REFRESH_MS = 5000;

/** Task Monitoring: the tasks in execution with their next run, last outcome and failure rate, refreshed as they run. */
export function MonitorPage() {
  const { t } = useTranslation();
  const running = useQuery({
    queryKey: ['iot', 'tasks', 'monitor'],
    queryFn: ({ signal }) => listTasks({ state: 'running', page: 1, size: 200 }, signal),
    refetchInterval: REFRESH_MS,
    meta: { silentError: true },
  });
  if (running.isError && !running.data)
    return <LoadFailed error={running.error} onRetry={() => running.refetch()} retrying={running.isFetching} />;
  return (
    <Card
      data-testid="task-monitor-page"
      title={t('menu.tasks.monitor')}
      extra={<Typography.Text type="secondary">{t('tasks.monitor.refresh')}</Typography.Text>}
    >
      <Table<TaskView>
        size="middle"
        rowKey="id"
        data-testid="task-monitor-table"
        loading={running.isLoading}
        dataSource={running.data?.list ?? []}
        pagination={false}
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
