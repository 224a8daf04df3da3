import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button, Checkbox, Flex, theme } from 'antd';
// The two inputs drawn, not the input module with TextArea, Search and OTP (decision 0051).
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { signInWithPassword } from '../../shared/auth.ts';
import { FormAlert } from '../../shared/forms/FormAlert.tsx';
import { LAST_ACCOUNT_KEY, type SignedIn } from '../../shared/session.ts';
import { readLocal, removeLocal } from '../../shared/storage.ts';

interface PasswordFormProps {
  onSignedIn(signedIn: SignedIn): void;
  /** The server refused because the password expired: the caller shows the change form. */
  onExpired(account: string, password: string): void;
  isExpired(error: unknown): boolean;
}

interface Credentials {
  account: string;
  password: string;
}

/**
 * Account (or phone, or email) and password; the last account is offered again, never the password.
 *
 * Antd's inputs without antd's Form: the form engine is 23 KB of the sign-in's first load, more than
 * two fields need (decision 0051). The rules are the engine's: a field is checked as it changes,
 * every field when the form is sent, and an account of only spaces is no account.
 */
export function PasswordForm({ onSignedIn, onExpired, isExpired }: PasswordFormProps) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const lastAccount = readLocal(LAST_ACCOUNT_KEY) ?? '';
  const [values, setValues] = useState<Credentials>({ account: lastAccount, password: '' });
  const [checked, setChecked] = useState<Record<keyof Credentials, boolean>>({ account: false, password: false });
  const [remember, setRemember] = useState(true);
  const signIn = useMutation({
    mutationFn: ({ account, password }: Credentials) => signInWithPassword(account.trim(), password),
    meta: { silentError: true },
    onSuccess: (signedIn) => {
      if (!remember) removeLocal(LAST_ACCOUNT_KEY);
      onSignedIn(signedIn);
    },
    onError: (error, { account, password }) => {
      if (isExpired(error)) onExpired(account.trim(), password);
    },
  });
  const problems: Record<keyof Credentials, string | null> = {
    account: values.account.trim() ? null : t('login.accountRequired'),
    password: values.password ? null : t('login.passwordRequired'),
  };
  const shown = (field: keyof Credentials) => (checked[field] ? problems[field] : null);
  const change = (field: keyof Credentials, value: string) => {
    setValues((old) => ({ ...old, [field]: value }));
    setChecked((old) => ({ ...old, [field]: true }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked({ account: true, password: true });
    if (!problems.account && !problems.password) signIn.mutate(values);
  };
  return (
    <form name="password-sign-in" noValidate onSubmit={submit}>
      {!isExpired(signIn.error) && <FormAlert error={signIn.error} />}
      <Field error={shown('account')}>
        <Input
          size="large"
          status={shown('account') ? 'error' : undefined}
          prefix={<UserOutlined />}
          value={values.account}
          onChange={(event) => change('account', event.target.value)}
          placeholder={t('login.accountPlaceholder')}
          autoComplete="username"
          autoFocus={!lastAccount}
          aria-label={t('login.account')}
          aria-invalid={!!shown('account')}
        />
      </Field>
      <Field error={shown('password')}>
        <Password
          size="large"
          status={shown('password') ? 'error' : undefined}
          prefix={<LockOutlined />}
          value={values.password}
          onChange={(event) => change('password', event.target.value)}
          placeholder={t('login.passwordPlaceholder')}
          autoComplete="current-password"
          autoFocus={!!lastAccount}
          aria-label={t('login.password')}
          aria-invalid={!!shown('password')}
        />
      </Field>
      <Flex justify="space-between" align="center" style={{ marginTop: -8, marginBottom: 20 }}>
        <Checkbox checked={remember} onChange={(event) => setRemember(event.target.checked)}>
          {t('login.remember')}
        </Checkbox>
        <Link to={`/forgot${search}`}>{t('login.forgot')}</Link>
      </Flex>
      <Button type="primary" size="large" htmlType="submit" block loading={signIn.isPending} data-testid="sign-in">
        {t('login.submit')}
      </Button>
    </form>
  );
}

/** A field spaced as a large antd Form.Item, with its rule's sentence under it in the error colour. */
function Field({ error, children }: { error: string | null; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div style={{ marginBottom: error ? 0 : token.marginLG }}>
      {children}
      {error && (
        <div
          role="alert"
          data-testid="field-error"
          style={{ color: token.colorError, minHeight: token.marginLG, lineHeight: token.lineHeight }}
        >
          {error}
        </div>
      )}
    </div>
  );
}
