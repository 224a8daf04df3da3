import { type WechatOptions, wechatTemplate } from '../../../platform/wechat/template.ts';
import type { ChannelSender } from './types.ts';

export { forgetWechatTokens, type WechatOptions } from '../../../platform/wechat/template.ts';

/**
 * Alarms by WeChat official account template message (the token, its retry and the error codes
 * are the platform's, `platform/wechat/template.ts`). The template's fields: first (the alarm),
 * keyword1 device, keyword2 data point and value, keyword3 time, keyword4 content, remark.
 */
export function wechatSender(options: WechatOptions): ChannelSender {
  const send = wechatTemplate(options);
  return {
    provider: 'wechat',
    send(message) {
      const p = message.params;
      return send(message.target, {
        first: { value: message.subject },
        keyword1: { value: p.device },
        keyword2: { value: [p.point, p.value].filter(Boolean).join(' ') },
        keyword3: { value: p.time },
        keyword4: { value: p.content },
        remark: { value: '' },
      });
    },
  };
}
