import type { CampusPushChannel } from '@meridian/contracts';
import type { Config } from '../../platform/config.ts';
import { aliyunSmsSender } from '../../platform/sms/aliyun.ts';
import type { SmsSender } from '../../platform/sms/send.ts';
import { tencentSmsSender } from '../../platform/sms/tencent.ts';

/** What the campus SMS sender takes from the deployment's settings (decision 0143). */
export type CampusSmsEnv = Partial<
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
    | 'CAMPUS_SMS_TEMPLATE_CODE'
  >
> &
  Pick<Config, 'ALIYUN_SMS_BASE' | 'TENCENT_SMS_BASE' | 'NOTIFY_SEND_TIMEOUT_MS'>;

/** The one parameter of the campus template: the alert's sentence. Tencent numbers it {1}. */
export const CAMPUS_SMS_PARAMS = ['content'] as const;

/**
 * The deployment's SMS provider for campus alerts: SMS_PROVIDER (Aliyun or Tencent) with its keys
 * and sign, and the campus template. Null without the template: rules cannot choose SMS.
 */
export function campusSmsSender(env: CampusSmsEnv): SmsSender | null {
  const template = env.CAMPUS_SMS_TEMPLATE_CODE;
  if (!template) return null;
  const timeoutMs = env.NOTIFY_SEND_TIMEOUT_MS;
  const signName = env.SMS_SIGN_NAME ?? '';
  if (env.SMS_PROVIDER === 'aliyun' && env.ALIYUN_SMS_ACCESS_KEY_ID && env.ALIYUN_SMS_ACCESS_KEY_SECRET) {
    return aliyunSmsSender({
      base: env.ALIYUN_SMS_BASE,
      accessKeyId: env.ALIYUN_SMS_ACCESS_KEY_ID,
      accessKeySecret: env.ALIYUN_SMS_ACCESS_KEY_SECRET,
      timeoutMs,
      signName,
      templateCode: template,
    });
  }
  if (env.SMS_PROVIDER === 'tencent' && env.TENCENT_SMS_SECRET_ID && env.TENCENT_SMS_SECRET_KEY) {
    return tencentSmsSender({
      base: env.TENCENT_SMS_BASE,
      secretId: env.TENCENT_SMS_SECRET_ID,
      secretKey: env.TENCENT_SMS_SECRET_KEY,
      region: env.TENCENT_SMS_REGION ?? 'ap-guangzhou',
      sdkAppId: env.TENCENT_SMS_SDK_APP_ID ?? '',
      templateId: template,
      signName,
      timeoutMs,
      paramOrder: CAMPUS_SMS_PARAMS,
    });
  }
  return null;
}

/** The channels push rules may choose in this deployment: site messages always, SMS when configured. */
export function readyChannels(env: CampusSmsEnv): CampusPushChannel[] {
  return campusSmsSender(env) ? ['site', 'sms'] : ['site'];
}
