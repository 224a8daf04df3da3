import {
  CODE_RESEND_SECONDS,
  CODE_TTL_MINUTES,
  type CodeChannel,
  type CodePurpose,
  isPhone,
  type Lang,
} from '@meridian/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/http/errors.ts';
import { SendError } from '../../platform/sms/send.ts';
import { HOUR } from '../../platform/time.ts';
import { newCode, sameHash, tokenHash } from '../identity/secrets.ts';
import type { CodeChannels } from './channels.ts';
import {
  consumeCode,
  countCodesOut,
  countSends,
  countWrongTry,
  expireCode,
  insertCode,
  lastSendAt,
  liveCode,
  recordSend,
} from './repository.ts';

/** At most this many codes to one phone or address a day: an SMS costs money and wakes people. */
export const DAILY_LIMIT = 10;
/** At most this many codes to one phone or address an hour, as the SMS providers' own flow control has it. */
export const HOURLY_LIMIT = 5;
/** At most this many code requests from one network address an hour, against SMS pumping. */
export const ADDRESS_HOURLY_LIMIT = 30;
/** A code dies after this many wrong tries, so that guessing one of a million is hopeless. */
export const MAX_WRONG_TRIES = 5;

/** Phones as typed; email addresses in lower case, so that `A@x.cn` and `a@x.cn` are one target. */
export const normalTarget = (target: string) => (isPhone(target) ? target : target.trim().toLowerCase());

/** A phone or address as the audit log shows it: enough to recognise, not enough to use. */
export function maskTarget(target: string): string {
  if (isPhone(target)) return `${target.slice(0, 3)}****${target.slice(-4)}`;
  const [name = '', domain = ''] = target.split('@');
  return `${name.slice(0, 2)}***@${domain}`;
}

const hashOf = (target: string, purpose: CodePurpose, code: string) => tokenHash(`${purpose}:${target}:${code}`);

export interface CodeRequest {
  channel: CodeChannel;
  target: string;
  purpose: CodePurpose;
  lang: Lang;
  ip: string | null;
  /**
   * False when the target holds no account where it must: the caller gets the same answer and the
   * same waits, so that the answer does not tell whether an account exists, but nothing is sent.
   */
  deliver: boolean;
}

export interface CodeSent {
  resendAfter: number;
  expiresInMinutes: number;
}

/**
 * What the person is told when the provider did not take the code: a refusal they can act on
 * (the provider's own limit for this phone, a number it cannot reach) in its own words; a wrong
 * key, signature, sign or template as the administrator's to fix; anything else as try later.
 */
function notDelivered(channel: CodeChannel, error: unknown): AppError {
  if (channel === 'email') return new AppError(502, 'code.mailFailed');
  if (error instanceof SendError) {
    if (error.kind === 'throttled') return new AppError(429, 'code.smsProviderLimit');
    if (error.kind === 'recipient') return new AppError(400, 'code.smsBadPhone');
    if (error.kind === 'setup') return new AppError(503, 'code.smsSetupRefused');
  }
  return new AppError(502, 'code.smsFailed');
}

/** Checks the waits and limits, then makes a code and delivers it at once (the person is waiting). */
export async function sendCode(
  db: Kysely<Database>,
  channels: CodeChannels,
  log: FastifyBaseLogger,
  request: CodeRequest,
): Promise<CodeSent> {
  const channel = channels[request.channel];
  if (!channel) {
    throw new AppError(503, request.channel === 'sms' ? 'code.smsNotConfigured' : 'code.mailNotConfigured');
  }
  const target = normalTarget(request.target);
  const now = Date.now();
  const last = await lastSendAt(db, target, request.purpose);
  if (last !== null && now - last < CODE_RESEND_SECONDS * 1000) {
    const seconds = Math.ceil((last + CODE_RESEND_SECONDS * 1000 - now) / 1000);
    throw new AppError(429, 'auth.retryAfter', { params: { seconds }, data: { retryAfter: seconds } });
  }
  if ((await countSends(db, { target }, now - 24 * HOUR)) >= DAILY_LIMIT) throw new AppError(429, 'code.dailyLimit');
  if ((await countCodesOut(db, target, now - HOUR)) >= HOURLY_LIMIT) throw new AppError(429, 'code.hourlyLimit');
  if (request.ip && (await countSends(db, { ip: request.ip }, now - HOUR)) >= ADDRESS_HOURLY_LIMIT) {
    throw new AppError(429, 'code.addressLimit');
  }

  const attempt = { channel: request.channel, purpose: request.purpose, target, ip: request.ip, at: now };
  const answer = { resendAfter: CODE_RESEND_SECONDS, expiresInMinutes: CODE_TTL_MINUTES };
  if (!request.deliver) {
    await recordSend(db, { ...attempt, outcome: 'skipped', provider: null, error: null });
    return answer;
  }

  const code = newCode();
  const id = await insertCode(
    db,
    {
      purpose: request.purpose,
      channel: request.channel,
      target,
      codeHash: hashOf(target, request.purpose, code),
      expiresAt: now + CODE_TTL_MINUTES * 60_000,
    },
    now,
  );
  try {
    await channel.deliver({
      key: `code-${id}`,
      target,
      purpose: request.purpose,
      code,
      lang: request.lang,
      minutes: CODE_TTL_MINUTES,
    });
  } catch (error) {
    await expireCode(db, id, Date.now());
    const reason = error instanceof Error ? error.message : String(error);
    await recordSend(db, { ...attempt, outcome: 'failed', provider: channel.provider, error: reason.slice(0, 500) });
    log.warn(
      { channel: request.channel, provider: channel.provider, purpose: request.purpose, reason },
      'code not delivered',
    );
    throw notDelivered(request.channel, error);
  }
  const outcome = channel.provider === 'log' ? 'logged' : 'sent';
  await recordSend(db, { ...attempt, outcome, provider: channel.provider, error: null });
  return answer;
}

/**
 * Whether `code` is the live code of this target and purpose. A wrong one counts against the
 * code's tries; with `consume` a right one is used up, so that it works once.
 */
export async function checkCode(
  db: Kysely<Database>,
  check: { target: string; purpose: CodePurpose; code: string; consume: boolean },
): Promise<boolean> {
  const target = normalTarget(check.target);
  const now = Date.now();
  const row = await liveCode(db, target, check.purpose, MAX_WRONG_TRIES, now);
  if (!row) return false;
  if (!sameHash(row.codeHash, hashOf(target, check.purpose, check.code))) {
    await countWrongTry(db, row.id);
    return false;
  }
  return check.consume ? consumeCode(db, row.id, now) : true;
}

/** `checkCode` that refuses with "wrong phone number or verification code". */
export async function requireCode(
  db: Kysely<Database>,
  check: { target: string; purpose: CodePurpose; code: string; consume: boolean },
): Promise<void> {
  if (!(await checkCode(db, check))) throw new AppError(400, 'auth.wrongCode');
}
