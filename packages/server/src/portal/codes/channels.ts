import type { CodeChannel as ChannelName } from '@meridian/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../platform/config.ts';
import { type CodeChannel, logChannel, type SmsProvider, smsChannel } from './delivery.ts';
import { smtpChannel } from './mail.ts';
import { aliyunCodeProvider, tencentCodeProvider } from './sms-providers.ts';
import { webhookSmsProvider } from './sms-webhook.ts';

/** The channels a deployment has, from its configuration; null where it has none. */
export interface CodeChannels {
  sms: CodeChannel | null;
  email: CodeChannel | null;
  close(): Promise<void>;
}

/**
 * The SMS provider SMS_PROVIDER names, its keys, sign and template from the environment only
 * (`loadConfig` refuses to start when one is missing). Unset, the webhook when SMS_WEBHOOK_URL is
 * set, otherwise none: `npm start` then answers that SMS is not configured (or logs codes with CODE_LOG).
 */
function smsProviderFrom(config: Config): SmsProvider | null {
  const timeoutMs = config.CODE_SEND_TIMEOUT_MS;
  const provider = config.SMS_PROVIDER ?? (config.SMS_WEBHOOK_URL ? 'webhook' : null);
  const signName = config.SMS_SIGN_NAME ?? '';
  const template = config.SMS_TEMPLATE_CODE ?? '';
  if (provider === 'aliyun') {
    return aliyunCodeProvider({
      base: config.ALIYUN_SMS_BASE,
      accessKeyId: config.ALIYUN_SMS_ACCESS_KEY_ID ?? '',
      accessKeySecret: config.ALIYUN_SMS_ACCESS_KEY_SECRET ?? '',
      signName,
      templateCode: template,
      timeoutMs,
    });
  }
  if (provider === 'tencent') {
    return tencentCodeProvider({
      base: config.TENCENT_SMS_BASE,
      secretId: config.TENCENT_SMS_SECRET_ID ?? '',
      secretKey: config.TENCENT_SMS_SECRET_KEY ?? '',
      region: config.TENCENT_SMS_REGION,
      sdkAppId: config.TENCENT_SMS_SDK_APP_ID ?? '',
      signName,
      templateId: template,
      timeoutMs,
    });
  }
  if (provider === 'webhook' && config.SMS_WEBHOOK_URL) {
    return webhookSmsProvider({ url: config.SMS_WEBHOOK_URL, token: config.SMS_WEBHOOK_TOKEN, timeoutMs });
  }
  return null;
}

export function codeChannelsFrom(config: Config, log: FastifyBaseLogger): CodeChannels {
  const timeoutMs = config.CODE_SEND_TIMEOUT_MS;
  const fallback = (channel: ChannelName) => (config.CODE_LOG ? logChannel(channel, log) : null);
  const provider = smsProviderFrom(config);
  const sms = provider ? smsChannel(provider) : fallback('sms');
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
