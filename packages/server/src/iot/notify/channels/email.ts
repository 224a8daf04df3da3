import nodemailer from 'nodemailer';
import { SendError } from '../../../platform/sms/send.ts';
import type { ChannelSender } from './types.ts';

/** An account's Email Server, or the platform's SMTP_URL. */
export type SmtpTarget =
  | { url: string; from: string }
  | {
      host: string;
      port: number;
      security: 'none' | 'starttls' | 'tls';
      user: string | null;
      password: string | null;
      from: string;
    };

/** SMTP answers 5xx for what will never go through (unknown mailbox, refused login); 4xx and network errors are retried. */
function permanent(error: unknown): boolean {
  const code = (error as { responseCode?: number }).responseCode;
  const kind = (error as { code?: string }).code;
  return (typeof code === 'number' && code >= 500) || kind === 'EAUTH' || kind === 'EENVELOPE';
}

/**
 * Alarm mail over SMTP (nodemailer), plain text. The Message-ID is the delivery's key, so that
 * a mail resent after an unanswered attempt is the same message to the mail system.
 */
export function emailSender(target: SmtpTarget, timeoutMs: number): ChannelSender & { close(): void } {
  const timeouts = { connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs };
  const transport =
    'url' in target
      ? nodemailer.createTransport({ url: target.url, ...timeouts })
      : nodemailer.createTransport({
          host: target.host,
          port: target.port,
          secure: target.security === 'tls',
          requireTLS: target.security === 'starttls',
          ignoreTLS: target.security === 'none',
          auth: target.user ? { user: target.user, pass: target.password ?? '' } : undefined,
          ...timeouts,
        });
  return {
    provider: 'smtp',
    async send(message) {
      try {
        const info = await transport.sendMail({
          from: target.from,
          to: message.target,
          subject: message.subject,
          text: message.text,
          messageId: `<${message.key.replace(/[^A-Za-z0-9.-]/g, '.')}@meridian.alarm>`,
        });
        return { ref: info.messageId ?? null };
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new SendError(`SMTP: ${reason}`, { permanent: permanent(error), cause: error });
      } finally {
        transport.close();
      }
    },
    close: () => transport.close(),
  };
}
