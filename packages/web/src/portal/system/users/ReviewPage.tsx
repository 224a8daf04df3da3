import type { RegisterApp } from '@meridian/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Input, Segmented, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { PagedTable, usePagedList } from '../../../shared/lists/PagedList.tsx';
import { useConfirm } from '../../../shared/useConfirm.ts';
import { type PendingAccount, pendingAccounts, reviewAccount } from './api.ts';
import { ReviewSetting } from './ReviewSetting.tsx';

type AppFilter = RegisterApp | 'all';

/** Registrations awaiting review, oldest first: approve to let the person sign in, reject to keep them out. */
export function ReviewPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const pending = usePagedList<{ app?: RegisterApp }, PendingAccount>(['system', 'users', 'pending'], pendingAccounts);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['system', 'users'] });
  const name = (user: PendingAccount) => `${user.nickname} (${user.account})`;

  const approve = (user: PendingAccount) =>
    confirm(
      {
        title: t('system.review.approveTitle', { name: name(user) }),
        content: t('system.review.approveText'),
        okText: t('system.review.approve'),
      },
      async () => {
        await reviewAccount({ userId: user.id, approve: true });
        message.success(t('system.review.approved', { name: name(user) }));
        await refresh();
      },
    );

  const reject = (user: PendingAccount) => {
    let reason = '';
    confirm(
      {
        title: t('system.review.rejectTitle', { name: name(user) }),
        content: (
          <Flex vertical gap={8}>
            <span>{t('system.review.rejectText')}</span>
            <Input.TextArea
              data-testid="reject-reason"
              maxLength={200}
              showCount
              rows={3}
              placeholder={t('system.review.reason')}
              onChange={(event) => {
                reason = event.target.value;
              }}
            />
          </Flex>
        ),
        okText: t('system.review.reject'),
        danger: true,
      },
      async () => {
        await reviewAccount({ userId: user.id, approve: false, reason: reason.trim() || undefined });
        message.success(t('system.review.rejected', { name: name(user) }));
        await refresh();
      },
    );
  };

  return (
    <Flex vertical gap={16}>
      <ReviewSetting />
      <Card
        data-testid="review-page"
        title={t('system.route.review')}
        extra={
          <Segmented<AppFilter>
            value={pending.filters.app ?? 'all'}
            onChange={(next) => pending.search({ app: next === 'all' ? undefined : next })}
            options={[
              { value: 'all', label: t('system.all') },
              { value: 'iot', label: t('system.apps.iot') },
              { value: 'mind', label: t('system.apps.mind') },
            ]}
          />
        }
      >
        <PagedTable<PendingAccount>
          list={pending}
          data-testid="review-table"
          rowKey="id"
          locale={{ emptyText: t('system.review.empty') }}
          scroll={{ x: 760 }}
          columns={[
            {
              title: t('system.users.col.account'),
              key: 'account',
              render: (_value, user) => (
                <Flex vertical>
                  <Typography.Text strong>{user.nickname}</Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {user.account}
                  </Typography.Text>
                </Flex>
              ),
            },
            {
              title: t('system.users.col.phone'),
              dataIndex: 'phone',
              width: 130,
              render: (v: string | null) => v ?? '-',
            },
            {
              title: t('system.users.email'),
              dataIndex: 'email',
              ellipsis: true,
              render: (v: string | null) => v ?? '-',
            },
            {
              title: t('system.review.app'),
              dataIndex: 'app',
              width: 110,
              render: (v: string | null) =>
                v ? (
                  <Tag color={v === 'iot' ? 'geekblue' : 'cyan'}>{t(`system.apps.${v}`, { defaultValue: v })}</Tag>
                ) : (
                  '-'
                ),
            },
            {
              title: t('system.review.registeredAt'),
              dataIndex: 'createdAt',
              width: 150,
              render: (at: number) => dayjs(at).format('YYYY-MM-DD HH:mm'),
            },
            {
              title: t('system.actions'),
              key: 'actions',
              width: 150,
              fixed: 'right',
              render: (_value, user) => (
                <Flex gap={4}>
                  <Button type="link" size="small" onClick={() => approve(user)}>
                    {t('system.review.approve')}
                  </Button>
                  <Button type="link" size="small" danger onClick={() => reject(user)}>
                    {t('system.review.reject')}
                  </Button>
                </Flex>
              ),
            },
          ]}
        />
      </Card>
    </Flex>
  );
}
