import type { Health } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { Badge, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/errors.ts';
import { get } from '../../shared/request.ts';
import { Text } from '../../shared/typography.tsx';

const engineNames: Record<Health['engine'], string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

/** One line on the launcher saying whether the service answers, and which build and database run it. */
export function SystemStatus() {
  const { t } = useTranslation();
  const health = useQuery({
    queryKey: ['health'],
    queryFn: ({ signal }) => get<Health>('health', { signal }),
    // The line itself shows the failure; a toast on the launcher would only repeat it.
    meta: { silentError: true },
  });

  let state: { badge: 'processing' | 'success' | 'warning' | 'error'; text: string };
  if (health.isPending) state = { badge: 'processing', text: t('status.checking') };
  else if (health.isSuccess) state = { badge: 'success', text: t('status.up') };
  // The service answered but is not well (its database is down, it is stopping): say what it said.
  else if (health.error instanceof ApiError && health.error.failure === 'response' && health.error.message)
    state = { badge: 'warning', text: health.error.message };
  else state = { badge: 'error', text: t('status.unreachable') };

  return (
    <Space data-testid="system-status" separator={<span style={{ color: '#c5ccd8' }}>·</span>} wrap>
      <Text type="secondary">{t('status.label')}</Text>
      <Badge status={state.badge} text={state.text} />
      {health.data && (
        <>
          <Text type="secondary">{t('status.version', { version: health.data.version })}</Text>
          <Text type="secondary">{t('status.engine', { engine: engineNames[health.data.engine] })}</Text>
        </>
      )}
    </Space>
  );
}
