import { ROLE_APP_NAMES, ROLE_APPS, type RoleApp, roleCode, roleName, toLang } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Form, Input, Modal, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../shared/forms/FormAlert.tsx';
import { required, schemaRule } from '../../../shared/forms/rules.ts';
import { useSignedInUser } from '../../signedInUser.ts';
import { usePermissions } from '../access.ts';
import { OrgSelect } from '../OrgSelect.tsx';
import { createRole, type RoleDetail, type RoleSummary, updateRole } from './api.ts';

interface RoleValues {
  app: RoleApp;
  name: string;
  code?: string;
  description?: string;
  orgId?: number;
  isDefault?: boolean;
}

interface RoleFormProps {
  /** The role to edit; `'new'` to create one; null when closed. */
  role: RoleSummary | 'new' | null;
  onClose(): void;
  /** A new role was created: its permissions come next. */
  onCreated(role: RoleDetail): void;
}

/**
 * Creates or edits a role: name, code, description, app, organisation and the default flag, each
 * checked as it is typed by the rules the server applies. The app, the code and the organisation
 * are set once, at creation.
 */
export function RoleForm({ role, onClose, onCreated }: RoleFormProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={role !== null}
      title={t(role === 'new' ? 'system.roles.new' : 'system.roles.edit')}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      {/* A form of its own for each opening, so that an edit starts from that role's values. */}
      {role !== null && (
        <RoleFields key={role === 'new' ? 'new' : role.id} role={role} onClose={onClose} onCreated={onCreated} />
      )}
    </Modal>
  );
}

function RoleFields({ role, onClose, onCreated }: RoleFormProps & { role: RoleSummary | 'new' }) {
  const { t, i18n } = useTranslation();
  const lang = toLang(i18n.language) ?? 'zh-CN';
  const { message } = App.useApp();
  const me = useSignedInUser();
  const { can } = usePermissions();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<RoleValues>();
  const app = Form.useWatch('app', form);
  const creating = role === 'new';
  const editing = role === 'new' ? null : role;
  // Platform-wide, portal and Device Cloud roles and the default flag are the platform administrator's (0009).
  const platform = me.superAdmin;
  const apps: readonly RoleApp[] = platform ? ROLE_APPS : ['mind'];
  // Only Device Cloud registers accounts with a default role; Mind places new accounts by hand (0008).
  const offersDefault = platform && (editing ? editing.app : app) === 'iot';

  const save = useMutation({
    mutationFn: (fields: RoleValues) =>
      editing
        ? updateRole({
            roleId: editing.id,
            name: fields.name,
            description: fields.description?.trim() || null,
            ...(offersDefault ? { isDefault: !!fields.isDefault } : {}),
          })
        : createRole({
            app: fields.app,
            name: fields.name,
            code: fields.code || undefined,
            description: fields.description?.trim() || undefined,
            orgId: fields.app === 'mind' ? fields.orgId : undefined,
            isDefault: offersDefault ? !!fields.isDefault : undefined,
          }),
    meta: { silentError: true },
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: ['system', 'roles'] });
      message.success(t(editing ? 'system.roles.saved' : 'system.roles.created', { name: saved.name }));
      onClose();
      if (!editing) onCreated(saved);
    },
  });

  return (
    <>
      <FormAlert error={save.error} form={form} />
      <Form<RoleValues>
        form={form}
        layout="vertical"
        name="role"
        data-testid="role-form"
        initialValues={
          editing
            ? {
                app: editing.app,
                name: editing.name,
                description: editing.description ?? '',
                isDefault: editing.isDefault,
              }
            : { app: 'mind', isDefault: false }
        }
        onFinish={(fields) => save.mutate(fields)}
        // A refusal speaks of what was sent; once the person changes the form it no longer applies.
        onValuesChange={() => {
          if (save.isError) save.reset();
        }}
      >
        <Form.Item name="app" label={t('system.roles.app')} rules={[{ required: true }]}>
          <Select disabled={!creating} options={apps.map((value) => ({ value, label: ROLE_APP_NAMES[value][lang] }))} />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('system.roles.name')}
          rules={[required(t('system.roles.nameRequired')), schemaRule(roleName)]}
        >
          <Input placeholder={t('system.roles.namePlaceholder')} maxLength={40} />
        </Form.Item>
        {creating && (
          <Form.Item
            name="code"
            label={t('system.roles.code')}
            extra={t('system.roles.codeHint')}
            rules={[schemaRule(roleCode)]}
          >
            <Input placeholder="school_counsellor" maxLength={40} />
          </Form.Item>
        )}
        <Form.Item name="description" label={t('system.roles.description')}>
          <Input.TextArea rows={2} maxLength={200} showCount />
        </Form.Item>
        {creating && app === 'mind' && can({ path: '/system/org', code: 'view' }) && (
          <Form.Item
            name="orgId"
            label={t('system.roles.org')}
            extra={platform ? t('system.roles.orgHintPlatform') : t('system.roles.orgHint')}
            rules={platform ? [] : [{ required: true, message: t('system.roles.orgRequired') }]}
          >
            <OrgSelect />
          </Form.Item>
        )}
        {offersDefault && (
          <Form.Item
            name="isDefault"
            label={t('system.roles.default')}
            extra={t('system.roles.defaultHint')}
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
        )}
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>{t('system.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('system.save')}
          </Button>
        </Flex>
      </Form>
    </>
  );
}
