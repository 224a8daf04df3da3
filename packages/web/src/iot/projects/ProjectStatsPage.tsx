import { Card, Progress } from 'antd';
import { useTranslation } from 'react-i18next';
import { PagedTable, usePagedList } from '../../shared/lists/PagedList.tsx';
import { STATUS_COLOURS } from '../devices/statusColours.ts';
import { type ProjectStatistics, projectStats } from './api.ts';

const STATUSES = ['online', 'offline', 'alarm', 'fault'] as const;

/** Project Quantity Statistics: each project's devices, by status, with its online rate. */
export function ProjectStatsPage() {
  const { t } = useTranslation();
  const stats = usePagedList<object, ProjectStatistics>(['iot', 'projects', 'statistics'], projectStats);
  return (
    <Card data-testid="project-stats-page" title={t('menu.projects.statistics')}>
      <PagedTable<ProjectStatistics>
        list={stats}
        data-testid="project-stats-table"
        rowKey="projectId"
        locale={{ emptyText: t('projects.empty') }}
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
    </Card>
  );
}
