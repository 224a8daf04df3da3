import { PlusOutlined } from '@ant-design/icons';
import { WORK_ORDER_STATES, WORK_ORDER_TYPES } from '@meridian/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FilterForm, PagedTable, usePagedList } from '../../shared/lists/PagedList.tsx';
import { usePermissions } from '../../shared/permissions.ts';
import { accountEngineers, listWorkOrders, type WorkOrderFilters, type WorkOrderView } from './api.ts';
import { OrderDrawer } from './OrderDrawer.tsx';
import { OrderForm } from './OrderForm.tsx';
import { OverdueTag, StateTag, time } from './orderText.tsx';

const ORDERS = '/iot/workOrders';

/** Work orders: the list with its filters, creating one, and one order's detail (`?id=`) with its actions. */
export function WorkOrdersPage() {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [form] = Form.useForm<WorkOrderFilters>();
  const [adding, setAdding] = useState(false);
  const list = usePagedList<WorkOrderFilters, WorkOrderView>(['iot', 'workOrders', 'list'], listWorkOrders);
  const engineers = useQuery({
    queryKey: ['iot', 'workOrders', 'engineers'],
    queryFn: ({ signal }) => accountEngineers(signal),
  });
  const openId = Number(params.get('id')) || null;
  const show = (id: number | null) => setParams(id ? { id: String(id) } : {});

  return (
    <Card
      data-testid="work-orders-page"
      title={t('menu.maintenance.workOrders')}
      extra={
        can({ path: ORDERS, code: 'add' }) && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="work-order-add">
            {t('workOrders.add')}
          </Button>
        )
      }
    >
      <FilterForm<WorkOrderFilters>
        form={form}
        onSearch={(values) => {
          list.search(values);
          void queryClient.invalidateQueries({ queryKey: ['iot', 'workOrders', 'list'] });
        }}
        searchTestId="work-orders-search"
      >
        <Form.Item name="keyword">
          <Input allowClear placeholder={t('workOrders.keyword')} style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="state">
          <Select
            allowClear
            placeholder={t('workOrders.state')}
            style={{ width: 140 }}
            options={WORK_ORDER_STATES.map((s) => ({ value: s, label: t(`workOrders.states.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="type">
          <Select
            allowClear
            placeholder={t('workOrders.type')}
            style={{ width: 140 }}
            options={WORK_ORDER_TYPES.map((s) => ({ value: s, label: t(`workOrders.types.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="assigneeId">
          <Select
            allowClear
            placeholder={t('workOrders.assignee')}
            style={{ width: 160 }}
            options={(engineers.data ?? []).map((e) => ({ value: e.id, label: e.name }))}
          />
        </Form.Item>
      </FilterForm>
      <PagedTable<WorkOrderView>
        list={list}
        data-testid="work-orders-table"
        rowKey="id"
        locale={{ emptyText: t('workOrders.empty') }}
        columns={[
          {
            title: t('workOrders.number'),
            key: 'number',
            width: 120,
            render: (_v, row) => (
              <Button
                type="link"
                size="small"
                style={{ padding: 0 }}
                onClick={() => show(row.id)}
                data-testid={`work-order-open-${row.id}`}
              >
                {row.number}
              </Button>
            ),
          },
          {
            title: t('workOrders.type'),
            key: 'type',
            width: 90,
            render: (_v, row) => t(`workOrders.types.${row.type}`),
          },
          {
            title: t('workOrders.device'),
            key: 'device',
            render: (_v, row) => (
              <Flex vertical>
                <Typography.Text>{row.deviceName}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {row.sn}
                </Typography.Text>
              </Flex>
            ),
          },
          { title: t('workOrders.description'), dataIndex: 'description', key: 'description', ellipsis: true },
          {
            title: t('workOrders.priority'),
            key: 'priority',
            width: 80,
            render: (_v, row) => t(`workOrders.priorities.${row.priority}`),
          },
          {
            title: t('workOrders.state'),
            key: 'state',
            width: 170,
            render: (_v, row) => (
              <Flex gap={4} wrap>
                <StateTag state={row.state} testId={`work-order-state-${row.id}`} />
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
          { title: t('workOrders.createdAt'), key: 'createdAt', width: 170, render: (_v, row) => time(row.createdAt) },
        ]}
      />
      {adding && (
        <OrderForm
          onClose={() => setAdding(false)}
          onAdded={(order) => {
            setAdding(false);
            show(order.id);
          }}
        />
      )}
      {openId && <OrderDrawer id={openId} onClose={() => show(null)} />}
    </Card>
  );
}
