import { aliyunSmsSender } from '../../platform/sms/aliyun.ts';
import type { SmsSender } from '../../platform/sms/send.ts';
import { tencentSmsSender } from '../../platform/sms/tencent.ts';
import type { SmsProvider } from './delivery.ts';

/**
 * Verification codes through a cloud SMS account, with the platform's adapters that alarm SMS use
 * too. The template is the account's approved verification-code template: Aliyun fills `${code}`
 * from TemplateParam `{"code": ...}`; Tencent fills {1} with the code and {2} with the minutes it
 * lives, as its standard verification template has them. The sign and template carry the words,
 * so a code reads the same in any language.
 */
function cloudCodeProvider(sender: SmsSender, withMinutes: boolean): SmsProvider {
  return {
    name: sender.provider,
    async sendCode({ key, phone, code, minutes }) {
      const params: Record<string, string> = withMinutes ? { code, minutes: String(minutes) } : { code };
      await sender.send({ key, target: phone, params });
    },
  };
}

/** Aliyun dysmsapi SendSms (signature 1.0, HMAC-SHA1). */
export function aliyunCodeProvider(options: {
  base: string;
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  timeoutMs: number;
}): SmsProvider {
  return cloudCodeProvider(aliyunSmsSender(options), false);
}

/** Tencent Cloud sms SendSms 2021-01-11 (TC3-HMAC-SHA256). */
export function tencentCodeProvider(options: {
  base: string;
  secretId: string;
  secretKey: string;
  region: string;
  sdkAppId: string;
  signName: string;
  templateId: string;
  timeoutMs: number;
}): SmsProvider {
  return cloudCodeProvider(tencentSmsSender({ ...options, paramOrder: ['code', 'minutes'] }), true);
}
