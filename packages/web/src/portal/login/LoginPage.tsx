import { isMessageKey, OAUTH_ERROR_PARAM, translate } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Flex, Spin, Tabs, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { fetchUserInfo } from '../../shared/auth.ts';
import { ApiError } from '../../shared/errors.ts';
import { currentLang } from '../../shared/i18n.ts';
import { endSession, getToken, type SignedIn } from '../../shared/session.ts';
import { ExpiredPasswordForm } from './ExpiredPasswordForm.tsx';
import { targetOf } from './handOff.ts';
import { PasswordForm } from './PasswordForm.tsx';
import { PhoneForm } from './PhoneForm.tsx';
import { ProviderButtons } from './ProviderButtons.tsx';
import { useFinishSignIn } from './useFinishSignIn.ts';

/** 10023 at sign-in, with `data.passwordExpired`: the password must be changed before a session starts. */
function isPasswordExpired(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.code === 10023 &&
    typeof error.data === 'object' &&
    error.data !== null &&
    'passwordExpired' in error.data
  );
}

/** What a WeChat or DingTalk sign-in that came back here failed with (`?oauthError=<key>&provider=`). */
function providerFailure(search: string): string | null {
  const params = new URLSearchParams(search);
  const key = params.get(OAUTH_ERROR_PARAM);
  if (!key || !isMessageKey(key)) return null;
  const lang = currentLang();
  const provider = params.get('provider') ?? '';
  const providerName = isMessageKey(`oauth.provider.${provider}`)
    ? translate(`oauth.provider.${provider}`, lang)
    : provider;
  return translate(key, lang, { provider: providerName, account: '' });
}

/**
 * The portal sign-in, where single sign-on lands (`?target=`). A browser that still holds a live
 * session is handed straight back, which is what makes one sign-in serve every app on this origin.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const target = targetOf(search);
  const finish = useFinishSignIn();
  const [storedToken] = useState(getToken);
  const [expired, setExpired] = useState<{ account: string; password: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const current = useQuery({
    queryKey: ['signIn', 'stored', storedToken],
    queryFn: ({ signal }) => fetchUserInfo(signal),
    enabled: !!storedToken,
    retry: false,
    // A dead stored session just means signing in again: this page is where that happens.
    meta: { silentError: true },
  });
  const user = current.data;
  const passwordOutdated = !!user?.passwordExpiresAt && user.passwordExpiresAt <= Date.now();
  useEffect(() => {
    if (!storedToken) return;
    if (current.isError) endSession();
    if (user && passwordOutdated) {
      endSession();
      setNotice(t('expired.signInAgain'));
    }
    if (user && !passwordOutdated) finish({ token: storedToken, defaultPass: user.defaultPass });
  }, [storedToken, current.isError, user, passwordOutdated, finish, t]);

  if (storedToken && (current.isPending || (user && !passwordOutdated))) {
    return (
      <Flex vertical align="center" gap={16} style={{ padding: '48px 0' }} data-testid="resuming">
        <Spin size="large" />
        <Typography.Text type="secondary">{t('login.resuming')}</Typography.Text>
      </Flex>
    );
  }

  const oauthFailure = providerFailure(search);
  const onSignedIn = (signedIn: SignedIn) => finish({ token: signedIn.token, defaultPass: signedIn.user.defaultPass });

  if (expired) {
    return (
      <ExpiredPasswordForm
        account={expired.account}
        oldPassword={expired.password}
        onSignedIn={onSignedIn}
        onCancel={() => setExpired(null)}
      />
    );
  }

  return (
    <div data-testid="login-page">
      <Typography.Title level={3} style={{ marginBottom: 6 }}>
        {t('login.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
        {target ? t('login.subtitleReturn') : t('login.subtitle')}
      </Typography.Paragraph>
      {notice && <Alert type="info" showIcon title={notice} style={{ marginBottom: 16 }} />}
      {oauthFailure && (
        <Alert data-testid="oauth-error" type="warning" showIcon title={oauthFailure} style={{ marginBottom: 16 }} />
      )}
      <Tabs
        defaultActiveKey="password"
        destroyOnHidden
        items={[
          {
            key: 'password',
            label: t('login.byPassword'),
            children: (
              <PasswordForm
                onSignedIn={onSignedIn}
                isExpired={isPasswordExpired}
                onExpired={(account, password) => setExpired({ account, password })}
              />
            ),
          },
          { key: 'phone', label: t('login.byPhone'), children: <PhoneForm onSignedIn={onSignedIn} /> },
        ]}
      />
      <ProviderButtons target={target} />
      <Flex justify="center" gap={6} style={{ marginTop: 28 }}>
        <Typography.Text type="secondary">{t('login.noAccount')}</Typography.Text>
        <Link to={`/register${search}`} data-testid="to-register">
          {t('login.register')}
        </Link>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ textAlign: 'center', fontSize: 12, marginTop: 12 }}>
        {t('login.agreementPrefix')}
        <Link to="/agreement" target="_blank">
          {t('agreement.name')}
        </Link>
      </Typography.Paragraph>
    </div>
  );
}
