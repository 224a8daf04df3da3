import type { WorkOrderState, WorkOrderView } from '@meridian/contracts';
import { Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

const STATE_COLOR: Record<WorkOrderState, string> = {
  pending: 'default',
  sent: 'blue',
  accepted: 'processing',
  ended: 'green',
  closed: 'success',
};

export const time = (at: number | null) => (at === null ? '-' : dayjs(at).format('YYYY-MM-DD HH:mm:ss'));

/** The state as users read it (decision 0071). */
export function StateTag({ state, testId }: { state: WorkOrderState; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATE_COLOR[state]} data-testid={testId}>
      {t(`workOrders.states.${state}`)}
    </Tag>
  );
}

export function OverdueTag({ overdue }: Pick<WorkOrderView, 'overdue'>) {
  const { t } = useTranslation();
  return overdue ? <Tag color="red">{t(`workOrders.overdue.${overdue}`)}</Tag> : null;
}
