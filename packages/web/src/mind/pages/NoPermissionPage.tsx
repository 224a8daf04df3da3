import { Button, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getToken, redirectToSignIn } from '../../shared/session.ts';
import { signOutOfMind } from '../session/signOut.ts';

/** Where students and parents land (spec section 4): the web platform is not theirs; another account may be. */
export function NoPermissionPage() {
  const { t } = useTranslation();
  const [leaving, setLeaving] = useState(false);
  const switchAccount = () => {
    setLeaving(true);
    if (getToken()) void signOutOfMind();
    else redirectToSignIn(`${window.location.origin}/jdp/`);
  };
  return (
    <Result
      data-testid="mind-no-permission"
      status="403"
      title={t('route.noPermission')}
      subTitle={t('noPermission.description')}
      extra={
        <Button type="primary" loading={leaving} onClick={switchAccount}>
          {t('noPermission.signOut')}
        </Button>
      }
    />
  );
}
