import { type Answer, serve } from '../../platform/sms/stand-ins.ts';

export { startWechat } from '../../platform/wechat/stand-in.ts';

/**
 * Local stand-in for a webhook, for tests; the Aliyun, Tencent Cloud and WeChat stand-ins are the
 * platform's (`platform/sms/stand-ins.ts`, `platform/wechat/stand-in.ts`). Each records what reached it
 * and answers what the test sets in `next`: an answer, or 'hang' to never answer (a timeout).
 */

/** A webhook (SMS, voice or push gateway of one's own): answers 200 unless told otherwise. */
export async function startWebhook() {
  const state: { next: Answer[] } = { next: [] };
  const server = await serve(() => state.next.shift() ?? { body: { ok: true } });
  return { ...server, state };
}
