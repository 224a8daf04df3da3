import { DownOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Dropdown, Flex, Input, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../../shared/auth.ts';
import { LoadFailed } from '../../shared/lists/LoadFailed.tsx';
import { useConfirm } from '../../shared/useConfirm.ts';
import { AuthorizationDialog } from './AuthorizationDialog.tsx';
import { accountTree, deleteSubUser, type SubUserNode, setSubUserStatus } from './api.ts';
import { DeviceGrantsDrawer } from './DeviceGrantsDrawer.tsx';
import { idsWithChildren, type TreeRow as Row, rowsOf } from './rules.ts';
import { SubUserForm } from './SubUserForm.tsx';

const statusColour: Record<string, string> = { enabled: 'success', disabled: 'default', pending: 'warning' };

/** Subordinate User: the caller's account with the sub-users below it, and what each may do with devices. */
export function SubUsersPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const me = useUserInfo();
  const [keyword, setKeyword] = useState<string>();
  const [paging, setPaging] = useState({ page: 1, size: 20 });
  const [collapsed, setCollapsed] = useState<number[]>([]);
  const [editing, setEditing] = useState<SubUserNode | 'new' | null>(null);
  const [granting, setGranting] = useState<SubUserNode | null>(null);
  const [authorizing, setAuthorizing] = useState<SubUserNode | null>(null);
  const tree = useQuery({
    queryKey: ['iot', 'users', 'tree', keyword, paging],
    queryFn: ({ signal }) => accountTree({ keyword, ...paging }, signal),
    placeholderData: keepPreviousData,
    meta: { silentError: true },
  });
  const rows = rowsOf(tree.data?.list ?? [], keyword?.toLowerCase());
  const nodeOf = (row: Row): SubUserNode => {
    const find = (nodes: SubUserNode[]): SubUserNode | undefined =>
      nodes.find((n) => n.id === row.id) ?? nodes.map((n) => find(n.children)).find(Boolean);
    return find(tree.data?.list ?? []) ?? { ...row, children: [] };
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['iot'] });
  const toggle = (row: Row) => {
    const disabling = row.status === 'enabled';
    confirm(
      {
        title: t(disabling ? 'users.disableAsk' : 'users.enableAsk', { account: row.account }),
        content: disabling ? t('users.disableHint') : undefined,
        okText: t(disabling ? 'users.disable' : 'users.enable'),
        danger: disabling,
      },
      async () => {
        await setSubUserStatus(row.id, disabling ? 'disabled' : 'enabled');
        message.success(t(disabling ? 'users.disabledDone' : 'users.enabledDone'));
        await refresh();
      },
    );
  };
  const remove = (row: Row) =>
    confirm(
      {
        title: t('users.deleteAsk', { account: row.account }),
        content: t('users.deleteHint'),
        okText: t('ui.delete'),
        danger: true,
      },
      async () => {
        await deleteSubUser(row.id);
        message.success(t('users.deleted'));
        await refresh();
      },
    );
  const onlyMe = !keyword && rows.length === 1 && !rows[0]?.children && rows[0]?.id === me.data?.id;

  return (
    <Card
      data-testid="sub-users-page"
      title={t('menu.projects.users')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="sub-user-add">
          {t('users.add')}
        </Button>
      }
    >
      <Flex gap={16} wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('users.keyword')}
          style={{ width: 280 }}
          onSearch={(value) => {
            setKeyword(value.trim() || undefined);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
        />
      </Flex>
      {tree.isError && !tree.data ? (
        <LoadFailed error={tree.error} onRetry={() => tree.refetch()} retrying={tree.isFetching} />
      ) : (
        <Table<Row>
          data-testid="sub-users-table"
          rowKey="id"
          size="middle"
          loading={tree.isFetching}
          dataSource={rows}
          expandable={{
            expandedRowKeys: idsWithChildren(rows).filter((id) => !collapsed.includes(id)),
            onExpand: (open, row) =>
              setCollapsed((ids) => (open ? ids.filter((id) => id !== row.id) : [...ids, row.id])),
          }}
          locale={{ emptyText: t(keyword ? 'users.noMatch' : 'users.empty') }}
          footer={onlyMe ? () => <Typography.Text type="secondary">{t('users.empty')}</Typography.Text> : undefined}
          pagination={
            (tree.data?.total ?? 0) > paging.size && {
              current: paging.page,
              pageSize: paging.size,
              total: tree.data?.total ?? 0,
              showTotal: (total) => t('ui.total', { total }),
              onChange: (page, size) => setPaging({ page: size === paging.size ? page : 1, size }),
            }
          }
          columns={[
            {
              title: t('users.field.account'),
              key: 'account',
              render: (_v, row) => (
                <Flex gap={6} align="center" wrap>
                  <Typography.Text strong>{row.account}</Typography.Text>
                  {row.id === me.data?.id && <Tag color="blue">{t('users.me')}</Tag>}
                </Flex>
              ),
            },
            { title: t('users.field.nickname'), dataIndex: 'nickname', render: (v: string) => v || '-' },
            {
              title: t('users.field.type'),
              dataIndex: 'userType',
              width: 110,
              render: (v: string) => t(`users.type.${v}`, { defaultValue: v }),
            },
            {
              title: t('users.field.status'),
              dataIndex: 'status',
              width: 100,
              render: (v: string) => <Tag color={statusColour[v]}>{t(`users.status.${v}`, { defaultValue: v })}</Tag>,
            },
            { title: t('users.field.phone'), dataIndex: 'phone', width: 130, render: (v: string | null) => v ?? '-' },
            {
              title: t('users.field.createdAt'),
              dataIndex: 'createdAt',
              width: 150,
              render: (at: number) => dayjs(at).format('YYYY-MM-DD HH:mm'),
            },
            {
              title: t('ui.actions'),
              key: 'actions',
              width: 250,
              render: (_v, row) =>
                row.id === me.data?.id ? null : (
                  <Flex align="center" data-testid={`sub-user-actions-${row.account}`}>
                    <Button type="link" size="small" onClick={() => setEditing(nodeOf(row))}>
                      {t('ui.edit')}
                    </Button>
                    {row.userType === 'sub' && (
                      <Button type="link" size="small" onClick={() => setGranting(nodeOf(row))}>
                        {t('users.grants')}
                      </Button>
                    )}
                    <Dropdown
                      trigger={['click']}
                      placement="bottomRight"
                      menu={{
                        items: [
                          ...(row.userType === 'sub'
                            ? [{ key: 'authorization', label: t('users.authorization') }]
                            : []),
                          row.status === 'enabled'
                            ? { key: 'toggle', label: t('users.disable'), danger: true }
                            : { key: 'toggle', label: t('users.enable') },
                          { key: 'delete', label: t('ui.delete'), danger: true },
                        ],
                        onClick: ({ key }) => {
                          if (key === 'authorization') setAuthorizing(nodeOf(row));
                          else if (key === 'toggle') toggle(row);
                          else remove(row);
                        },
                      }}
                    >
                      <Button type="link" size="small" data-testid={`sub-user-more-${row.account}`}>
                        {t('ui.more')} <DownOutlined style={{ fontSize: 10 }} />
                      </Button>
                    </Dropdown>
                  </Flex>
                ),
            },
          ]}
        />
      )}
      {editing && <SubUserForm open user={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
      <DeviceGrantsDrawer user={granting} onClose={() => setGranting(null)} />
      <AuthorizationDialog user={authorizing} onClose={() => setAuthorizing(null)} />
    </Card>
  );
}
