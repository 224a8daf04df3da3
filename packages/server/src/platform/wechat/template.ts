import { type Accepted, call, jsonOf, SendError } from '../sms/send.ts';

/**
 * WeChat official account template messages (`cgi-bin/message/template/send`), for whichever app
 * tells people by WeChat (Device Cloud's alarms, Mind's campus alerts): the account's access token
 * kept between sends, a refused token fetched again once and the message resent, and WeChat's error
 * codes sorted into refusals retrying cannot help (`SendError.permanent`) and passing faults.
 */

interface WechatAnswer {
  errcode?: number;
  errmsg?: string;
  access_token?: string;
  expires_in?: number;
  msgid?: number | string;
  ticket?: string;
  url?: string;
}

/** The access token was refused: 40001 invalid credential, 40014 invalid token, 42001 expired. */
const TOKEN_REFUSED = new Set([40001, 40014, 42001]);
/** Retrying cannot help: bad app id or secret, bad openid or template, a follower who unsubscribed. */
const PERMANENT = new Set([40013, 40125, 40164, 40003, 40036, 40037, 43004, 43101, 47003, 41028]);

/**
 * Access tokens per official account, kept until five minutes before they expire. Fetched with
 * `stable_token`, which returns the same token to every node that asks, so that several job
 * processes do not invalidate one another's token as the older `cgi-bin/token` does.
 */
const tokens = new Map<string, { token: string; until: number }>();

/** Forgets every cached token (tests; a changed secret). */
export function forgetWechatTokens(): void {
  tokens.clear();
}

export interface WechatOptions {
  /** WECHAT_API_BASE: `https://api.weixin.qq.com`, or a stand-in. */
  base: string;
  appId: string;
  appSecret: string;
  templateId: string;
  timeoutMs: number;
}
/** What calls other than template messages need: the account without its template. */
export type WechatAccount = Omit<WechatOptions, 'templateId'>;

/** A template's fields by name, each `{ value }` as WeChat takes them. */
export type TemplateData = Record<string, { value: string }>;

const api = (options: WechatAccount, path: string) => `${options.base.replace(/\/$/, '')}${path}`;

async function fetchToken(options: WechatAccount, force: boolean): Promise<string> {
  const response = await call(
    'wechat',
    api(options, '/cgi-bin/stable_token'),
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'client_credential',
        appid: options.appId,
        secret: options.appSecret,
        force_refresh: force,
      }),
    },
    options.timeoutMs,
  );
  const answer = await jsonOf<WechatAnswer>('wechat', response);
  if (!answer.access_token) {
    const code = answer.errcode ?? response.status;
    throw new SendError(`wechat token ${code}: ${answer.errmsg ?? ''}`.trim(), {
      permanent: PERMANENT.has(Number(code)),
    });
  }
  const seconds = answer.expires_in ?? 7200;
  tokens.set(options.appId, { token: answer.access_token, until: Date.now() + Math.max(60, seconds - 300) * 1000 });
  return answer.access_token;
}

/**
 * The account's token: the cached one, else WeChat's current one. After WeChat refused `stale`
 * (someone forced a new token), the current one is asked for; only when WeChat still hands out
 * the refused token is a new one forced, since forced refreshes are limited per day.
 */
async function accessToken(options: WechatAccount, stale: string | null): Promise<string> {
  const cached = tokens.get(options.appId);
  if (cached && cached.token !== stale && cached.until > Date.now()) return cached.token;
  const token = await fetchToken(options, false);
  return stale !== null && token === stale ? fetchToken(options, true) : token;
}

/** Sends one template message to one follower (`openid`); resolves once WeChat accepted it, or throws a SendError. */
export function wechatTemplate(options: WechatOptions) {
  async function sendWith(token: string, openid: string, data: TemplateData) {
    const response = await call(
      'wechat',
      api(options, `/cgi-bin/message/template/send?access_token=${encodeURIComponent(token)}`),
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ touser: openid, template_id: options.templateId, data }),
      },
      options.timeoutMs,
    );
    return jsonOf<WechatAnswer>('wechat', response);
  }

  return async function send(openid: string, data: TemplateData): Promise<Accepted> {
    let token = await accessToken(options, null);
    let answer = await sendWith(token, openid, data);
    if (TOKEN_REFUSED.has(Number(answer.errcode))) {
      token = await accessToken(options, token);
      answer = await sendWith(token, openid, data);
    }
    const code = Number(answer.errcode ?? 0);
    if (code === 0) return { ref: answer.msgid === undefined ? null : String(answer.msgid) };
    throw new SendError(`wechat template send ${code}: ${answer.errmsg ?? ''}`.trim(), {
      permanent: PERMANENT.has(code),
    });
  };
}

/** A temporary QR code of the account: what its image encodes, and when WeChat stops honouring it. */
export interface SceneQr {
  /** The address the QR code carries (`http://weixin.qq.com/q/...`): draw it as a QR code. */
  url: string;
  ticket: string;
  expiresInSeconds: number;
}

/**
 * A temporary QR code with a string scene (`qrcode/create`, QR_STR_SCENE, decision 0156): whoever
 * scans it in WeChat follows the account if they did not, and WeChat pushes the account's server a
 * `subscribe` event (EventKey `qrscene_<scene>`) or a `SCAN` event (EventKey `<scene>`) from their openid.
 */
export async function createSceneQr(options: WechatAccount, scene: string, expireSeconds: number): Promise<SceneQr> {
  const create = async (token: string) => {
    const response = await call(
      'wechat',
      api(options, `/cgi-bin/qrcode/create?access_token=${encodeURIComponent(token)}`),
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          expire_seconds: expireSeconds,
          action_name: 'QR_STR_SCENE',
          action_info: { scene: { scene_str: scene } },
        }),
      },
      options.timeoutMs,
    );
    return jsonOf<WechatAnswer & { expire_seconds?: number }>('wechat', response);
  };
  let token = await accessToken(options, null);
  let answer = await create(token);
  if (TOKEN_REFUSED.has(Number(answer.errcode))) {
    token = await accessToken(options, token);
    answer = await create(token);
  }
  if (!answer.url || !answer.ticket) {
    const code = Number(answer.errcode ?? -1);
    throw new SendError(`wechat qrcode create ${code}: ${answer.errmsg ?? ''}`.trim(), {
      permanent: PERMANENT.has(code),
    });
  }
  return { url: answer.url, ticket: answer.ticket, expiresInSeconds: answer.expire_seconds ?? expireSeconds };
}
