import { PlusOutlined } from '@ant-design/icons';
import { ROLE_APP_NAMES, ROLE_APPS, type RoleApp, toLang } from '@meridian/contracts';
import { Button, Card, Flex, Form, Input, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable, usePagedList } from '../../../shared/lists/PagedList.tsx';
import { usePermissions } from '../access.ts';
import { type RoleSummary, rolePage } from './api.ts';
import { PermissionEditor } from './PermissionEditor.tsx';
import { RoleForm } from './RoleForm.tsx';
import { RoleHolders } from './RoleHolders.tsx';
import { useRemoveRole } from './useRemoveRole.ts';

interface Filters {
  app?: RoleApp;
  name?: string;
}

const appColors: Record<RoleApp, string> = { portal: 'purple', mind: 'cyan', iot: 'geekblue' };

/** The roles the administrator may see: create, edit, grant permissions, give to users, remove. */
export function RolesPage() {
  const { t, i18n } = useTranslation();
  const lang = toLang(i18n.language) ?? 'zh-CN';
  const { can } = usePermissions();
  const remove = useRemoveRole();
  const [editing, setEditing] = useState<RoleSummary | 'new' | null>(null);
  const [granting, setGranting] = useState<RoleSummary | null>(null);
  const [holding, setHolding] = useState<RoleSummary | null>(null);
  const roles = usePagedList<Filters, RoleSummary>(['system', 'roles', 'list'], rolePage);
  const mayEdit = can({ path: '/system/role', code: 'edit' });
  const mayRemove = can({ path: '/system/role', code: 'delete' });
  const search = (values: Filters) => roles.search({ app: values.app, name: values.name?.trim() || undefined });

  return (
    <Card
      data-testid="roles-page"
      title={t('system.route.roles')}
      extra={
        can({ path: '/system/role', code: 'add' }) && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="new-role">
            {t('system.roles.new')}
          </Button>
        )
      }
    >
      <Form<Filters> name="roles" layout="inline" onFinish={search} style={{ rowGap: 12, marginBottom: 16 }}>
        <Form.Item name="app" label={t('system.roles.app')}>
          <Select
            allowClear
            placeholder={t('system.all')}
            style={{ width: 140 }}
            options={ROLE_APPS.map((app) => ({ value: app, label: ROLE_APP_NAMES[app][lang] }))}
          />
        </Form.Item>
        <Form.Item name="name" label={t('system.roles.name')}>
          <Input allowClear placeholder={t('system.roles.nameSearch')} style={{ width: 180 }} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" data-testid="roles-search">
            {t('system.search')}
          </Button>
        </Form.Item>
      </Form>
      <PagedTable<RoleSummary>
        list={roles}
        data-testid="roles-table"
        rowKey="id"
        locale={{ emptyText: t('system.roles.empty') }}
        scroll={{ x: 880 }}
        columns={[
          {
            title: t('system.roles.name'),
            key: 'name',
            width: 210,
            render: (_value, role) => (
              <Flex vertical>
                <Flex gap={6} align="center" wrap>
                  <Typography.Text strong>{role.name}</Typography.Text>
                  {role.isDefault && <Tag color="green">{t('system.roles.isDefault')}</Tag>}
                  {role.builtin && <Tag>{t('system.roles.builtin')}</Tag>}
                </Flex>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {role.code}
                </Typography.Text>
              </Flex>
            ),
          },
          {
            title: t('system.roles.app'),
            dataIndex: 'app',
            width: 110,
            render: (app: RoleApp) => <Tag color={appColors[app]}>{ROLE_APP_NAMES[app][lang]}</Tag>,
          },
          {
            title: t('system.roles.org'),
            dataIndex: 'orgName',
            width: 120,
            ellipsis: true,
            render: (name: string | null) =>
              name ?? <Typography.Text type="secondary">{t('system.roles.platformWide')}</Typography.Text>,
          },
          {
            title: t('system.roles.description'),
            dataIndex: 'description',
            width: 120,
            ellipsis: true,
            render: (text: string | null) => text || '-',
          },
          { title: t('system.roles.users'), dataIndex: 'users', width: 70, align: 'right' },
          {
            title: t('system.actions'),
            key: 'actions',
            fixed: 'right',
            width: 250,
            render: (_value, role) => (
              <Flex gap={0} wrap>
                {mayEdit && (
                  <Button type="link" size="small" onClick={() => setGranting(role)}>
                    {t('system.roles.perms')}
                  </Button>
                )}
                <Button type="link" size="small" onClick={() => setHolding(role)}>
                  {t('system.roles.holders')}
                </Button>
                {mayEdit && (
                  <Button type="link" size="small" onClick={() => setEditing(role)}>
                    {t('system.edit')}
                  </Button>
                )}
                {mayRemove && !role.builtin && (
                  <Button type="link" size="small" danger onClick={() => remove(role)}>
                    {t('system.roles.remove')}
                  </Button>
                )}
              </Flex>
            ),
          },
        ]}
      />
      <RoleForm role={editing} onClose={() => setEditing(null)} onCreated={(role) => setGranting(role)} />
      <PermissionEditor role={granting} onClose={() => setGranting(null)} />
      <RoleHolders role={holding} onClose={() => setHolding(null)} />
    </Card>
  );
}
