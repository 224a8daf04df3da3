import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Empty, Flex, Skeleton, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../shared/account/UserAvatar.tsx';
import { LoadFailed } from '../../../shared/lists/LoadFailed.tsx';
import { queryAccountInfo } from './api.ts';
import { StatusTag, VipTag } from './labels.tsx';

const when = (at: number | null) => (at ? dayjs(at).format('YYYY-MM-DD HH:mm') : '-');

/** One account in full (`queryAccountInfo`): profile, status, membership, identities and roles. */
export function AccountDrawer({ userId, onClose }: { userId: number | null; onClose(): void }) {
  const { t } = useTranslation();
  const info = useQuery({
    queryKey: ['system', 'users', 'info', userId],
    queryFn: ({ signal }) => queryAccountInfo(userId ?? 0, signal),
    enabled: userId !== null,
    meta: { silentError: true },
  });
  const user = info.data;
  return (
    <Drawer open={userId !== null} onClose={onClose} size={520} title={t('system.users.detailTitle')} destroyOnHidden>
      {info.isPending ? (
        <Skeleton active avatar paragraph={{ rows: 8 }} />
      ) : info.isError ? (
        <LoadFailed error={info.error} onRetry={() => info.refetch()} retrying={info.isFetching} />
      ) : user ? (
        <Flex vertical gap={20} data-testid="account-detail">
          <Flex align="center" gap={14}>
            <UserAvatar name={user.nickname} avatar={user.avatar} size={52} />
            <div>
              <Typography.Title level={4} style={{ margin: 0 }}>
                {user.nickname}
              </Typography.Title>
              <Typography.Text type="secondary">{user.account}</Typography.Text>
            </div>
          </Flex>
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              { key: 'status', label: t('system.users.col.status'), children: <StatusTag status={user.status} /> },
              {
                key: 'type',
                label: t('system.users.col.type'),
                children: t(`system.users.type.${user.userType}`, { defaultValue: user.userType }),
              },
              { key: 'phone', label: t('system.users.col.phone'), children: user.phone ?? '-' },
              { key: 'email', label: t('system.users.email'), children: user.email ?? '-' },
              { key: 'org', label: t('system.users.col.org'), children: user.deptName ?? '-' },
              {
                key: 'vip',
                label: t('system.users.col.vip'),
                children: user.vipLevel > 0 ? <VipTag level={user.vipLevel} /> : t('system.users.vip.0'),
              },
              ...(user.deviceLevel !== null
                ? [
                    {
                      key: 'device',
                      label: t('system.users.deviceLevel'),
                      children: t('system.users.deviceLevelValue', {
                        level: user.deviceLevel,
                        slaves: user.slaveQuota ?? '-',
                      }),
                    },
                  ]
                : []),
              {
                key: 'super',
                label: t('system.users.superAdmin'),
                children: user.superAdmin ? <Tag color="red">{t('system.yes')}</Tag> : t('system.no'),
              },
              { key: 'created', label: t('system.users.createdAt'), children: when(user.createdAt) },
              { key: 'login', label: t('system.users.col.lastLogin'), children: when(user.lastLoginAt) },
              ...(user.remark ? [{ key: 'remark', label: t('system.users.remark'), children: user.remark }] : []),
            ]}
          />
          <div>
            <Typography.Title level={5}>{t('system.users.identities')}</Typography.Title>
            {user.identities.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('system.users.noIdentity')} />
            ) : (
              <Flex vertical gap={6}>
                {user.identities.map((identity) => (
                  <Typography.Text key={`${identity.identityId}-${identity.orgId}`}>
                    {identity.identityName}
                    <Typography.Text type="secondary">
                      {' · '}
                      {identity.orgName ?? t('system.users.noOrg')}
                    </Typography.Text>
                  </Typography.Text>
                ))}
              </Flex>
            )}
          </div>
          <div>
            <Typography.Title level={5}>{t('system.users.col.roles')}</Typography.Title>
            {user.roles.length === 0 ? (
              <Typography.Text type="secondary">{t('system.users.noRole')}</Typography.Text>
            ) : (
              <Flex wrap gap={6}>
                {user.roles.map((role) => (
                  <Tag key={`${role.roleId}-${role.orgId}`} color="blue">
                    {role.roleName}
                  </Tag>
                ))}
              </Flex>
            )}
          </div>
        </Flex>
      ) : null}
    </Drawer>
  );
}
