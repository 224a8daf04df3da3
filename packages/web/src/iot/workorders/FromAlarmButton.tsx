import { ToolOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notifyError } from '../../shared/feedback.tsx';
import { usePermissions } from '../../shared/permissions.ts';
import { addWorkOrder } from './api.ts';

/** One click from an alarm to a repair order on its device, described by the alarm's content; then the order. */
export function FromAlarmButton({ alarm }: { alarm: { id: number; deviceId: number; content: string } }) {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const navigate = useNavigate();
  const add = useMutation({
    mutationFn: () =>
      addWorkOrder({
        type: 'repair',
        priority: 'normal',
        deviceId: alarm.deviceId,
        alarmId: alarm.id,
        description: alarm.content.slice(0, 255),
        pictures: [],
      }),
    meta: { silentError: true },
    onSuccess: (order) => navigate(`/maintenance/work-orders?id=${order.id}`),
    onError: notifyError,
  });
  if (!can({ path: '/iot/workOrders', code: 'add' })) return null;
  return (
    <Button
      type="link"
      size="small"
      style={{ padding: 0 }}
      icon={<ToolOutlined />}
      loading={add.isPending}
      onClick={() => add.mutate()}
      data-testid={`alarm-work-order-${alarm.id}`}
    >
      {t('workOrders.fromAlarm')}
    </Button>
  );
}
