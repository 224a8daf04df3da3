import { isSessionInvalid } from '@meridian/contracts';
import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/errors.ts';
import { notifyError } from '../../shared/feedback.tsx';
import { errorText } from './errors.ts';

/**
 * A page or list that could not be loaded (queries with `silentError`): the server's own words and
 * a way to try again. A dead session still goes to sign in.
 */
export function LoadFailed({ error, onRetry, retrying }: { error: unknown; onRetry(): void; retrying: boolean }) {
  const { t } = useTranslation();
  useEffect(() => {
    if (error instanceof ApiError && isSessionInvalid(error.code)) notifyError(error);
  }, [error]);
  return (
    <Result
      data-testid="load-failed"
      status="warning"
      title={t('ui.loadFailed')}
      subTitle={errorText(error)}
      extra={
        <Button onClick={onRetry} loading={retrying}>
          {t('ui.retry')}
        </Button>
      }
    />
  );
}
