import { Badge, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeviceStatus } from './api.ts';

// Apart from fields.tsx: the form rules' schemas stay with the forms. The colours are in statusColours.ts.

const statusColour: Record<DeviceStatus, 'success' | 'default' | 'warning' | 'error'> = {
  online: 'success',
  offline: 'default',
  alarm: 'warning',
  fault: 'error',
};

export function StatusBadge({ status, enabled = true }: { status: DeviceStatus; enabled?: boolean }) {
  const { t } = useTranslation();
  if (!enabled) return <Tag>{t('devices.disabled')}</Tag>;
  return <Badge status={statusColour[status]} text={t(`devices.status.${status}`)} />;
}
