import { translate } from '@meridian/contracts';
import nodemailer from 'nodemailer';
import { DeliveryError } from '../../platform/sms/send.ts';
import type { CodeChannel } from './delivery.ts';

/**
 * Codes by email over SMTP (nodemailer): `smtp://` upgrades with STARTTLS when the server offers
 * it, `smtps://` is TLS from the start. The mail is plain text in the reader's language.
 */
export function smtpChannel(options: { url: string; from: string; timeoutMs: number }): CodeChannel {
  const transport = nodemailer.createTransport(
    {
      url: options.url,
      connectionTimeout: options.timeoutMs,
      greetingTimeout: options.timeoutMs,
      socketTimeout: options.timeoutMs,
    },
    { from: options.from },
  );
  return {
    channel: 'email',
    provider: 'smtp',
    async deliver({ target, purpose, code, lang, minutes }) {
      const params = { code, minutes, purpose: translate(`code.purpose.${purpose}`, lang) };
      try {
        await transport.sendMail({
          to: target,
          subject: translate('code.mail.subject', lang, params),
          text: translate('code.mail.body', lang, params),
        });
      } catch (error) {
        throw new DeliveryError(`SMTP: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      }
    },
    async close() {
      transport.close();
    },
  };
}
