import { isSessionInvalid } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { fetchUserInfo, signInWithPassword, type UserInfo } from '../../shared/auth.ts';
import { ApiError } from '../../shared/errors.ts';
import { FormAlert } from '../../shared/forms/FormAlert.tsx';
import { getToken } from '../../shared/session.ts';
import { forceUpdatePassword, updatePassword } from '../api.ts';
import { NewPasswordFields } from '../components/NewPasswordFields.tsx';
import { handOff } from '../login/handOff.ts';

interface Values {
  oldPassword: string;
  password: string;
  confirmPassword: string;
}

/**
 * The session a password change leaves: the same one when the server kept it, or a new one
 * signed in with the new password when the change ended it (10020-10029).
 */
async function sessionAfterChange(account: string, password: string): Promise<string> {
  try {
    await fetchUserInfo();
    return getToken() ?? (await signInWithPassword(account, password)).token;
  } catch (error) {
    if (!(error instanceof ApiError && isSessionInvalid(error.code))) throw error;
    return (await signInWithPassword(account, password)).token;
  }
}

/** Change the password; in forced mode (a default password) this is the only thing the user may do. */
export function PasswordTab({ user, forced }: { user: UserInfo; forced: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const change = useMutation({
    mutationFn: async (values: Values) => {
      await (forced ? forceUpdatePassword(values) : updatePassword(values));
      return sessionAfterChange(user.account, values.password);
    },
    meta: { silentError: true },
    onSuccess: async (token) => {
      message.success(t('password.changed'));
      form.resetFields();
      await queryClient.invalidateQueries({ queryKey: ['userInfo'] });
      if (!forced) return;
      // The change was what stood between the user and where they were going.
      const next = handOff(params.get('target'), token, window.location.origin);
      if (next.kind === 'app') window.location.replace(next.address);
      else navigate(next.path, { replace: true });
    },
  });
  return (
    <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={(values) => change.mutate(values)}>
      <FormAlert error={change.error} form={form} />
      <Form.Item
        name="oldPassword"
        label={forced ? t('password.current') : t('password.old')}
        rules={[{ required: true, message: t('password.oldRequired') }]}
      >
        <Input.Password
          autoComplete="current-password"
          placeholder={forced ? t('password.currentPlaceholder') : t('password.oldPlaceholder')}
        />
      </Form.Item>
      <NewPasswordFields />
      <Button type="primary" htmlType="submit" loading={change.isPending} data-testid="change-password">
        {t('password.submit')}
      </Button>
    </Form>
  );
}
