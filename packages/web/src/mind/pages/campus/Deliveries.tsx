import { useQuery } from '@tanstack/react-query';
import { List, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../shared/lists/LoadFailed.tsx';
import { timeText } from '../archive/common.tsx';
import { alertDeliveries, type CampusDelivery, type PushedAlertKind } from './api.ts';
import './push-strings.ts';

const STATE_COLOR: Record<CampusDelivery['status'], string> = { sent: 'green', skipped: 'default', failed: 'red' };

/**
 * How the messages about one alert went: each person, channel and outcome, with why (decision
 * 0143); a behaviour alert's, or with `kind="emotion"` an emotion alert's (decision 0156).
 */
export function AlertDeliveries({ alertId, kind = 'security' }: { alertId: number; kind?: PushedAlertKind }) {
  const { t } = useTranslation();
  const list = useQuery({
    queryKey: ['campus', kind, alertId, 'deliveries'],
    queryFn: ({ signal }) => alertDeliveries(kind, alertId, signal),
    meta: { silentError: true },
  });
  return (
    <div data-testid="alert-deliveries">
      <Typography.Title level={5}>{t('campusPush.deliveries')}</Typography.Title>
      {list.isError && <LoadFailed error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />}
      {list.isPending && <Skeleton active paragraph={{ rows: 2 }} />}
      {list.data && (
        <List
          size="small"
          bordered
          dataSource={list.data}
          locale={{ emptyText: t('campusPush.deliveriesEmpty') }}
          renderItem={(d) => (
            <List.Item data-testid="alert-delivery">
              <div>
                <Typography.Text strong>{d.name}</Typography.Text>
                <Typography.Text> · {t(`campusPush.channelNames.${d.channel}`)} </Typography.Text>
                <Tag color={STATE_COLOR[d.status]}>{t(`campusPush.deliveryStates.${d.status}`)}</Tag>
                {d.reason && (
                  <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
                    {d.reason}
                  </Typography.Paragraph>
                )}
              </div>
              <Typography.Text type="secondary">{timeText(d.at)}</Typography.Text>
            </List.Item>
          )}
        />
      )}
    </div>
  );
}
