import type { NotifyChannel } from '@meridian/contracts';
import type { Kysely } from 'kysely';
import type { Config } from '../../../platform/config.ts';
import type { Database } from '../../../platform/db/schema.ts';
import { aliyunSmsSender, aliyunVoiceSender } from '../../../platform/sms/aliyun.ts';
import { SendError } from '../../../platform/sms/send.ts';
import { settingsFor } from '../settings.ts';
import { emailSender } from './email.ts';
import type { PlatformAlarmEnv } from './platform.ts';
import { tencentSmsSender, tencentVoiceSender } from './tencent.ts';
import type { ChannelSender } from './types.ts';
import { webhookSender } from './webhook.ts';
import { wechatSender } from './wechat.ts';

/** What the senders take from the configuration: provider base URLs, the platform mail server and the timeout. */
export type NotifyEnv = Pick<
  Config,
  | 'ALIYUN_SMS_BASE'
  | 'ALIYUN_VOICE_BASE'
  | 'TENCENT_SMS_BASE'
  | 'TENCENT_VOICE_BASE'
  | 'WECHAT_API_BASE'
  | 'SMTP_URL'
  | 'SMTP_FROM'
  | 'NOTIFY_SEND_TIMEOUT_MS'
> &
  PlatformAlarmEnv;

/** Settings the account saved but that cannot send: refused at once rather than retried. */
const notSetUp = (channel: NotifyChannel) =>
  new SendError(`no ${channel} channel set up for this account`, { permanent: true });

/**
 * The sender of `channel` for a device of `ownerId`, from that account's settings (or those of
 * the nearest account above); mail falls back to the platform's SMTP_URL. Throws a permanent
 * SendError when the channel is not set up, so that the delivery shows why it failed.
 */
export async function senderFor(
  db: Kysely<Database>,
  ownerId: number,
  channel: NotifyChannel,
  env: NotifyEnv,
): Promise<ChannelSender> {
  const timeoutMs = env.NOTIFY_SEND_TIMEOUT_MS;
  if (channel === 'email') {
    const server = await settingsFor(db, ownerId, 'emailServer');
    if (server?.enabled)
      return emailSender({ ...server, user: server.user ?? null, password: server.password ?? null }, timeoutMs);
    if (env.SMTP_URL) return emailSender({ url: env.SMTP_URL, from: env.SMTP_FROM }, timeoutMs);
    throw notSetUp(channel);
  }
  if (channel === 'wechat') {
    const s = await settingsFor(db, ownerId, 'wechat');
    if (!s?.enabled || !s.appSecret) throw notSetUp(channel);
    return wechatSender({
      base: env.WECHAT_API_BASE,
      appId: s.appId,
      appSecret: s.appSecret,
      templateId: s.templateId,
      timeoutMs,
    });
  }
  if (channel === 'push') {
    const s = await settingsFor(db, ownerId, 'push');
    if (!s) throw notSetUp(channel);
    return webhookSender({ channel, url: s.url, token: s.token, timeoutMs });
  }
  const s = await settingsFor(db, ownerId, channel);
  if (!s) throw notSetUp(channel);
  if (s.provider === 'webhook') return webhookSender({ channel, url: s.url, token: s.token, timeoutMs });
  if (s.provider === 'aliyun') {
    if (!s.accessKeySecret) throw notSetUp(channel);
    const base = { accessKeyId: s.accessKeyId, accessKeySecret: s.accessKeySecret, timeoutMs };
    return channel === 'sms'
      ? aliyunSmsSender({
          ...base,
          base: env.ALIYUN_SMS_BASE,
          signName: s.signName ?? '',
          templateCode: s.templateCode,
        })
      : aliyunVoiceSender({
          ...base,
          base: env.ALIYUN_VOICE_BASE,
          ttsCode: s.templateCode,
          calledShowNumber: s.calledShowNumber ?? null,
        });
  }
  if (!s.secretKey) throw notSetUp(channel);
  const base = {
    secretId: s.secretId,
    secretKey: s.secretKey,
    region: s.region,
    sdkAppId: s.sdkAppId,
    templateId: s.templateId,
    timeoutMs,
  };
  return channel === 'sms'
    ? tencentSmsSender({ ...base, base: env.TENCENT_SMS_BASE, signName: s.signName ?? '' })
    : tencentVoiceSender({ ...base, base: env.TENCENT_VOICE_BASE });
}
