import { DownOutlined } from '@ant-design/icons';
import { Button, Card, Dropdown, Flex, Form, Input, type MenuProps, Select, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FilterForm, PagedTable, usePagedList } from '../../../shared/lists/PagedList.tsx';
import { useSignedInUser } from '../../signedInUser.ts';
import { usePermissions } from '../access.ts';
import { OrgSelect } from '../OrgSelect.tsx';
import { RoleSelect } from '../roles/RoleSelect.tsx';
import { AccountDrawer } from './AccountDrawer.tsx';
import { type AccountQuery, type AccountRow, queryAllAccount } from './api.ts';
import { STATUSES, StatusTag, USER_TYPES, VipTag } from './labels.tsx';
import { useAccountActions } from './useAccountActions.tsx';

type Filters = Omit<AccountQuery, 'page' | 'size'>;

const can = {
  review: { path: '/system/user', code: 'review' },
  resetPassword: { path: '/system/user', code: 'resetPassword' },
  edit: { path: '/system/user', code: 'edit' },
  runAs: { path: '/system/user', code: 'runAs' },
  roles: { path: '/system/role', code: 'view' },
  orgs: { path: '/system/org', code: 'view' },
};

/** The accounts of the administrator's data scope, searched and filtered, with what may be done to each. */
export function UsersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useSignedInUser();
  const permissions = usePermissions();
  const actions = useAccountActions();
  const [form] = Form.useForm<Filters>();
  const [shown, setShown] = useState<number | null>(null);
  const users = usePagedList<Filters, AccountRow>(['system', 'users', 'list'], queryAllAccount);

  /** What this administrator may do to `user`: never to themself, and to a super administrator only as one. */
  const menuOf = (user: AccountRow): MenuProps['items'] => {
    const mayChange = user.id !== me.id && (!user.superAdmin || me.superAdmin);
    if (!mayChange) return [];
    const items: MenuProps['items'] = [];
    if (permissions.can(can.runAs) && user.status === 'enabled')
      items.push({ key: 'runAs', label: t('system.users.runAs') });
    if (permissions.can(can.resetPassword)) items.push({ key: 'reset', label: t('system.users.reset') });
    if (user.status === 'pending') {
      if (permissions.can(can.review)) items.push({ key: 'review', label: t('system.users.toReview') });
    } else if (permissions.can(can.edit)) {
      items.push(
        user.status === 'enabled'
          ? { key: 'status', label: t('system.users.disable'), danger: true }
          : { key: 'status', label: t('system.users.enable') },
      );
    }
    if (permissions.can(can.edit)) items.push({ key: 'vip', label: t('system.users.setVip') });
    return items;
  };
  const onMenu = (user: AccountRow, key: string) => {
    if (key === 'reset') void actions.reset(user);
    if (key === 'status') actions.toggleStatus(user);
    if (key === 'vip') actions.membership(user);
    if (key === 'review') navigate('/system/users/review');
    if (key === 'runAs') actions.actAs(user);
  };

  return (
    <Card data-testid="users-page" title={t('system.route.users')}>
      <FilterForm<Filters> name="users" form={form} onSearch={users.search} searchTestId="users-search">
        <Form.Item name="keyword">
          <Input allowClear placeholder={t('system.users.keyword')} style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="status" label={t('system.users.col.status')}>
          <Select
            allowClear
            placeholder={t('system.all')}
            style={{ width: 110 }}
            options={STATUSES.map((status) => ({ value: status, label: t(`system.users.status.${status}`) }))}
          />
        </Form.Item>
        <Form.Item name="userType" label={t('system.users.col.type')}>
          <Select
            allowClear
            placeholder={t('system.all')}
            style={{ width: 130 }}
            options={USER_TYPES.map((type) => ({ value: type, label: t(`system.users.type.${type}`) }))}
          />
        </Form.Item>
        {permissions.can(can.roles) && (
          <Form.Item name="roleId" label={t('system.users.col.roles')}>
            <RoleSelect style={{ width: 180 }} />
          </Form.Item>
        )}
        {permissions.can(can.orgs) && (
          <Form.Item name="orgId" label={t('system.users.col.org')}>
            <OrgSelect style={{ width: 200 }} />
          </Form.Item>
        )}
      </FilterForm>
      <PagedTable<AccountRow>
        list={users}
        data-testid="users-table"
        rowKey="id"
        locale={{ emptyText: t('system.users.empty') }}
        scroll={{ x: 900 }}
        columns={[
          {
            title: t('system.users.col.account'),
            key: 'account',
            width: 180,
            render: (_value, user) => (
              <Flex vertical style={{ minWidth: 0 }}>
                <Flex gap={6} align="center">
                  <Typography.Text strong ellipsis>
                    {user.nickname}
                  </Typography.Text>
                  {user.superAdmin && (
                    <Tag color="red" style={{ marginInlineEnd: 0 }}>
                      {t('system.users.superAdminShort')}
                    </Tag>
                  )}
                </Flex>
                <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
                  {user.account} · {t(`system.users.type.${user.userType}`, { defaultValue: user.userType })}
                </Typography.Text>
              </Flex>
            ),
          },
          {
            title: t('system.users.col.phone'),
            dataIndex: 'phone',
            width: 120,
            render: (v: string | null) => v ?? '-',
          },
          {
            title: t('system.users.col.org'),
            dataIndex: 'deptName',
            width: 130,
            ellipsis: true,
            render: (v: string | null) => v ?? '-',
          },
          {
            title: t('system.users.col.roles'),
            dataIndex: 'roles',
            width: 150,
            render: (roles: AccountRow['roles']) =>
              roles.length === 0 ? (
                <Typography.Text type="secondary">{t('system.users.noRole')}</Typography.Text>
              ) : (
                <Flex wrap gap={4}>
                  {roles.map((role) => (
                    <Tag key={`${role.roleId}-${role.orgId}`} style={{ marginInlineEnd: 0 }}>
                      {role.roleName}
                    </Tag>
                  ))}
                </Flex>
              ),
          },
          {
            title: t('system.users.col.status'),
            key: 'status',
            width: 110,
            render: (_value, user) => (
              <Flex wrap gap={4}>
                <StatusTag status={user.status} />
                <VipTag level={user.vipLevel} />
              </Flex>
            ),
          },
          {
            title: t('system.users.col.lastLogin'),
            dataIndex: 'lastLoginAt',
            width: 100,
            render: (at: number | null) =>
              at ? (
                <Tooltip title={dayjs(at).format('YYYY-MM-DD HH:mm:ss')}>{dayjs(at).format('YYYY-MM-DD')}</Tooltip>
              ) : (
                <Typography.Text type="secondary">{t('system.users.never')}</Typography.Text>
              ),
          },
          {
            title: t('system.actions'),
            key: 'actions',
            fixed: 'right',
            width: 110,
            render: (_value, user) => {
              const items = menuOf(user);
              return (
                <Flex align="center">
                  <Button type="link" size="small" onClick={() => setShown(user.id)}>
                    {t('system.users.detail')}
                  </Button>
                  {items && items.length > 0 && (
                    <Dropdown
                      trigger={['click']}
                      menu={{ items, onClick: ({ key }) => onMenu(user, key) }}
                      placement="bottomRight"
                    >
                      <Button type="link" size="small" data-testid={`more-${user.id}`}>
                        {t('system.more')} <DownOutlined style={{ fontSize: 10 }} />
                      </Button>
                    </Dropdown>
                  )}
                </Flex>
              );
            },
          },
        ]}
      />
      <AccountDrawer userId={shown} onClose={() => setShown(null)} />
    </Card>
  );
}
