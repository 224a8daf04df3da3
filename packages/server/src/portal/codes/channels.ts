import type { CodeChannel as ChannelName } from '@meridian/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../platform/config.ts';
import { type CodeChannel, logChannel, smsChannel } from './delivery.ts';
import { smtpChannel } from './mail.ts';
import { webhookSmsProvider } from './sms-webhook.ts';

/** The channels a deployment has, from its configuration; null where it has none. */
export interface CodeChannels {
  sms: CodeChannel | null;
  email: CodeChannel | null;
  close(): Promise<void>;
}

export function codeChannelsFrom(config: Config, log: FastifyBaseLogger): CodeChannels {
  const timeoutMs = config.CODE_SEND_TIMEOUT_MS;
  const fallback = (channel: ChannelName) => (config.CODE_LOG ? logChannel(channel, log) : null);
  const sms = config.SMS_WEBHOOK_URL
    ? smsChannel(webhookSmsProvider({ url: config.SMS_WEBHOOK_URL, token: config.SMS_WEBHOOK_TOKEN, timeoutMs }))
    : fallback('sms');
  const email = config.SMTP_URL
    ? smtpChannel({ url: config.SMTP_URL, from: config.SMTP_FROM, timeoutMs })
    : fallback('email');
  return {
    sms,
    email,
    async close() {
      await sms?.close?.();
      await email?.close?.();
    },
  };
}
