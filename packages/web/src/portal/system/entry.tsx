import { SettingOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { signOut, type UserInfo } from '../../shared/auth.ts';
import { useSystemPages } from './access.ts';
import { returnFromRunAs, runAsReturnToken } from './runAs.ts';

/** The account menu's way into the administration pages, for a role that grants one of them. */
export function useAdministrationEntry(): { label: string; onOpen(): void } | undefined {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pages = useSystemPages();
  return pages.length > 0 ? { label: t('system.entry'), onOpen: () => navigate('/system') } : undefined;
}

/** The launcher's link to the administration pages, shown only to a role that grants one of them. */
export function AdministrationLink() {
  const { t } = useTranslation();
  const pages = useSystemPages();
  if (pages.length === 0) return null;
  return (
    <Link to="/system" data-testid="administration-link">
      <Button size="large" icon={<SettingOutlined />}>
        {t('system.entry')}
      </Button>
    </Link>
  );
}

/**
 * Where the browser goes once signed out: back to the administrator's own session when this tab
 * was acting as someone (its token read now, before the sign-out clears it), else to sign in.
 */
export function useAfterSignOut(user: UserInfo | undefined): () => void {
  const navigate = useNavigate();
  const adminToken = user?.runAsBy ? runAsReturnToken() : null;
  return () => {
    if (!adminToken) {
      navigate('/login', { replace: true });
      return;
    }
    returnFromRunAs(adminToken);
    // A new page load, so that nothing cached for the user shows as the administrator's.
    window.location.assign('/system/users');
  };
}

/** The banner over every page of a run-as session: who is being acted as, and the way back. */
export function RunAsBanner({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const afterSignOut = useAfterSignOut(user);
  const [leaving, setLeaving] = useState(false);
  const returns = runAsReturnToken() !== null;
  return (
    <Alert
      banner
      type="warning"
      data-testid="run-as-banner"
      title={t(returns ? 'system.runAs.banner' : 'system.runAs.bannerNoReturn', {
        name: user.nickname,
        account: user.account,
      })}
      action={
        <Button
          size="small"
          loading={leaving}
          onClick={async () => {
            setLeaving(true);
            await signOut();
            afterSignOut();
          }}
        >
          {t('system.runAs.end')}
        </Button>
      }
    />
  );
}
