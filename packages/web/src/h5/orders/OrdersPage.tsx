import { RightOutlined } from '@ant-design/icons';
import type { WorkOrderView } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Flex, Segmented, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUserInfo } from '../../shared/auth.ts';
import { storedUser } from '../../shared/session.ts';
import { useSessionCheck } from '../login/useSessionCheck.ts';
import { H5ListState } from '../shell/ListState.tsx';
import { myOrders } from './api.ts';
import { OrderTags, when } from './orderText.tsx';

const OPEN = new Set(['sent', 'accepted']);

function OrderCard({ order }: { order: WorkOrderView }) {
  return (
    <Link to={`/orders/${order.id}`} data-testid="h5-order" style={{ display: 'block', marginBottom: 12 }}>
      <Card size="small" hoverable>
        <Flex justify="space-between" align="center" gap={8}>
          <Flex vertical gap={4} style={{ minWidth: 0 }}>
            <Typography.Text strong style={{ fontSize: 16 }}>
              {order.deviceName}
            </Typography.Text>
            <Typography.Text type="secondary" ellipsis>
              {order.number} · {order.description}
            </Typography.Text>
            <Flex wrap gap={4} align="center">
              <OrderTags order={order} />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {when(order.createdAt)}
              </Typography.Text>
            </Flex>
          </Flex>
          <RightOutlined aria-hidden />
        </Flex>
      </Card>
    </Link>
  );
}

/** `/h5/orders`: the work orders sent to the signed-in engineer, to do first, done after. */
export function OrdersPage() {
  const { t } = useTranslation();
  // Who is signed in: stored at sign-in, asked of the server when the session came another way.
  const stored = storedUser()?.id;
  const info = useUserInfo({ enabled: stored === undefined });
  const me = stored ?? info.data?.id;
  const [tab, setTab] = useState<'todo' | 'done'>('todo');
  const orders = useQuery({
    queryKey: ['h5', 'orders', me],
    queryFn: ({ signal }) => myOrders(me ?? 0, signal),
    enabled: me !== undefined,
    meta: { silentError: true },
  });
  useSessionCheck(orders.error);
  const list = (orders.data?.list ?? []).filter((o) => OPEN.has(o.state) === (tab === 'todo'));
  return (
    <div data-testid="h5-orders">
      <Typography.Title level={3} style={{ marginTop: 0, marginBottom: 4 }}>
        {t('orders.heading')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('orders.intro')}</Typography.Paragraph>
      <Segmented
        block
        value={tab}
        onChange={(value) => setTab(value === 'done' ? 'done' : 'todo')}
        options={[
          { value: 'todo', label: t('orders.todo') },
          { value: 'done', label: t('orders.done') },
        ]}
        style={{ marginBottom: 12 }}
      />
      <H5ListState
        query={orders}
        list={list}
        words={{
          loading: t('orders.loading'),
          loadFailed: t('orders.loadFailed'),
          retry: t('orders.retry'),
          label: t('orders.heading'),
        }}
        empty={t(tab === 'todo' ? 'orders.emptyTodo' : 'orders.emptyDone')}
      >
        {(items) => items.map((o) => <OrderCard key={o.id} order={o} />)}
      </H5ListState>
    </div>
  );
}
