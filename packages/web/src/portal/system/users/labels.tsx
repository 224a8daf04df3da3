import { VIP_LEVELS } from '@meridian/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

export const STATUSES = ['enabled', 'disabled', 'pending'] as const;
export const USER_TYPES = ['staff', 'main', 'sub'] as const;
export { VIP_LEVELS };

const statusColors: Record<string, string> = { enabled: 'success', disabled: 'default', pending: 'warning' };

/** An account's status as a coloured tag. */
export function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={statusColors[status] ?? 'default'}>{t(`system.users.status.${status}`, { defaultValue: status })}</Tag>
  );
}

/** A membership above none, as a tag; nothing for a non-member. */
export function VipTag({ level }: { level: number }) {
  const { t } = useTranslation();
  if (level === 0) return null;
  return (
    <Tag color={level === 1 ? 'gold' : 'purple'}>{t(`system.users.vip.${level}`, { defaultValue: String(level) })}</Tag>
  );
}
