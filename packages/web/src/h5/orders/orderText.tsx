import type { WorkOrderView } from '@meridian/contracts';
import { Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

export const when = (ms: number) => dayjs(ms).format('MM-DD HH:mm');

const PRIORITY_COLOURS = { urgent: 'red', high: 'orange', normal: 'blue', low: 'default' } as const;

/** The order's state, priority and lateness as tags. */
export function OrderTags({ order }: { order: WorkOrderView }) {
  const { t } = useTranslation();
  return (
    <>
      <Tag color={order.state === 'sent' ? 'gold' : order.state === 'accepted' ? 'processing' : 'success'}>
        {t(`orders.states.${order.state}`)}
      </Tag>
      <Tag color={PRIORITY_COLOURS[order.priority]}>{t(`orders.priorities.${order.priority}`)}</Tag>
      {order.overdue && <Tag color="red">{t(`orders.overdue.${order.overdue}`)}</Tag>}
    </>
  );
}
