import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Card, Flex, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../shared/feedback.tsx';
import { timeText } from '../archive/common.tsx';
import { type CampusNotice, myNotices, readNotice } from './api.ts';
import './push-strings.ts';

/**
 * The site messages the push rules sent the caller (decision 0097), above the alert list: each
 * names the alert's type, place and school, opens it, and is marked read. Nothing is shown to
 * someone who never received one.
 */
export function MyMessages({ onOpen }: { onOpen(alertId: number): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const notices = useQuery({
    queryKey: ['campus', 'notices'],
    queryFn: ({ signal }) => myNotices(signal),
    refetchInterval: 30_000,
  });
  const read = useMutation({
    mutationFn: readNotice,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['campus', 'notices'] }),
    onError: notifyError,
    meta: { silentError: true },
  });
  const data = notices.data;
  if (!data || data.list.length === 0) return null;
  const text = (n: CampusNotice) =>
    t('campusPush.messageText', { type: t(`campus.types.${n.type}`), location: n.location, school: n.schoolName });
  return (
    <Card
      size="small"
      data-testid="campus-messages"
      title={
        <Flex gap={8} align="center">
          {t('campusPush.messages')}
          {data.unread > 0 && <Badge count={t('campusPush.unread', { count: data.unread })} />}
        </Flex>
      }
    >
      <List<CampusNotice>
        size="small"
        dataSource={data.list.slice(0, 5)}
        renderItem={(n) => (
          <List.Item
            data-testid="campus-message"
            actions={[
              <Typography.Link
                key="open"
                onClick={() => {
                  if (n.readAt === null) read.mutate(n.id);
                  onOpen(n.alertId);
                }}
              >
                {t('campusPush.openAlert')}
              </Typography.Link>,
              n.readAt === null ? (
                <Typography.Link key="read" onClick={() => read.mutate(n.id)}>
                  {t('campusPush.markRead')}
                </Typography.Link>
              ) : (
                <Typography.Text key="read" type="secondary">
                  {t('campusPush.read')}
                </Typography.Text>
              ),
            ]}
          >
            <Flex gap={12} wrap>
              <Typography.Text strong={n.readAt === null}>{text(n)}</Typography.Text>
              <Typography.Text type="secondary">{timeText(n.occurredAt)}</Typography.Text>
            </Flex>
          </List.Item>
        )}
      />
    </Card>
  );
}
