import type { deviceOverview, StatusCounts } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Flex, Progress, Row, Statistic, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../shared/lists/LoadFailed.tsx';
import { PageLoading } from '../../shared/PageLoading.tsx';
import { get } from '../../shared/request.ts';
import type { Output } from '../components/contracts.ts';
import { STATUS_COLOURS } from './statusColours.ts';

type Overview = Output<typeof deviceOverview>;
const STATUSES = ['online', 'offline', 'alarm', 'fault'] as const;

function CountsTable<T extends StatusCounts & { name: string | null }>({
  rows,
  rowKey,
  nameTitle,
  testId,
}: {
  rows: T[];
  rowKey(row: T): string;
  nameTitle: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Table<T>
      data-testid={testId}
      size="small"
      rowKey={rowKey}
      dataSource={rows}
      pagination={rows.length > 10 ? { pageSize: 10 } : false}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('overview.none')} /> }}
      columns={[
        { title: nameTitle, key: 'name', render: (_v, row) => row.name ?? t('overview.noProject') },
        { title: t('overview.total'), dataIndex: 'total', width: 80 },
        ...STATUSES.map((status) => ({ title: t(`devices.status.${status}`), dataIndex: status, width: 80 })),
      ]}
    />
  );
}

/** Device Overview: how many devices are online, offline, alarming or faulty, and by project and tag. */
export function OverviewPage() {
  const { t } = useTranslation();
  const overview = useQuery({
    queryKey: ['iot', 'devices', 'overview'],
    queryFn: ({ signal }) => get<Overview>('iot/overview', { signal }),
    meta: { silentError: true },
  });
  if (overview.isError && !overview.data) {
    return <LoadFailed error={overview.error} onRetry={() => overview.refetch()} retrying={overview.isFetching} />;
  }
  if (!overview.data) return <PageLoading />;
  const { devices, byProject, byTag } = overview.data;
  const share = (n: number) => (devices.total ? Math.round((n / devices.total) * 100) : 0);
  return (
    <Flex vertical gap={16} data-testid="overview-page">
      <Row gutter={[16, 16]}>
        <Col xs={12} lg={4}>
          <Card>
            <Statistic title={t('overview.total')} value={devices.total} data-testid="count-total" />
          </Card>
        </Col>
        {STATUSES.map((status) => (
          <Col xs={12} lg={4} key={status}>
            <Card>
              <Flex justify="space-between" align="center">
                <Statistic
                  title={t(`devices.status.${status}`)}
                  value={devices[status]}
                  styles={{ content: { color: STATUS_COLOURS[status] } }}
                  data-testid={`count-${status}`}
                />
                <Progress
                  type="circle"
                  size={48}
                  percent={share(devices[status])}
                  strokeColor={STATUS_COLOURS[status]}
                />
              </Flex>
            </Card>
          </Col>
        ))}
        <Col xs={12} lg={4}>
          <Card>
            <Statistic title={t('devices.disabled')} value={devices.disabled} data-testid="count-disabled" />
          </Card>
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Card title={t('overview.byProject')}>
            <CountsTable
              testId="overview-projects"
              rows={byProject}
              rowKey={(row) => String(row.projectId)}
              nameTitle={t('devices.field.project')}
            />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card title={t('overview.byTag')}>
            <CountsTable
              testId="overview-tags"
              rows={byTag}
              rowKey={(row) => String(row.tagId)}
              nameTitle={t('devices.field.tags')}
            />
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}
