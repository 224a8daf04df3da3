import type { WorkOrderNoticeView } from '@meridian/contracts';
import { List, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { time } from './orderText.tsx';

const STATE_COLOURS = { queued: 'processing', sent: 'success', failed: 'error' } as const;

/** Who was told about the order, how, and whether it went (decision 0071). */
export function Notices({ notices }: { notices: WorkOrderNoticeView[] }) {
  const { t } = useTranslation();
  if (notices.length === 0) return null;
  return (
    <>
      <Typography.Title level={5}>{t('workOrders.notices.title')}</Typography.Title>
      <List
        size="small"
        data-testid="work-order-notices"
        dataSource={notices}
        renderItem={(n, i) => (
          <List.Item key={i} extra={<Typography.Text type="secondary">{time(n.at)}</Typography.Text>}>
            <Typography.Text>
              {t(`workOrders.notices.events.${n.event}`)} · {n.userName} ·{' '}
              {t(`workOrders.notices.channels.${n.channel}`)} {n.target}{' '}
            </Typography.Text>
            <Tooltip title={n.lastError}>
              <Tag color={STATE_COLOURS[n.state]}>{t(`workOrders.notices.states.${n.state}`)}</Tag>
            </Tooltip>
          </List.Item>
        )}
      />
    </>
  );
}
