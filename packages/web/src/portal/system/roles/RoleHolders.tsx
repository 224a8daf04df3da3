import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Flex, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../shared/lists/LoadFailed.tsx';
import { useConfirm } from '../../../shared/useConfirm.ts';
import { usePermissions } from '../access.ts';
import { OrgSelect } from '../OrgSelect.tsx';
import { StatusTag } from '../users/labels.tsx';
import { UserPicker } from '../users/UserPicker.tsx';
import { assignRole, type RoleHolder, type RoleSummary, revokeRole, roleHolders } from './api.ts';

const SIZE = 10;

/** Who holds a role (those the caller may see), giving it to another account and taking it back. */
export function RoleHolders({ role, onClose }: { role: RoleSummary | null; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={role !== null}
      onClose={onClose}
      size={640}
      destroyOnHidden
      title={role ? t('system.roles.holdersTitle', { name: role.name }) : ''}
    >
      {role && <Holders role={role} />}
    </Drawer>
  );
}

function Holders({ role }: { role: RoleSummary }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const { can } = usePermissions();
  const mayEdit = can({ path: '/system/role', code: 'edit' });
  const [page, setPage] = useState(1);
  const [userId, setUserId] = useState<number>();
  const [orgId, setOrgId] = useState<number>();
  const holders = useQuery({
    queryKey: ['system', 'roles', 'holders', role.id, page],
    queryFn: ({ signal }) => roleHolders(role.id, page, SIZE, signal),
    placeholderData: keepPreviousData,
    meta: { silentError: true },
  });
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: ['system', 'roles'] });
    await queryClient.invalidateQueries({ queryKey: ['system', 'users'] });
  };
  // A Mind role is held at an organisation, which sets the holder's data scope.
  const needsOrg = role.app === 'mind';
  const assign = useMutation({
    mutationFn: () => assignRole({ userId: userId ?? 0, roleId: role.id, orgId: needsOrg ? orgId : undefined }),
    onSuccess: async () => {
      message.success(t('system.roles.assigned', { name: role.name }));
      setUserId(undefined);
      await refresh();
    },
  });
  const revoke = (holder: RoleHolder) =>
    confirm(
      {
        title: t('system.roles.revokeTitle', { name: `${holder.nickname} (${holder.account})`, role: role.name }),
        content: t('system.roles.revokeText'),
        okText: t('system.roles.revoke'),
        danger: true,
      },
      async () => {
        await revokeRole({ userId: holder.id, roleId: role.id, orgId: holder.orgId ?? undefined });
        message.success(t('system.roles.revoked', { name: holder.nickname }));
        await refresh();
      },
    );

  return (
    <Flex vertical gap={16}>
      {mayEdit && (
        <Flex gap={8} wrap data-testid="assign-role">
          <UserPicker value={userId} onChange={setUserId} style={{ width: 240 }} />
          {needsOrg && (
            <OrgSelect value={orgId} onChange={setOrgId} placeholder={t('system.roles.atOrg')} style={{ width: 200 }} />
          )}
          <Button
            type="primary"
            disabled={userId === undefined || (needsOrg && orgId === undefined)}
            loading={assign.isPending}
            onClick={() => assign.mutate()}
          >
            {t('system.roles.assign')}
          </Button>
        </Flex>
      )}
      {holders.isError && !holders.data ? (
        <LoadFailed error={holders.error} onRetry={() => holders.refetch()} retrying={holders.isFetching} />
      ) : (
        <Table<RoleHolder>
          data-testid="holders-table"
          size="small"
          rowKey={(holder) => `${holder.id}-${holder.orgId}`}
          loading={holders.isFetching}
          dataSource={holders.data?.list ?? []}
          locale={{ emptyText: t('system.roles.noHolders') }}
          pagination={{
            current: page,
            pageSize: SIZE,
            total: holders.data?.total ?? 0,
            onChange: setPage,
            hideOnSinglePage: true,
          }}
          columns={[
            {
              title: t('system.users.col.account'),
              key: 'account',
              render: (_value, holder) => (
                <Flex vertical>
                  <Typography.Text>{holder.nickname}</Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {holder.account}
                  </Typography.Text>
                </Flex>
              ),
            },
            {
              title: t('system.roles.heldAt'),
              dataIndex: 'orgName',
              render: (v: string | null) => v ?? '-',
            },
            {
              title: t('system.users.col.status'),
              dataIndex: 'status',
              width: 90,
              render: (status: string) => <StatusTag status={status} />,
            },
            ...(mayEdit
              ? [
                  {
                    title: t('system.actions'),
                    key: 'actions',
                    width: 90,
                    render: (_value: unknown, holder: RoleHolder) => (
                      <Button type="link" size="small" danger onClick={() => revoke(holder)}>
                        {t('system.roles.revoke')}
                      </Button>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
    </Flex>
  );
}
