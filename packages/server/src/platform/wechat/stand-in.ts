import { type Answer, serve } from '../sms/stand-ins.ts';

/** A template message that reached the stand-in with the current token. */
export interface DeliveredTemplate {
  openid: string;
  templateId: string;
  data: Record<string, { value: string }>;
}

/**
 * A local stand-in for WeChat's official account API, for tests: `stable_token` hands out tokens
 * (T1, T2... a forced refresh makes a new one), `message/template/send` accepts only the current
 * token and records what it accepted in `delivered`, answering what the test sets in `next`
 * (an answer, or 'hang'). `revoke()` makes the current token invalid, as when another system
 * forced a refresh: the next send gets 40001.
 */
export async function startWechat(appId: string, appSecret: string) {
  const state = { next: [] as Answer[], tokenNo: 0, current: '', tokenCalls: 0 };
  const delivered: DeliveredTemplate[] = [];
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
      const answer = state.next.shift() ?? { body: { errcode: 0, errmsg: 'ok', msgid: 200228332 } };
      const accepted = answer !== 'hang' && (answer.body as { errcode?: number }).errcode === 0;
      if (accepted) {
        const body = JSON.parse(r.body) as { touser: string; template_id: string; data: DeliveredTemplate['data'] };
        delivered.push({ openid: body.touser, templateId: body.template_id, data: body.data });
      }
      return answer;
    }
    return { status: 404, body: { errcode: 404, errmsg: 'not found' } };
  });
  return {
    ...server,
    state,
    delivered,
    /** Another system forced a new token: ours is now refused. */
    revoke: () => newToken(),
  };
}
