import { NotificationOutlined, PushpinFilled } from '@ant-design/icons';
import type { HomeAnnouncement } from '@meridian/contracts';
import { Alert, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Text } from '../../shared/typography.tsx';
import { time } from '../workorders/orderText.tsx';

/** The announcements running now, at the top of every user's home page (decision 0094). */
export function Announcements({ items }: { items: HomeAnnouncement[] }) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <Flex vertical gap={8} style={{ marginBottom: 16 }} data-testid="home-announcements">
      {items.map((a) => (
        <Alert
          key={a.id}
          type="info"
          showIcon
          icon={a.pinned ? <PushpinFilled /> : <NotificationOutlined />}
          title={
            <Flex justify="space-between" gap={12} wrap>
              <Text strong>{a.title}</Text>
              <Text type="secondary">{time(a.publishedAt).slice(0, 10)}</Text>
            </Flex>
          }
          description={
            <span>
              {a.summary}{' '}
              <Link to={`/articles/view/${a.id}`} data-testid={`announcement-${a.id}`}>
                {t('announcements.more')}
              </Link>
            </span>
          }
        />
      ))}
    </Flex>
  );
}
