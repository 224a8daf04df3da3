import {
  tencentSmsSender as platformSmsSender,
  tencentVoiceSender as platformVoiceSender,
  type TencentOptions,
} from '../../../platform/sms/tencent.ts';
import type { ChannelSender } from './types.ts';

/** Tencent templates number their parameters {1}..{5}: device, point, value, time, content. */
export const ALARM_PARAM_ORDER = ['device', 'point', 'value', 'time', 'content'] as const;

/** Alarm SMS through Tencent Cloud (the platform's SendSms), the alarm's parameters in template order. */
export function tencentSmsSender(
  options: TencentOptions & { sdkAppId: string; signName: string; templateId: string },
): ChannelSender {
  return platformSmsSender({ ...options, paramOrder: ALARM_PARAM_ORDER });
}

/** Alarm calls through Tencent Cloud voice messages (the platform's SendTtsVoice). */
export function tencentVoiceSender(options: TencentOptions & { sdkAppId: string; templateId: string }): ChannelSender {
  return platformVoiceSender({ ...options, paramOrder: ALARM_PARAM_ORDER });
}
