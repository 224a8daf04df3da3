import type { CampusPushChannel } from '@meridian/contracts';
import type { Config } from '../../platform/config.ts';
import { aliyunSmsSender } from '../../platform/sms/aliyun.ts';
import type { Accepted, SmsSender } from '../../platform/sms/send.ts';
import { tencentSmsSender } from '../../platform/sms/tencent.ts';
import { type TemplateData, wechatTemplate } from '../../platform/wechat/template.ts';

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
    | 'CAMPUS_WECHAT_APP_ID'
    | 'CAMPUS_WECHAT_APP_SECRET'
    | 'CAMPUS_WECHAT_TEMPLATE_ID'
  >
> &
  Pick<Config, 'ALIYUN_SMS_BASE' | 'TENCENT_SMS_BASE' | 'WECHAT_API_BASE' | 'NOTIFY_SEND_TIMEOUT_MS'>;

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

/**
 * The school's official account for campus alerts by WeChat (decision 0150): a template message
 * whose one field, `content`, is the alert's sentence, to the openid on the roster entry. Null
 * unless CAMPUS_WECHAT_* are set: rules cannot choose WeChat.
 */
export function campusWechatSender(env: CampusSmsEnv): ((openid: string, content: string) => Promise<Accepted>) | null {
  if (!env.CAMPUS_WECHAT_APP_ID || !env.CAMPUS_WECHAT_APP_SECRET || !env.CAMPUS_WECHAT_TEMPLATE_ID) return null;
  const send = wechatTemplate({
    base: env.WECHAT_API_BASE,
    appId: env.CAMPUS_WECHAT_APP_ID,
    appSecret: env.CAMPUS_WECHAT_APP_SECRET,
    templateId: env.CAMPUS_WECHAT_TEMPLATE_ID,
    timeoutMs: env.NOTIFY_SEND_TIMEOUT_MS,
  });
  return (openid, content) => send(openid, { content: { value: content } } satisfies TemplateData);
}

/** The channels push rules may choose in this deployment: site messages always, SMS and WeChat when configured. */
export function readyChannels(env: CampusSmsEnv): CampusPushChannel[] {
  return [
    'site',
    ...(campusSmsSender(env) ? (['sms'] as const) : []),
    ...(campusWechatSender(env) ? (['wechat'] as const) : []),
  ];
}
