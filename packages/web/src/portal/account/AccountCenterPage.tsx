import { IdcardOutlined, LinkOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Breadcrumb, Card, Flex, Grid, Tabs, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { UserAvatar } from '../../shared/account/UserAvatar.tsx';
import { pageWidth } from '../layout/pageWidth.ts';
import { useSignedInUser } from '../signedInUser.ts';
import { BindingsTab } from './BindingsTab.tsx';
import { IdentitiesTab } from './IdentitiesTab.tsx';
import { PasswordTab } from './PasswordTab.tsx';
import { ProfileTab } from './ProfileTab.tsx';

const TABS = ['profile', 'password', 'bindings', 'identities'] as const;
type Tab = (typeof TABS)[number];
const icons: Record<Tab, ReactNode> = {
  profile: <UserOutlined />,
  password: <LockOutlined />,
  bindings: <LinkOutlined />,
  identities: <IdcardOutlined />,
};

/**
 * The account centre: profile, password, bound accounts, identities. A user whose password is
 * still the default one may only change it here (both apps send such users here); the rest of
 * the portal waits until they have.
 */
export function AccountCenterPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const [params, setParams] = useSearchParams();
  const wide = Grid.useBreakpoint().md ?? true;
  const forced = user.defaultPass;
  const asked = params.get('tab');
  const tab: Tab = forced ? 'password' : (TABS.find((name) => name === asked) ?? 'profile');
  const select = (next: string) => {
    const query = new URLSearchParams(params);
    query.set('tab', next);
    // The outcome of a binding that came back here belongs to the visit that started it.
    for (const done of ['oauth', 'oauthError', 'provider', 'ticket']) query.delete(done);
    setParams(query, { replace: true });
  };
  const panes: Record<Tab, ReactNode> = {
    profile: <ProfileTab user={user} />,
    password: <PasswordTab user={user} forced={forced} />,
    bindings: <BindingsTab />,
    identities: <IdentitiesTab />,
  };
  return (
    <div data-testid="account-center" style={{ ...pageWidth, paddingTop: 16, paddingBottom: 40 }}>
      <Breadcrumb
        style={{ marginBottom: 16 }}
        items={[
          // Until a default password is changed there is nowhere else to go.
          { title: forced ? t('route.home') : <Link to="/">{t('route.home')}</Link> },
          { title: t('route.accountCenter') },
        ]}
      />
      <Flex align="center" gap={16} style={{ marginBottom: 20 }}>
        <UserAvatar name={user.nickname} avatar={user.avatar} size={56} />
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {user.nickname}
          </Typography.Title>
          <Typography.Text type="secondary">
            {[user.account, user.identityName].filter(Boolean).join(' · ')}
          </Typography.Text>
        </div>
      </Flex>
      {forced && (
        <Alert
          data-testid="force-password"
          type="warning"
          showIcon
          title={t('account.forcedTitle')}
          description={t('account.forcedText')}
          style={{ marginBottom: 16 }}
        />
      )}
      <Card styles={{ body: { padding: wide ? '8px 24px 24px 0' : '0 16px 16px' } }}>
        <Tabs
          activeKey={tab}
          onChange={select}
          tabPlacement={wide ? 'start' : 'top'}
          destroyOnHidden
          items={TABS.map((name) => ({
            key: name,
            label: t(`account.tabs.${name}`),
            icon: icons[name],
            disabled: forced && name !== 'password',
            children: <div style={{ maxWidth: 640, paddingTop: wide ? 16 : 0 }}>{panes[name]}</div>,
          }))}
          style={{ minHeight: 420 }}
        />
      </Card>
    </div>
  );
}
