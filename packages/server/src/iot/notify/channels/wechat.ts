import { call, jsonOf, SendError } from '../../../platform/sms/send.ts';
import type { ChannelSender } from './types.ts';

interface WechatAnswer {
  errcode?: number;
  errmsg?: string;
  access_token?: string;
  expires_in?: number;
  msgid?: number | string;
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
  base: string;
  appId: string;
  appSecret: string;
  templateId: string;
  timeoutMs: number;
}

async function fetchToken(options: WechatOptions, force: boolean): Promise<string> {
  const response = await call(
    'wechat',
    `${options.base.replace(/\/$/, '')}/cgi-bin/stable_token`,
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
async function accessToken(options: WechatOptions, stale: string | null): Promise<string> {
  const cached = tokens.get(options.appId);
  if (cached && cached.token !== stale && cached.until > Date.now()) return cached.token;
  const token = await fetchToken(options, false);
  return stale !== null && token === stale ? fetchToken(options, true) : token;
}

/**
 * WeChat official account template messages (`cgi-bin/message/template/send`). The template's
 * fields: first (the alarm), keyword1 device, keyword2 data point and value, keyword3 time,
 * keyword4 content, remark. A refused token is fetched again once and the message resent.
 */
export function wechatSender(options: WechatOptions): ChannelSender {
  async function sendWith(token: string, message: Parameters<ChannelSender['send']>[0]) {
    const p = message.params;
    const body = {
      touser: message.target,
      template_id: options.templateId,
      data: {
        first: { value: message.subject },
        keyword1: { value: p.device },
        keyword2: { value: [p.point, p.value].filter(Boolean).join(' ') },
        keyword3: { value: p.time },
        keyword4: { value: p.content },
        remark: { value: '' },
      },
    };
    const response = await call(
      'wechat',
      `${options.base.replace(/\/$/, '')}/cgi-bin/message/template/send?access_token=${encodeURIComponent(token)}`,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
      options.timeoutMs,
    );
    return jsonOf<WechatAnswer>('wechat', response);
  }

  return {
    provider: 'wechat',
    async send(message) {
      let token = await accessToken(options, null);
      let answer = await sendWith(token, message);
      if (TOKEN_REFUSED.has(Number(answer.errcode))) {
        token = await accessToken(options, token);
        answer = await sendWith(token, message);
      }
      const code = Number(answer.errcode ?? 0);
      if (code === 0) return { ref: answer.msgid === undefined ? null : String(answer.msgid) };
      throw new SendError(`wechat template send ${code}: ${answer.errmsg ?? ''}`.trim(), {
        permanent: PERMANENT.has(code),
      });
    },
  };
}
