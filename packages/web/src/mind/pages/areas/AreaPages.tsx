import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Flex, Skeleton, Table, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LoadFailed } from '../../../shared/lists/LoadFailed.tsx';
import { ViewGuard } from '../../access/ViewGuard.tsx';
import { useCan } from '../assessments/can.ts';
import { type AreaList, type AreaView, areaOf, areasOf } from './api.ts';
import './strings.ts';

type Figures = AreaView['totals'];

function Guard({ testId, children }: { testId: string; children: React.ReactNode }) {
  const { t } = useTranslation();
  const can = useCan('/data/qyList');
  return (
    <ViewGuard may={can('view')} testId={testId} refusal={t('area.noAccess')}>
      {children}
    </ViewGuard>
  );
}

/** The headline columns both pages share: students, sheets answered of those given, results, open warnings. */
function useFigureColumns<R extends Figures>(): TableColumnsType<R> {
  const { t } = useTranslation();
  return [
    { title: t('area.students'), dataIndex: 'students', width: 100, align: 'right' },
    {
      title: t('area.sheets'),
      key: 'sheets',
      width: 120,
      align: 'right',
      render: (_v, r) => t('area.sheetsOf', { done: r.done, assigned: r.assigned }),
    },
    { title: t('area.results'), dataIndex: 'results', width: 100, align: 'right' },
    { title: t('area.warned'), dataIndex: 'warned', width: 100, align: 'right' },
    {
      title: t('area.openWarnings'),
      dataIndex: 'openWarnings',
      width: 110,
      align: 'right',
      render: (n: number) => <Typography.Text type={n > 0 ? 'danger' : undefined}>{n}</Typography.Text>,
    },
  ];
}

/** What a query shows before and instead of its answer: a skeleton, or the server's words and a retry. */
function Loading({ query }: { query: { isError: boolean; error: unknown; isFetching: boolean; refetch(): unknown } }) {
  if (query.isError)
    return <LoadFailed error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  return <Skeleton active paragraph={{ rows: 5 }} />;
}

/** `/data/qyList`: the areas of the caller's scope with their schools' headline counts (decision 0109). */
export function AreaListPage() {
  return (
    <Guard testId="area-list-page">
      <Areas />
    </Guard>
  );
}

function Areas() {
  const { t } = useTranslation();
  const figures = useFigureColumns<AreaList['areas'][number]>();
  const areas = useQuery({
    queryKey: ['areas'],
    queryFn: ({ signal }) => areasOf(signal),
    meta: { silentError: true },
  });
  return (
    <Card data-testid="area-list-page">
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('area.note')}</Typography.Text>
        {!areas.data ? (
          <Loading query={areas} />
        ) : (
          <Table
            data-testid="area-table"
            rowKey="orgId"
            size="middle"
            pagination={false}
            scroll={{ x: 820 }}
            dataSource={areas.data.areas}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('area.empty')} /> }}
            columns={[
              {
                title: t('area.name'),
                dataIndex: 'name',
                width: 200,
                render: (name: string, a) => (
                  <Link to={`/data/qy?orgId=${a.orgId}`} data-testid="area-open">
                    {name}
                  </Link>
                ),
              },
              { title: t('area.schools'), dataIndex: 'schools', width: 90, align: 'right' },
              ...figures,
            ]}
          />
        )}
      </Flex>
    </Card>
  );
}

/** `/data/qy?orgId=`: one area's schools with the same counts; an area outside the scope is refused in words. */
export function AreaPage() {
  return (
    <Guard testId="area-page">
      <Area />
    </Guard>
  );
}

function Area() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const orgId = Number(params.get('orgId')) || undefined;
  const figures = useFigureColumns<AreaView['schools'][number]>();
  const area = useQuery({
    queryKey: ['areas', orgId],
    queryFn: ({ signal }) => areaOf(orgId ?? 0, signal),
    enabled: orgId !== undefined,
    meta: { silentError: true },
  });
  const back = <Link to="/data/qyList">{t('area.back')}</Link>;
  if (orgId === undefined)
    return (
      <Card data-testid="area-page" extra={back}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('area.noArea')} />
      </Card>
    );
  return (
    <Card data-testid="area-page" title={area.data?.name} extra={back}>
      {!area.data ? (
        <Loading query={area} />
      ) : (
        <Table
          data-testid="area-schools"
          rowKey="schoolId"
          size="middle"
          pagination={false}
          scroll={{ x: 720 }}
          dataSource={area.data.schools}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('area.schoolsEmpty')} /> }}
          columns={[{ title: t('area.school'), dataIndex: 'name', width: 200 }, ...figures]}
          summary={() => {
            const totals = area.data.totals;
            return (
              <Table.Summary.Row data-testid="area-totals">
                <Table.Summary.Cell index={0}>
                  <Typography.Text strong>{t('area.total')}</Typography.Text>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  {totals.students}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2} align="right">
                  {t('area.sheetsOf', { done: totals.done, assigned: totals.assigned })}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={3} align="right">
                  {totals.results}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={4} align="right">
                  {totals.warned}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={5} align="right">
                  {totals.openWarnings}
                </Table.Summary.Cell>
              </Table.Summary.Row>
            );
          }}
        />
      )}
    </Card>
  );
}
