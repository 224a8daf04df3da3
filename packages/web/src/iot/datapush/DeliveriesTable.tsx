import { Empty, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { PagedTable, usePagedList } from '../../shared/lists/PagedList.tsx';
import { type DataPushDeliveryView, listDeliveries } from './api.ts';

const stateColor = { queued: 'processing', sent: 'success', failed: 'error' } as const;

/** A target's last deliveries: what was sent, how many tries, the receiver's answer or the error. */
export function DeliveriesTable({ targetId }: { targetId: number }) {
  const { t } = useTranslation();
  // Refreshed so that a retry's outcome shows without reloading.
  const list = usePagedList<object, DataPushDeliveryView>(
    ['iot', 'data-push', 'deliveries', targetId],
    (query, signal) => listDeliveries(targetId, query, signal),
    { size: 10, refetchInterval: 5000 },
  );
  return (
    <PagedTable<DataPushDeliveryView>
      list={list}
      live
      data-testid="datapush-deliveries"
      size="small"
      rowKey="id"
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Empty description={t('dataPush.deliveries.empty')} /> }}
      columns={[
        {
          title: t('dataPush.deliveries.createdAt'),
          dataIndex: 'createdAt',
          render: (at: number) => dayjs(at).format('YYYY-MM-DD HH:mm:ss'),
        },
        {
          title: t('dataPush.deliveries.state'),
          dataIndex: 'state',
          render: (state: DataPushDeliveryView['state']) => (
            <Tag color={stateColor[state]} data-testid={`datapush-delivery-${state}`}>
              {t(`dataPush.deliveries.states.${state}`)}
            </Tag>
          ),
        },
        {
          title: t('dataPush.deliveries.content'),
          key: 'content',
          render: (_v, d) =>
            d.kind === 'alarm'
              ? t('dataPush.deliveries.alarm')
              : t('dataPush.deliveries.counts', { devices: d.devices, values: d.values }),
        },
        { title: t('dataPush.deliveries.attempts'), dataIndex: 'attempts' },
        {
          title: t('dataPush.deliveries.answer'),
          key: 'answer',
          render: (_v, d) =>
            d.error ? <Typography.Text type="danger">{d.error}</Typography.Text> : d.status ? `HTTP ${d.status}` : '—',
        },
      ]}
    />
  );
}
