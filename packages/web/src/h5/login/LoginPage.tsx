import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button, Card, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { FormAlert } from '../../portal/components/FormAlert.tsx';
import { signInWithPassword } from '../../shared/auth.ts';
import { LAST_ACCOUNT_KEY, passwordChangeAddress } from '../../shared/session.ts';
import { readLocal } from '../../shared/storage.ts';
import { h5Target } from './target.ts';

interface Credentials {
  account: string;
  password: string;
}

/**
 * `/h5/login`: students and parents sign in on their phones with the same password call as the
 * portal, and the session is kept where every app on this origin reads it. A password still at its
 * default is changed in the portal's account centre first, as every app requires.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const navigate = useNavigate();
  const target = h5Target(search);
  const signIn = useMutation({
    mutationFn: ({ account, password }: Credentials) => signInWithPassword(account.trim(), password),
    meta: { silentError: true },
    onSuccess: (signedIn) => {
      if (signedIn.user.defaultPass) window.location.assign(passwordChangeAddress(`/h5${target}`));
      else navigate(target, { replace: true });
    },
  });
  return (
    <Card data-testid="h5-login">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('login.heading')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('login.intro')}</Typography.Paragraph>
      <Form<Credentials>
        name="h5-sign-in"
        layout="vertical"
        size="large"
        requiredMark={false}
        initialValues={{ account: readLocal(LAST_ACCOUNT_KEY) ?? '' }}
        onFinish={(values) => signIn.mutate(values)}
      >
        <FormAlert error={signIn.error} />
        <Form.Item
          name="account"
          label={t('login.account')}
          rules={[{ required: true, whitespace: true, message: t('login.accountRequired') }]}
        >
          <Input
            prefix={<UserOutlined aria-hidden />}
            placeholder={t('login.accountPlaceholder')}
            autoComplete="username"
            autoCapitalize="none"
            data-testid="h5-account"
          />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('login.password')}
          rules={[{ required: true, message: t('login.passwordRequired') }]}
        >
          <Input.Password
            prefix={<LockOutlined aria-hidden />}
            placeholder={t('login.passwordPlaceholder')}
            autoComplete="current-password"
            data-testid="h5-password"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={signIn.isPending} data-testid="h5-sign-in">
          {t('login.submit')}
        </Button>
      </Form>
    </Card>
  );
}
