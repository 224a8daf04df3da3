import { useQuery } from '@tanstack/react-query';
import { Flex, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailed } from '../../shared/lists/LoadFailed.tsx';
import { usePermissions } from '../../shared/permissions.ts';
import { listPlans, type MaintenancePlanView } from '../maintenance/api.ts';
import { PlanStateTag, useCycleText } from '../maintenance/planText.tsx';
import { listWorkOrders, type WorkOrderView } from './api.ts';
import { OverdueTag, StateTag, time } from './orderText.tsx';

const RECENT = 50;

/** A device's service record: its work orders, repairs and maintenance alike, and the plans that cover it. */
export function ServiceRecord({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const cycleText = useCycleText();
  const seesOrders = can({ path: '/iot/workOrders', code: 'view' });
  const seesPlans = can({ path: '/iot/maintenance', code: 'view' });
  const orders = useQuery({
    queryKey: ['iot', 'workOrders', 'device', deviceId],
    queryFn: ({ signal }) => listWorkOrders({ deviceId, page: 1, size: RECENT }, signal),
    enabled: seesOrders,
  });
  const plans = useQuery({
    queryKey: ['iot', 'plans', 'device', deviceId],
    queryFn: ({ signal }) => listPlans({ deviceId, page: 1, size: RECENT }, signal),
    enabled: seesPlans,
  });
  return (
    <Flex vertical gap={24} data-testid="service-record">
      {seesOrders && (
        <Flex vertical gap={8}>
          <Typography.Title level={5}>{t('serviceRecord.orders')}</Typography.Title>
          {orders.isError ? (
            <LoadFailed error={orders.error} onRetry={() => void orders.refetch()} retrying={orders.isFetching} />
          ) : (
            <Table<WorkOrderView>
              size="small"
              rowKey="id"
              loading={orders.isFetching}
              dataSource={orders.data?.list ?? []}
              pagination={false}
              data-testid="service-record-orders"
              locale={{ emptyText: t('devices.detail.empty.service') }}
              columns={[
                {
                  title: t('workOrders.number'),
                  key: 'number',
                  width: 110,
                  render: (_v, row) => <Link to={`/maintenance/work-orders?id=${row.id}`}>{row.number}</Link>,
                },
                {
                  title: t('workOrders.type'),
                  key: 'type',
                  width: 80,
                  render: (_v, row) => t(`workOrders.types.${row.type}`),
                },
                { title: t('workOrders.description'), dataIndex: 'description', key: 'description', ellipsis: true },
                {
                  title: t('workOrders.state'),
                  key: 'state',
                  width: 170,
                  render: (_v, row) => (
                    <Flex gap={4} wrap>
                      <StateTag state={row.state} />
                      <OverdueTag overdue={row.overdue} />
                    </Flex>
                  ),
                },
                {
                  title: t('workOrders.assignee'),
                  key: 'assignee',
                  width: 110,
                  render: (_v, row) => row.assigneeName ?? '-',
                },
                {
                  title: t('workOrders.result'),
                  key: 'result',
                  ellipsis: true,
                  render: (_v, row) => row.result ?? '-',
                },
                {
                  title: t('workOrders.createdAt'),
                  key: 'createdAt',
                  width: 170,
                  render: (_v, row) => time(row.createdAt),
                },
                {
                  title: t('serviceRecord.completedAt'),
                  key: 'completedAt',
                  width: 170,
                  render: (_v, row) => time(row.completedAt),
                },
              ]}
            />
          )}
        </Flex>
      )}
      {seesPlans && (
        <Flex vertical gap={8}>
          <Typography.Title level={5}>{t('serviceRecord.plans')}</Typography.Title>
          {plans.isError ? (
            <LoadFailed error={plans.error} onRetry={() => void plans.refetch()} retrying={plans.isFetching} />
          ) : (
            <Table<MaintenancePlanView>
              size="small"
              rowKey="id"
              loading={plans.isFetching}
              dataSource={plans.data?.list ?? []}
              pagination={false}
              data-testid="service-record-plans"
              locale={{ emptyText: t('serviceRecord.noPlans') }}
              columns={[
                { title: t('plans.name'), dataIndex: 'name', key: 'name' },
                { title: t('plans.cycle'), key: 'cycle', width: 130, render: (_v, row) => cycleText(row) },
                { title: t('plans.engineer'), dataIndex: 'engineerName', key: 'engineer', width: 120 },
                {
                  title: t('plans.nextDue'),
                  key: 'next',
                  width: 120,
                  render: (_v, row) => (row.nextDueAt === null ? '-' : time(row.nextDueAt).slice(0, 10)),
                },
                {
                  title: t('plans.state'),
                  key: 'state',
                  width: 140,
                  render: (_v, row) => <PlanStateTag state={row.state} />,
                },
                { title: t('plans.orders'), dataIndex: 'orders', key: 'orders', width: 100 },
              ]}
            />
          )}
        </Flex>
      )}
    </Flex>
  );
}
