import { ToolOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, InputNumber, Select, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FilterForm, PagedTable, usePagedList } from '../../shared/lists/PagedList.tsx';
import { usePermissions } from '../../shared/permissions.ts';
import { OrderForm } from '../workorders/OrderForm.tsx';
import { type WarrantyRow, type WarrantyState, warrantyList } from './api.ts';

interface Filters {
  keyword?: string;
  state?: WarrantyState;
  days?: number;
}

const stateColour: Record<WarrantyState, string> = { expired: 'red', expiring: 'orange', active: 'green' };

/**
 * Warranty period management: which devices are out of warranty, about to be, or covered; a device
 * whose warranty ends gets a maintenance work order from its row (issue 27).
 */
export function WarrantyPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Filters>();
  const list = usePagedList<Filters, WarrantyRow>(['iot', 'devices', 'warranty'], warrantyList, {
    filters: { days: 30 },
  });
  const search = (values: Filters) => list.search({ ...values, days: values.days ?? 30 });
  const { can } = usePermissions();
  const navigate = useNavigate();
  const [ordering, setOrdering] = useState<WarrantyRow | null>(null);
  const mayOrder = can({ path: '/iot/workOrders', code: 'add' });
  return (
    <Card data-testid="warranty-page" title={t('menu.devices.warranty')}>
      <FilterForm<Filters> form={form} initialValues={{ days: 30 }} onSearch={search} searchTestId="warranty-search">
        <Form.Item name="keyword">
          <Input allowClear placeholder={t('devices.list.keyword')} style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="state" label={t('warranty.state')}>
          <Select
            allowClear
            placeholder={t('ui.all')}
            style={{ width: 140 }}
            options={(['expired', 'expiring', 'active'] as const).map((s) => ({
              value: s,
              label: t(`warranty.states.${s}`),
            }))}
          />
        </Form.Item>
        <Form.Item name="days" label={t('warranty.days')}>
          <InputNumber min={1} max={3650} precision={0} style={{ width: 100 }} />
        </Form.Item>
      </FilterForm>
      <PagedTable<WarrantyRow>
        list={list}
        data-testid="warranty-table"
        rowKey="id"
        locale={{ emptyText: t('warranty.empty') }}
        columns={[
          {
            title: t('devices.field.name'),
            key: 'name',
            render: (_v, row) => <Link to={`/devices/${row.id}`}>{row.name}</Link>,
          },
          {
            title: t('devices.field.sn'),
            key: 'sn',
            render: (_v, row) => row.sn ?? (row.deviceNo !== null ? `ID ${row.deviceNo}` : '-'),
          },
          { title: t('devices.field.owner'), dataIndex: 'ownerAccount' },
          {
            title: t('warranty.start'),
            dataIndex: 'warrantyStart',
            render: (v: number | null) => (v ? dayjs(v).format('YYYY-MM-DD') : '-'),
          },
          {
            title: t('warranty.end'),
            dataIndex: 'warrantyEnd',
            render: (v: number) => dayjs(v).format('YYYY-MM-DD'),
          },
          {
            title: t('warranty.state'),
            key: 'state',
            render: (_v, row) => (
              <Tag color={stateColour[row.state]}>
                {row.state === 'expired'
                  ? t('warranty.expiredAgo', { days: Math.abs(row.daysLeft) })
                  : t('warranty.daysLeft', { days: row.daysLeft })}
              </Tag>
            ),
          },
          ...(mayOrder
            ? [
                {
                  title: t('ui.actions'),
                  key: 'actions',
                  width: 130,
                  render: (_v: unknown, row: WarrantyRow) => (
                    <Button
                      type="link"
                      size="small"
                      icon={<ToolOutlined />}
                      onClick={() => setOrdering(row)}
                      data-testid={`warranty-order-${row.id}`}
                    >
                      {t('warranty.order')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      {ordering && (
        <OrderForm
          preset={{
            device: { id: ordering.id, label: ordering.sn ? `${ordering.name} (${ordering.sn})` : ordering.name },
            type: 'maintenance',
            description: t('warranty.orderText', { date: dayjs(ordering.warrantyEnd).format('YYYY-MM-DD') }),
          }}
          onClose={() => setOrdering(null)}
          onAdded={(order) => navigate(`/maintenance/work-orders?id=${order.id}`)}
        />
      )}
    </Card>
  );
}
