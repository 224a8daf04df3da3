import { OAUTH_ERROR_PARAM } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Flex, Spin, Tabs } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { fetchUserInfo } from '../../shared/auth.ts';
import { ApiError } from '../../shared/errors.ts';
import { currentLang } from '../../shared/i18n.ts';
import { PageLoading } from '../../shared/PageLoading.tsx';
import { endSession, getToken, type SignedIn } from '../../shared/session.ts';
import { Paragraph, Text, Title } from '../../shared/typography.tsx';
import { targetOf } from './handOff.ts';
import { PasswordForm } from './PasswordForm.tsx';
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

// Loaded when shown: the phone form's rules bring Zod, and the forced password change and a
// provider's failure need the whole message catalogue; none is on the first screen (decision 0051).
const PhoneForm = lazy(async () => ({ default: (await import('./PhoneForm.tsx')).PhoneForm }));
const ExpiredPasswordForm = lazy(async () => ({
  default: (await import('./ExpiredPasswordForm.tsx')).ExpiredPasswordForm,
}));

/** What a WeChat or DingTalk sign-in that came back here failed with (`?oauthError=<key>&provider=`). */
function useProviderFailure(search: string): string | null {
  const { i18n } = useTranslation();
  const failed = new URLSearchParams(search).has(OAUTH_ERROR_PARAM);
  const sentence = useQuery({
    queryKey: ['signIn', 'providerFailure', search, i18n.language],
    queryFn: async () => (await import('./providerFailure.ts')).providerFailure(search, currentLang()),
    enabled: failed,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return sentence.data ?? null;
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
  const oauthFailure = useProviderFailure(search);

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
    if (user && !passwordOutdated)
      finish({ token: storedToken, defaultPass: user.defaultPass, identityId: user.identityId });
  }, [storedToken, current.isError, user, passwordOutdated, finish, t]);

  if (storedToken && (current.isPending || (user && !passwordOutdated))) {
    return (
      <Flex vertical align="center" gap={16} style={{ padding: '48px 0' }} data-testid="resuming">
        <Spin size="large" />
        <Text type="secondary">{t('login.resuming')}</Text>
      </Flex>
    );
  }

  const onSignedIn = (signedIn: SignedIn) =>
    finish({ token: signedIn.token, defaultPass: signedIn.user.defaultPass, identityId: signedIn.user.identityId });

  if (expired) {
    return (
      <Suspense fallback={<PageLoading />}>
        <ExpiredPasswordForm
          account={expired.account}
          oldPassword={expired.password}
          onSignedIn={onSignedIn}
          onCancel={() => setExpired(null)}
        />
      </Suspense>
    );
  }

  return (
    <div data-testid="login-page">
      <Title level={3} style={{ marginBottom: 6 }}>
        {t('login.title')}
      </Title>
      <Paragraph type="secondary" style={{ marginBottom: 12 }}>
        {target ? t('login.subtitleReturn') : t('login.subtitle')}
      </Paragraph>
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
          {
            key: 'phone',
            label: t('login.byPhone'),
            children: (
              <Suspense fallback={<PageLoading />}>
                <PhoneForm onSignedIn={onSignedIn} />
              </Suspense>
            ),
          },
        ]}
      />
      <ProviderButtons target={target} />
      <Flex justify="center" gap={6} style={{ marginTop: 28 }}>
        <Text type="secondary">{t('login.noAccount')}</Text>
        <Link to={`/register${search}`} data-testid="to-register">
          {t('login.register')}
        </Link>
      </Flex>
      <Paragraph type="secondary" style={{ textAlign: 'center', fontSize: 12, marginTop: 12 }}>
        {t('login.agreementPrefix')}
        <Link to="/agreement" target="_blank">
          {t('agreement.name')}
        </Link>
      </Paragraph>
    </div>
  );
}
