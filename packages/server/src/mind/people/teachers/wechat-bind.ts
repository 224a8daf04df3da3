import { randomBytes } from 'node:crypto';
import {
  type Lang,
  type MessageKey,
  type MessageParams,
  type StaffWechatBinding,
  type StaffWechatTicket,
  translate,
} from '@meridian/contracts';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../../platform/config.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { SendError } from '../../../platform/sms/send.ts';
import { readWechatXml, wechatSigned, wechatTextReply } from '../../../platform/wechat/events.ts';
import { createSceneQr, type WechatAccount } from '../../../platform/wechat/template.ts';
import { audit } from '../../../portal/audit/service.ts';
import type { Actor } from '../../../portal/orgs/actor.ts';
import {
  claimTicket,
  insertTicket,
  rosterEntriesOf,
  setOpenidOf,
  ticketByScene,
  ticketOf,
} from './wechat-bind-repository.ts';

// A staff member binds their own WeChat by scanning a temporary QR code of the school's official
// account (decision 0156): the code's scene is a ticket of ours, WeChat pushes the scan as a signed
// event from the scanner's openid, and the openid goes on the staff member's roster entries.

/** How long a code works: WeChat's temporary QR code and our ticket alike. */
export const TICKET_SECONDS = 600;
/** A signed event older (or newer) than this is a replay, not WeChat. */
const EVENT_SKEW_MS = 5 * 60_000;
/** Our scenes; the account's other QR codes (posters, menus) are not ours to answer. */
const SCENE_PREFIX = 'mb_';

type BindEnv = Pick<
  Config,
  | 'CAMPUS_WECHAT_APP_ID'
  | 'CAMPUS_WECHAT_APP_SECRET'
  | 'CAMPUS_WECHAT_TOKEN'
  | 'WECHAT_API_BASE'
  | 'NOTIFY_SEND_TIMEOUT_MS'
>;

/** The official account that takes binding scans, or null when the deployment did not set its server token. */
function accountOf(config: BindEnv): (WechatAccount & { token: string }) | null {
  const { CAMPUS_WECHAT_APP_ID: appId, CAMPUS_WECHAT_APP_SECRET: appSecret, CAMPUS_WECHAT_TOKEN: token } = config;
  if (!appId || !appSecret || !token) return null;
  return { base: config.WECHAT_API_BASE, appId, appSecret, timeoutMs: config.NOTIFY_SEND_TIMEOUT_MS, token };
}

const tailOf = (openid: string) => `…${openid.slice(-4)}`;

/** Whether the caller may bind by scanning, and whether an openid is bound. */
export async function wechatBindingOf(actor: Actor): Promise<StaffWechatBinding> {
  const entries = await rosterEntriesOf(actor.db, actor.auth.userId);
  const openid = entries.find((e) => e.wechat_openid)?.wechat_openid ?? null;
  const why: MessageKey | null = !accountOf(actor.request.server.config)
    ? 'wechatBind.notConfigured'
    : entries.length === 0
      ? 'wechatBind.noRoster'
      : null;
  return {
    onRoster: entries.length > 0,
    available: why === null,
    unavailableReason: why === null ? null : translate(why, actor.lang),
    bound: openid !== null,
    openidTail: openid === null ? null : tailOf(openid),
  };
}

/** A new code for the caller: a temporary QR code of the account whose scene is a fresh ticket. */
export async function newWechatTicket(actor: Actor): Promise<StaffWechatTicket> {
  const account = accountOf(actor.request.server.config);
  if (!account) throw new AppError(409, 'wechatBind.notConfigured');
  if ((await rosterEntriesOf(actor.db, actor.auth.userId)).length === 0) throw new AppError(409, 'wechatBind.noRoster');
  const scene = `${SCENE_PREFIX}${randomBytes(18).toString('base64url')}`;
  let qr: Awaited<ReturnType<typeof createSceneQr>>;
  try {
    qr = await createSceneQr(account, scene, TICKET_SECONDS);
  } catch (error) {
    if (!(error instanceof SendError)) throw error;
    throw new AppError(502, 'wechatBind.unavailable', { params: { detail: error.message } });
  }
  const at = Date.now();
  const expiresAt = at + Math.min(TICKET_SECONDS, qr.expiresInSeconds) * 1000;
  const id = await insertTicket(actor.db, {
    user_id: actor.auth.userId,
    scene,
    expires_at: expiresAt,
    used_at: null,
    openid: null,
    created_at: at,
  });
  return { id, qrUrl: qr.url, expiresAt };
}

/** Where one of the caller's codes stands: waiting for a scan, bound, or expired. */
export async function wechatTicketState(actor: Actor, id: number) {
  const row = await ticketOf(actor.db, actor.auth.userId, id);
  if (!row) throw new AppError(404, 'wechatBind.ticketNotFound');
  const state = row.used_at !== null ? 'bound' : Number(row.expires_at) <= Date.now() ? 'expired' : 'waiting';
  return { state } as const;
}

/** Clears the caller's openid on their roster entries; audited. */
export async function unbindWechat(actor: Actor): Promise<StaffWechatBinding> {
  await actor.db.transaction().execute(async (trx) => {
    const cleared = await setOpenidOf(trx, actor.auth.userId, null, Date.now());
    await audit(trx, actor.request, {
      action: 'wechatBind.unbind',
      targetType: 'user',
      targetId: actor.auth.userId,
      detail: { entries: cleared },
    });
  });
  return wechatBindingOf(actor);
}

/** What the WeChat endpoint answers: a status and a plain or XML body. */
export interface EventAnswer {
  status: 200 | 400 | 401 | 404;
  type: 'text/plain' | 'application/xml';
  body: string;
}

const plain = (status: EventAnswer['status'], body: string): EventAnswer => ({ status, type: 'text/plain', body });

/** The signature check of every call from WeChat: the account's token, and a timestamp near now. */
function signedByWechat(request: FastifyRequest, token: string): boolean {
  const query = request.query as { signature?: string; timestamp?: string; nonce?: string };
  if (!wechatSigned(token, query)) return false;
  return Math.abs(Date.now() - Number(query.timestamp) * 1000) <= EVENT_SKEW_MS;
}

/** WeChat's check of the server address when the administrator saves it: the echo, when signed. */
export function verifyWechatServer(request: FastifyRequest): EventAnswer {
  const account = accountOf(request.server.config);
  if (!account) return plain(404, 'not configured');
  if (!wechatSigned(account.token, request.query as Record<string, string>)) return plain(401, 'bad signature');
  return plain(200, String((request.query as { echostr?: string }).echostr ?? ''));
}

/** A reply WeChat shows the scanner in the chat: the sentence in Chinese, then in English. */
function reply(message: Record<string, string>, key: MessageKey, params: MessageParams = {}): EventAnswer {
  const words = (['zh-CN', 'en'] as Lang[]).map((lang) => translate(key, lang, params)).join('\n');
  return { status: 200, type: 'application/xml', body: wechatTextReply(message, words, Date.now()) };
}

/**
 * A message or event WeChat pushed to the account's server. A scan of one of our codes (`subscribe`
 * with `qrscene_<scene>` from a new follower, `SCAN` with `<scene>` from a follower) binds the
 * scanner's openid to the code's owner, once, before it expires; the scanner reads in the chat what
 * happened. Anything else is acknowledged with `success`, as WeChat asks.
 */
export async function receiveWechatEvent(request: FastifyRequest, body: string): Promise<EventAnswer> {
  const account = accountOf(request.server.config);
  if (!account) return plain(404, 'not configured');
  if (!signedByWechat(request, account.token)) return plain(401, 'bad signature');
  const message = readWechatXml(body);
  if (!message) return plain(400, 'not a WeChat message');
  const key = message.EventKey ?? '';
  const scene =
    message.MsgType !== 'event'
      ? null
      : message.Event === 'subscribe' && key.startsWith('qrscene_')
        ? key.slice('qrscene_'.length)
        : message.Event === 'SCAN'
          ? key
          : null;
  const openid = message.FromUserName ?? '';
  if (scene === null || !scene.startsWith(SCENE_PREFIX) || openid === '') return plain(200, 'success');
  const db = request.server.db.kysely;
  const ticket = await ticketByScene(db, scene);
  if (!ticket) return reply(message, 'wechatBind.reply.unknown');
  const userId = Number(ticket.user_id);
  const name = async () => (await rosterEntriesOf(db, userId))[0]?.name ?? '';
  // WeChat sends an event again when our answer was late: the same scanner gets the same answer.
  if (ticket.used_at !== null) {
    return ticket.openid === openid
      ? reply(message, 'wechatBind.reply.bound', { name: await name() })
      : reply(message, 'wechatBind.reply.used');
  }
  const at = Date.now();
  if (Number(ticket.expires_at) <= at) return reply(message, 'wechatBind.reply.expired');
  const outcome = await db.transaction().execute(async (trx) => {
    if ((await rosterEntriesOf(trx, userId)).length === 0) return 'wechatBind.reply.noRoster' as const;
    if (!(await claimTicket(trx, Number(ticket.id), openid, at))) return 'wechatBind.reply.used' as const;
    const entries = await setOpenidOf(trx, userId, openid, at);
    await audit(trx, request, {
      action: 'wechatBind.bind',
      userId,
      targetType: 'user',
      targetId: userId,
      detail: { entries, openidTail: tailOf(openid) },
    });
    return 'wechatBind.reply.bound' as const;
  });
  return reply(message, outcome, { name: await name() });
}
