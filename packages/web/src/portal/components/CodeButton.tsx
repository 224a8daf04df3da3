import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/errors.ts';
import { useCountdown } from '../../shared/useCountdown.ts';
import type { CodeSent } from '../api.ts';

interface CodeButtonProps {
  /** Checks the phone or address first; resolves false to send nothing. */
  ready(): Promise<boolean>;
  send(): Promise<CodeSent>;
  onSent?(sent: CodeSent): void;
  onError(error: unknown): void;
  disabled?: boolean;
}

/** Seconds the server still wants us to wait, when it refused a resend and said so. */
function waitOf(error: unknown): number {
  if (!(error instanceof ApiError) || typeof error.data !== 'object' || error.data === null) return 0;
  const data = error.data as Record<string, unknown>;
  const seconds = data.retryAfter ?? data.resendAfter;
  return typeof seconds === 'number' ? seconds : 0;
}

/** "Get code", then a countdown until another may be sent (the server decides how long). */
export function CodeButton({ ready, send, onSent, onError, disabled }: CodeButtonProps) {
  const { t } = useTranslation();
  const { left, start } = useCountdown();
  const [sending, setSending] = useState(false);
  const [sentOnce, setSentOnce] = useState(false);
  const onClick = async () => {
    if (!(await ready())) return;
    setSending(true);
    try {
      const sent = await send();
      start(sent.resendAfter);
      setSentOnce(true);
      onSent?.(sent);
    } catch (error) {
      start(waitOf(error));
      onError(error);
    } finally {
      setSending(false);
    }
  };
  const label = left > 0 ? t('code.wait', { seconds: left }) : sentOnce ? t('code.resend') : t('code.send');
  return (
    <Button
      data-testid="send-code"
      onClick={onClick}
      loading={sending}
      disabled={disabled || left > 0}
      style={{ minWidth: 118 }}
    >
      {label}
    </Button>
  );
}
