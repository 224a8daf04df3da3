import { type Answer, serve } from '../../platform/sms/stand-ins.ts';

/**
 * Local stand-ins for WeChat official accounts and a webhook, for tests; the Aliyun and Tencent
 * Cloud stand-ins are the platform's (`platform/sms/stand-ins.ts`). Each records what reached it
 * and answers what the test sets in `next`: an answer, or 'hang' to never answer (a timeout).
 */

/**
 * WeChat's official account API: `stable_token` hands out tokens (T1, T2... a forced refresh
 * makes a new one), `message/template/send` accepts only the current token. `revoke()` makes the
 * current token invalid, as when another system forced a refresh: the next send gets 40001.
 */
export async function startWechat(appId: string, appSecret: string) {
  const state = { next: [] as Answer[], tokenNo: 0, current: '', tokenCalls: 0 };
  const newToken = () => {
    state.tokenNo += 1;
    state.current = `T${state.tokenNo}`;
  };
  const server = await serve((r) => {
    if (r.path === '/cgi-bin/stable_token') {
      state.tokenCalls += 1;
      const body = JSON.parse(r.body) as { appid: string; secret: string; force_refresh?: boolean };
      if (body.appid !== appId || body.secret !== appSecret)
        return { body: { errcode: 40125, errmsg: 'invalid appsecret' } };
      if (!state.current || body.force_refresh) newToken();
      return { body: { access_token: state.current, expires_in: 7200 } };
    }
    if (r.path === '/cgi-bin/message/template/send') {
      if (r.query.get('access_token') !== state.current)
        return { body: { errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' } };
      return state.next.shift() ?? { body: { errcode: 0, errmsg: 'ok', msgid: 200228332 } };
    }
    return { status: 404, body: { errcode: 404, errmsg: 'not found' } };
  });
  return {
    ...server,
    state,
    /** Another system forced a new token: ours is now refused. */
    revoke: () => newToken(),
  };
}

/** A webhook (SMS, voice or push gateway of one's own): answers 200 unless told otherwise. */
export async function startWebhook() {
  const state: { next: Answer[] } = { next: [] };
  const server = await serve(() => state.next.shift() ?? { body: { ok: true } });
  return { ...server, state };
}
