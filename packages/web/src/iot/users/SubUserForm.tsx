import { accountName, email, nickname, password, phone } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { required, sameAsRule, schemaRule } from '../../shared/forms/rules.ts';
import { showFieldErrors } from '../components/errors.ts';
import { createSubUser, editSubUser, type SubUserNode } from './api.ts';

interface Values {
  account: string;
  nickname?: string;
  phone?: string;
  email?: string;
  password: string;
  confirmPassword: string;
  remark?: string;
}

const blank = (text: string | null | undefined) => (text?.trim() ? text.trim() : undefined);

/**
 * Adds a sub-user below the caller, or edits one's name, contacts and remark. The rules are the
 * contracts' schemas, so the form says what the server would, as the user types.
 */
export function SubUserForm({ user, open, onClose }: { user?: SubUserNode; open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const save = useMutation({
    mutationFn: (values: Values) => {
      if (!user) {
        return createSubUser({
          account: values.account.trim(),
          password: values.password,
          confirmPassword: values.confirmPassword,
          nickname: blank(values.nickname),
          phone: blank(values.phone),
          email: blank(values.email),
          remark: blank(values.remark),
        });
      }
      // The tree does not carry the email: it is sent only when the user typed one, so that saving
      // a name never clears it.
      const typedEmail = blank(values.email);
      return editSubUser(user.id, {
        nickname: blank(values.nickname),
        phone: blank(values.phone) ?? null,
        ...(typedEmail ? { email: typedEmail } : {}),
        remark: blank(values.remark) ?? null,
      });
    },
    meta: { silentError: true },
    onSuccess: async () => {
      message.success(t(user ? 'users.saved' : 'users.added'));
      await queryClient.invalidateQueries({ queryKey: ['iot'] });
      onClose();
    },
    onError: (error) => showFieldErrors(form, error),
  });
  return (
    <Modal
      open={open}
      title={user ? t('users.editTitle', { account: user.account }) : t('users.addTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('ui.save')}
      okButtonProps={{ loading: save.isPending }}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        name="subUser"
        data-testid="sub-user-form"
        initialValues={
          user ? { nickname: user.nickname, phone: user.phone ?? undefined, remark: user.remark ?? undefined } : {}
        }
        onFinish={(values) => save.mutate(values)}
      >
        {!user && (
          <Form.Item
            name="account"
            label={t('users.field.account')}
            rules={[required(t('users.accountRequired')), schemaRule(accountName)]}
          >
            <Input autoComplete="off" />
          </Form.Item>
        )}
        <Form.Item name="nickname" label={t('users.field.nickname')} rules={[schemaRule(nickname)]}>
          <Input />
        </Form.Item>
        <Form.Item name="phone" label={t('users.field.phone')} rules={[schemaRule(phone)]}>
          <Input />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('users.field.email')}
          rules={[schemaRule(email)]}
          extra={user ? t('users.emailHint') : undefined}
        >
          <Input />
        </Form.Item>
        {!user && (
          <>
            <Form.Item
              name="password"
              label={t('users.field.password')}
              rules={[{ required: true, message: t('users.passwordRequired') }, schemaRule(password)]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            <Form.Item
              name="confirmPassword"
              label={t('users.field.confirmPassword')}
              dependencies={['password']}
              rules={[{ required: true, message: t('users.confirmRequired') }, sameAsRule('password')]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </>
        )}
        <Form.Item name="remark" label={t('users.field.remark')} rules={[{ max: 200, message: t('users.remarkMax') }]}>
          <Input.TextArea rows={2} count={{ show: true, max: 200 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
