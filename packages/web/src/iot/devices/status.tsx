import { Badge, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeviceStatus } from './api.ts';

// Apart from fields.tsx: the home page shows these colours, and the form rules' schemas stay with the forms.

const statusColour: Record<DeviceStatus, 'success' | 'default' | 'warning' | 'error'> = {
  online: 'success',
  offline: 'default',
  alarm: 'warning',
  fault: 'error',
};
/** Marker colours of the map, the same meaning as the status badges. */
export const STATUS_COLOURS: Record<DeviceStatus, string> = {
  online: '#52c41a',
  offline: '#8c8c8c',
  alarm: '#faad14',
  fault: '#ff4d4f',
};

export function StatusBadge({ status, enabled = true }: { status: DeviceStatus; enabled?: boolean }) {
  const { t } = useTranslation();
  if (!enabled) return <Tag>{t('devices.disabled')}</Tag>;
  return <Badge status={statusColour[status]} text={t(`devices.status.${status}`)} />;
}
