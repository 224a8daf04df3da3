import { ExclamationCircleFilled } from '@ant-design/icons';
import { isSessionInvalid } from '@meridian/contracts';
import { Button, Flex, theme } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorText } from '../errors.ts';
import { notifyError } from '../feedback.tsx';

/**
 * A list or page that could not be loaded, for queries that show their failure in place
 * (`silentError`): the server's own words and a way to try again. A dead session still goes to
 * sign in. It draws what antd's warning Result draws, without Result, whose 403/404/500 pictures
 * would weigh 10 KB on every first screen that can fail (decision 0051).
 */
export function LoadFailed({ error, onRetry, retrying }: { error: unknown; onRetry(): void; retrying: boolean }) {
  const { t } = useTranslation();
  // A refusal or a missing record answers the same the next time: no retry is offered for them.
  const final = error instanceof ApiError && error.failure === 'response' && [403, 404].includes(error.httpStatus);
  const { token } = theme.useToken();
  useEffect(() => {
    if (error instanceof ApiError && isSessionInvalid(error.code)) notifyError(error);
  }, [error]);
  return (
    <Flex
      data-testid="load-failed"
      vertical
      align="center"
      gap={8}
      style={{ padding: '48px 32px', textAlign: 'center' }}
    >
      <ExclamationCircleFilled style={{ fontSize: 72, color: token.colorWarning, marginBottom: 16 }} />
      <div
        style={{
          color: token.colorTextHeading,
          fontSize: token.fontSizeHeading3,
          lineHeight: token.lineHeightHeading3,
        }}
      >
        {t('list.loadFailed')}
      </div>
      <div style={{ color: token.colorTextDescription, fontSize: token.fontSize }}>{errorText(error)}</div>
      {!final && (
        <Button onClick={onRetry} loading={retrying} style={{ marginTop: 16 }}>
          {t('list.retry')}
        </Button>
      )}
    </Flex>
  );
}
