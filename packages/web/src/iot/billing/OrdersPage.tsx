import { ORDER_STATUSES } from '@meridian/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterForm, PagedTable, usePagedList } from '../../shared/lists/PagedList.tsx';
import { usePermissions } from '../../shared/permissions.ts';
import { useConfirm } from '../../shared/useConfirm.ts';
import { time } from '../workorders/orderText.tsx';
import { cancelOrder, listOrders, type OrderFilters, type OrderView, yuan } from './api.ts';
import { OrderStatusTag, useProductName } from './billingText.tsx';
import { PayModal } from './PayModal.tsx';

const ORDERS = '/iot/orders';

/** Orders: number, items, amount and state; pay an unpaid one, or cancel it for good. */
export function OrdersPage() {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const confirm = useConfirm();
  const productName = useProductName();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<OrderFilters>();
  const [paying, setPaying] = useState<OrderView | null>(null);
  const list = usePagedList<OrderFilters, OrderView>(['iot', 'billing', 'orders'], listOrders);
  const mayPay = can({ path: ORDERS, code: 'add' });
  const cancel = (row: OrderView) =>
    confirm(
      {
        title: row.number,
        content: t('billing.orders.cancelConfirm'),
        okText: t('billing.orders.cancel'),
        danger: true,
      },
      async () => {
        await cancelOrder(row.id);
        await queryClient.invalidateQueries({ queryKey: ['iot', 'billing'] });
      },
    );

  return (
    <Card title={t('menu.billing.orders')} data-testid="orders-page">
      <FilterForm<OrderFilters> form={form} onSearch={(values) => list.search(values)} searchTestId="orders-search">
        <Form.Item name="status">
          <Select
            allowClear
            placeholder={t('billing.orders.status')}
            style={{ width: 160 }}
            options={ORDER_STATUSES.map((s) => ({ value: s, label: t(`billing.statuses.${s}`) }))}
          />
        </Form.Item>
      </FilterForm>
      <PagedTable<OrderView>
        list={list}
        rowKey="id"
        data-testid="orders-table"
        scroll={{ x: 1200 }}
        locale={{ emptyText: t('billing.orders.empty') }}
        columns={[
          { title: t('billing.orders.number'), dataIndex: 'number', key: 'number', width: 200 },
          {
            title: t('billing.orders.items'),
            key: 'items',
            width: 160,
            render: (_v, row) => `${productName(row.product)} × ${row.quantity}`,
          },
          { title: t('billing.orders.amount'), key: 'amount', width: 120, render: (_v, row) => yuan(row.amount) },
          {
            title: t('billing.orders.status'),
            key: 'status',
            width: 180,
            render: (_v, row) => (
              <>
                <OrderStatusTag status={row.status} testId={`order-status-${row.id}`} />
                {row.cancelReason && (
                  <Typography.Paragraph
                    type="secondary"
                    style={{ margin: '4px 0 0' }}
                    data-testid={`order-reason-${row.id}`}
                  >
                    {t('billing.orders.cancelReason', { reason: row.cancelReason })}
                  </Typography.Paragraph>
                )}
              </>
            ),
          },
          {
            title: t('billing.orders.method'),
            key: 'method',
            width: 110,
            render: (_v, row) => (row.payMethod ? t(`billing.methods.${row.payMethod}`) : '-'),
          },
          {
            title: t('billing.orders.createdAt'),
            key: 'createdAt',
            width: 170,
            render: (_v, row) => time(row.createdAt),
          },
          { title: t('billing.orders.paidAt'), key: 'paidAt', width: 170, render: (_v, row) => time(row.paidAt) },
          {
            title: t('ui.actions'),
            key: 'actions',
            width: 140,
            render: (_v, row) =>
              mayPay &&
              row.status === 'unpaid' && (
                <Flex gap={4}>
                  <Button type="link" size="small" onClick={() => setPaying(row)} data-testid={`order-pay-${row.id}`}>
                    {t('billing.orders.pay')}
                  </Button>
                  <Button
                    type="link"
                    size="small"
                    danger
                    onClick={() => cancel(row)}
                    data-testid={`order-cancel-${row.id}`}
                  >
                    {t('billing.orders.cancel')}
                  </Button>
                </Flex>
              ),
          },
        ]}
      />
      {paying && <PayModal order={paying} onClose={() => setPaying(null)} />}
    </Card>
  );
}
