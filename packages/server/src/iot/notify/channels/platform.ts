import type { Config } from '../../../platform/config.ts';
import { aliyunSmsSender, aliyunVoiceSender } from '../../../platform/sms/aliyun.ts';
import { tencentSmsSender, tencentVoiceSender } from './tencent.ts';
import type { ChannelSender } from './types.ts';

/** What the platform's alarm sender takes from the configuration (decision 0134). */
export type PlatformAlarmEnv = Partial<
  Pick<
    Config,
    | 'SMS_PROVIDER'
    | 'SMS_SIGN_NAME'
    | 'ALIYUN_SMS_ACCESS_KEY_ID'
    | 'ALIYUN_SMS_ACCESS_KEY_SECRET'
    | 'TENCENT_SMS_SECRET_ID'
    | 'TENCENT_SMS_SECRET_KEY'
    | 'TENCENT_SMS_SDK_APP_ID'
    | 'TENCENT_SMS_REGION'
    | 'ALARM_SMS_TEMPLATE_CODE'
    | 'ALARM_VOICE_TEMPLATE_CODE'
  >
> &
  Pick<
    Config,
    'ALIYUN_SMS_BASE' | 'ALIYUN_VOICE_BASE' | 'TENCENT_SMS_BASE' | 'TENCENT_VOICE_BASE' | 'NOTIFY_SEND_TIMEOUT_MS'
  >;

/**
 * The deployment's own provider for alarm SMS or calls of accounts that set none up: SMS_PROVIDER
 * (Aliyun or Tencent) with its keys and sign, and the alarm template of the channel. Null when the
 * deployment has no alarm template for the channel: such accounts then fail "not set up", as before.
 */
export function platformAlarmSender(channel: 'sms' | 'voice', env: PlatformAlarmEnv): ChannelSender | null {
  const template = channel === 'sms' ? env.ALARM_SMS_TEMPLATE_CODE : env.ALARM_VOICE_TEMPLATE_CODE;
  if (!template) return null;
  const timeoutMs = env.NOTIFY_SEND_TIMEOUT_MS;
  if (env.SMS_PROVIDER === 'aliyun' && env.ALIYUN_SMS_ACCESS_KEY_ID && env.ALIYUN_SMS_ACCESS_KEY_SECRET) {
    const keys = {
      accessKeyId: env.ALIYUN_SMS_ACCESS_KEY_ID,
      accessKeySecret: env.ALIYUN_SMS_ACCESS_KEY_SECRET,
      timeoutMs,
    };
    return channel === 'sms'
      ? aliyunSmsSender({
          ...keys,
          base: env.ALIYUN_SMS_BASE,
          signName: env.SMS_SIGN_NAME ?? '',
          templateCode: template,
        })
      : aliyunVoiceSender({ ...keys, base: env.ALIYUN_VOICE_BASE, ttsCode: template, calledShowNumber: null });
  }
  if (env.SMS_PROVIDER === 'tencent' && env.TENCENT_SMS_SECRET_ID && env.TENCENT_SMS_SECRET_KEY) {
    const keys = {
      secretId: env.TENCENT_SMS_SECRET_ID,
      secretKey: env.TENCENT_SMS_SECRET_KEY,
      region: env.TENCENT_SMS_REGION ?? 'ap-guangzhou',
      sdkAppId: env.TENCENT_SMS_SDK_APP_ID ?? '',
      templateId: template,
      timeoutMs,
    };
    return channel === 'sms'
      ? tencentSmsSender({ ...keys, base: env.TENCENT_SMS_BASE, signName: env.SMS_SIGN_NAME ?? '' })
      : tencentVoiceSender({ ...keys, base: env.TENCENT_VOICE_BASE });
  }
  return null;
}
