import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { Registered as RegisteredAccount } from '../api.ts';

/** After sign-up: sign in now, or wait for an administrator's review (the spec's sentence). */
export function Registered({ registered }: { registered: RegisteredAccount }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const pending = registered.status === 'pending';
  return (
    <Result
      data-testid={pending ? 'register-review' : 'register-done'}
      status={pending ? 'info' : 'success'}
      title={pending ? t('register.pendingTitle') : t('register.doneTitle')}
      subTitle={
        pending
          ? t('register.pendingText', { account: registered.account })
          : t('register.doneText', { account: registered.account })
      }
      extra={
        <Link to={`/login${search}`}>
          <Button type="primary" size="large">
            {t('register.toLogin')}
          </Button>
        </Link>
      }
    />
  );
}
