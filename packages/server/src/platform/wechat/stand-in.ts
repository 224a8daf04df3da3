import { randomBytes } from 'node:crypto';
import { type Answer, serve } from '../sms/stand-ins.ts';
import { wechatSignature } from './events.ts';

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
 *
 * `qrcode/create` makes temporary scene QR codes (decision 0156); `scan(url, openid)` then plays the
 * phone that scanned one: WeChat posts the account's server the signed XML event, `subscribe` with
 * `qrscene_<scene>` for a new follower or `SCAN` with the scene for one who follows already, and
 * hands back the server's reply (the text the follower would read in the chat).
 */
export async function startWechat(appId: string, appSecret: string) {
  const state = { next: [] as Answer[], tokenNo: 0, current: '', tokenCalls: 0 };
  const delivered: DeliveredTemplate[] = [];
  /** The scene of each QR code made, by the address it encodes. */
  const scenes = new Map<string, string>();
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
    if (r.path === '/cgi-bin/qrcode/create') {
      if (r.query.get('access_token') !== state.current)
        return { body: { errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' } };
      const body = JSON.parse(r.body) as {
        expire_seconds?: number;
        action_name: string;
        action_info?: { scene?: { scene_str?: string } };
      };
      const scene = body.action_info?.scene?.scene_str;
      if (body.action_name !== 'QR_STR_SCENE' || !scene || scene.length > 64)
        return { body: { errcode: 40053, errmsg: 'invalid action info' } };
      const ticket = randomBytes(24).toString('base64url');
      const url = `http://weixin.qq.com/q/${randomBytes(12).toString('base64url')}`;
      scenes.set(url, scene);
      return {
        body: { ticket, expire_seconds: Math.min(body.expire_seconds ?? 60, 2_592_000), url },
      };
    }
    return { status: 404, body: { errcode: 404, errmsg: 'not found' } };
  });
  return {
    ...server,
    state,
    delivered,
    /** Another system forced a new token: ours is now refused. */
    revoke: () => newToken(),
    /** The addresses of the QR codes made so far, oldest first (what a phone would read off the screen). */
    codes: () => [...scenes.keys()],
    /**
     * A phone scans the QR code carrying `qrUrl`: WeChat posts the event to `endpoint`, signed with
     * the account's server `token`, from `openid` (`following`: a follower already, a SCAN event).
     * `at` is the event's time (now unless a test replays an old one). Answers the server's reply.
     */
    async scan(
      qrUrl: string,
      openid: string,
      to: { endpoint: string; token: string; following?: boolean; at?: number },
    ): Promise<{ status: number; body: string }> {
      const scene = scenes.get(qrUrl);
      if (scene === undefined) throw new Error(`the stand-in made no QR code ${qrUrl}`);
      const event = to.following ? 'SCAN' : 'subscribe';
      const key = to.following ? scene : `qrscene_${scene}`;
      return postEvent(to.endpoint, to.token, openid, event, key, to.at ?? Date.now());
    },
  };
}

/** Posts one signed event as WeChat does (plaintext mode) and answers the server's reply. */
export async function postEvent(
  endpoint: string,
  token: string,
  openid: string,
  event: string,
  eventKey: string,
  at: number,
): Promise<{ status: number; body: string }> {
  const timestamp = String(Math.floor(at / 1000));
  const nonce = String(randomBytes(4).readUInt32BE());
  const query = new URLSearchParams({
    signature: wechatSignature(token, timestamp, nonce),
    timestamp,
    nonce,
    openid,
  });
  const xml =
    `<xml><ToUserName><![CDATA[gh_campus00001]]></ToUserName><FromUserName><![CDATA[${openid}]]></FromUserName>` +
    `<CreateTime>${timestamp}</CreateTime><MsgType><![CDATA[event]]></MsgType><Event><![CDATA[${event}]]></Event>` +
    `<EventKey><![CDATA[${eventKey}]]></EventKey><Ticket><![CDATA[${randomBytes(8).toString('hex')}]]></Ticket></xml>`;
  const res = await fetch(`${endpoint}?${query}`, {
    method: 'POST',
    headers: { 'content-type': 'text/xml' },
    body: xml,
    signal: AbortSignal.timeout(5000),
  });
  return { status: res.status, body: await res.text() };
}
