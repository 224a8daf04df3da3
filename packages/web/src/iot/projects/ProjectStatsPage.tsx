import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Progress, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../shared/lists/PagedList.tsx';
import { STATUS_COLOURS } from '../devices/fields.tsx';
import { type ProjectStatistics, projectStats } from './api.ts';

const STATUSES = ['online', 'offline', 'alarm', 'fault'] as const;

/** Project Quantity Statistics: each project's devices, by status, with its online rate. */
export function ProjectStatsPage() {
  const { t } = useTranslation();
  const [paging, setPaging] = useState({ page: 1, size: 20 });
  const stats = useQuery({
    queryKey: ['iot', 'projects', 'statistics', paging],
    queryFn: ({ signal }) => projectStats(paging, signal),
    placeholderData: keepPreviousData,
    meta: { silentError: true },
  });
  return (
    <Card data-testid="project-stats-page" title={t('menu.projects.statistics')}>
      {stats.isError && !stats.data ? (
        <LoadFailed error={stats.error} onRetry={() => stats.refetch()} retrying={stats.isFetching} />
      ) : (
        <Table<ProjectStatistics>
          data-testid="project-stats-table"
          rowKey="projectId"
          size="middle"
          loading={stats.isFetching}
          dataSource={stats.data?.list ?? []}
          locale={{ emptyText: t('projects.empty') }}
          pagination={{
            current: paging.page,
            pageSize: paging.size,
            total: stats.data?.total ?? 0,
            showTotal: (total) => t('ui.total', { total }),
            onChange: (page, size) => setPaging({ page: size === paging.size ? page : 1, size }),
          }}
          columns={[
            { title: t('projects.field.name'), dataIndex: 'name' },
            { title: t('projects.field.manager'), dataIndex: 'managerName', render: (v: string | null) => v ?? '-' },
            { title: t('overview.total'), dataIndex: 'total', width: 90 },
            ...STATUSES.map((s) => ({ title: t(`devices.status.${s}`), dataIndex: s, width: 90 })),
            { title: t('devices.disabled'), dataIndex: 'disabled', width: 90 },
            {
              title: t('projects.onlineRate'),
              key: 'rate',
              width: 180,
              render: (_v: unknown, row: ProjectStatistics) => (
                <Progress
                  percent={row.total ? Math.round((row.online / row.total) * 100) : 0}
                  strokeColor={STATUS_COLOURS.online}
                  size="small"
                />
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}
