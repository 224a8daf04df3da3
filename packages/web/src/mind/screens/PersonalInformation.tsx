import { Button, Card, Descriptions, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import './strings.ts';
import { useUserInfo } from '../../shared/auth.ts';
import { errorText } from '../../shared/errors.ts';
import { LanguageSwitch } from '../../shared/LanguageSwitch.tsx';
import { PageLoading } from '../../shared/PageLoading.tsx';
import { getToken, redirectToSignIn } from '../../shared/session.ts';
import { WechatBinding } from './WechatBinding.tsx';

/** A phone number with its middle hidden (138****5678), as a screen someone may look over shows it. */
export function maskedPhone(phone: string | null): string | null {
  if (!phone) return null;
  const digits = phone.trim();
  if (digits.length < 7) return `${digits.slice(0, 1)}****`;
  return `${digits.slice(0, 3)}****${digits.slice(-4)}`;
}

/**
 * Personal information (`/personalInformation`, decision 0119): the signed-in user's own name,
 * identity, organisation and masked phone, with the way to change the password, and their WeChat
 * for campus alerts (decision 0156). The route skips the
 * session check (spec section 5), so without a session it shows nothing but the way to sign in.
 */
export function PersonalInformation() {
  const { t } = useTranslation();
  const signedIn = getToken() !== null;
  return (
    <div
      data-testid="personal-information"
      style={{ minHeight: '100vh', background: '#f5f7fa', padding: '24px 12px', boxSizing: 'border-box' }}
    >
      <div style={{ maxWidth: 560, margin: '0 auto' }}>
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 16 }}>
          <h1 style={{ margin: 0, fontSize: 22 }}>{t('scr.me.title')}</h1>
          <LanguageSwitch />
        </div>
        {signedIn ? <Profile /> : <SignInCard />}
      </div>
    </div>
  );
}

function SignInCard() {
  const { t } = useTranslation();
  return (
    <Card data-testid="me-sign-in">
      <p>{t('scr.me.signIn')}</p>
      <Button type="primary" onClick={() => redirectToSignIn()}>
        {t('scr.me.signInButton')}
      </Button>
    </Card>
  );
}

function Profile() {
  const { t } = useTranslation();
  const user = useUserInfo();
  if (user.isError) {
    return (
      <Card data-testid="me-error">
        {t('scr.me.failed', { reason: errorText(user.error) })}{' '}
        <Button onClick={() => void user.refetch()}>{t('scr.retry')}</Button>
      </Card>
    );
  }
  if (!user.data) return <PageLoading />;
  const u = user.data;
  const none = <span style={{ color: '#999' }}>{t('scr.me.none')}</span>;
  return (
    <>
      <Card data-testid="me-card">
        <Descriptions
          column={1}
          size="middle"
          items={[
            { key: 'name', label: t('scr.me.name'), children: <span data-testid="me-name">{u.nickname}</span> },
            { key: 'account', label: t('scr.me.account'), children: u.account },
            { key: 'role', label: t('scr.me.role'), children: u.identityName ?? none },
            { key: 'org', label: t('scr.me.org'), children: <span data-testid="me-org">{u.dept?.name ?? '—'}</span> },
            {
              key: 'phone',
              label: t('scr.me.phone'),
              children: <span data-testid="me-phone">{maskedPhone(u.phone) ?? t('scr.me.none')}</span>,
            },
            { key: 'email', label: t('scr.me.email'), children: u.email ?? none },
          ]}
        />
        <Space wrap style={{ marginTop: 16 }}>
          <Link to="/accountCenter?tab=password" data-testid="me-change-password">
            <Button type="primary">{t('scr.me.changePassword')}</Button>
          </Link>
          <Link to="/accountCenter">
            <Button>{t('scr.me.accountCenter')}</Button>
          </Link>
          <Link to="/data/home">
            <Button>{t('scr.me.back')}</Button>
          </Link>
        </Space>
      </Card>
      <WechatBinding />
    </>
  );
}
