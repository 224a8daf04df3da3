import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button, Checkbox, Flex, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { signInWithPassword } from '../../shared/auth.ts';
import { FormAlert } from '../../shared/forms/FormAlert.tsx';
import { required } from '../../shared/forms/required.ts';
import { LAST_ACCOUNT_KEY, type SignedIn } from '../../shared/session.ts';
import { readLocal, removeLocal } from '../../shared/storage.ts';

interface PasswordFormProps {
  onSignedIn(signedIn: SignedIn): void;
  /** The server refused because the password expired: the caller shows the change form. */
  onExpired(account: string, password: string): void;
  isExpired(error: unknown): boolean;
}

/** Account (or phone, or email) and password; the last account is offered again, never the password. */
export function PasswordForm({ onSignedIn, onExpired, isExpired }: PasswordFormProps) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const lastAccount = readLocal(LAST_ACCOUNT_KEY) ?? '';
  const [remember, setRemember] = useState(true);
  const signIn = useMutation({
    mutationFn: ({ account, password }: { account: string; password: string }) =>
      signInWithPassword(account.trim(), password),
    meta: { silentError: true },
    onSuccess: (signedIn) => {
      if (!remember) removeLocal(LAST_ACCOUNT_KEY);
      onSignedIn(signedIn);
    },
    onError: (error, { account, password }) => {
      if (isExpired(error)) onExpired(account.trim(), password);
    },
  });
  return (
    <Form
      name="password-sign-in"
      layout="vertical"
      size="large"
      requiredMark={false}
      initialValues={{ account: lastAccount }}
      onFinish={(values: { account: string; password: string }) => signIn.mutate(values)}
    >
      {!isExpired(signIn.error) && <FormAlert error={signIn.error} />}
      <Form.Item name="account" rules={[required(t('login.accountRequired'))]}>
        <Input
          prefix={<UserOutlined />}
          placeholder={t('login.accountPlaceholder')}
          autoComplete="username"
          autoFocus={!lastAccount}
          aria-label={t('login.account')}
        />
      </Form.Item>
      <Form.Item name="password" rules={[{ required: true, message: t('login.passwordRequired') }]}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('login.passwordPlaceholder')}
          autoComplete="current-password"
          autoFocus={!!lastAccount}
          aria-label={t('login.password')}
        />
      </Form.Item>
      <Flex justify="space-between" align="center" style={{ marginTop: -8, marginBottom: 20 }}>
        <Checkbox checked={remember} onChange={(event) => setRemember(event.target.checked)}>
          {t('login.remember')}
        </Checkbox>
        <Link to={`/forgot${search}`}>{t('login.forgot')}</Link>
      </Flex>
      <Button type="primary" htmlType="submit" block loading={signIn.isPending} data-testid="sign-in">
        {t('login.submit')}
      </Button>
    </Form>
  );
}
