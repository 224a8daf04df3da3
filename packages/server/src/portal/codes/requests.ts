import { type CodeChannel, type CodePurpose, isPhone } from '@meridian/contracts';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { findUserByEmail } from '../accounts/lifecycle-repository.ts';
import { findUserByPhone } from '../accounts/repository.ts';
import type { CodeChannels } from './channels.ts';
import { type CodeSent, requireCode, sendCode } from './service.ts';

const holderOf = (db: Kysely<Database>, target: string) =>
  isPhone(target) ? findUserByPhone(db, target) : findUserByEmail(db, target);

/**
 * A code for signing in or resetting a password goes out only when the target holds an account;
 * the answer is the same either way, so that nobody learns who has an account here.
 */
export async function sendCodeToHolder(
  db: Kysely<Database>,
  channels: CodeChannels,
  request: FastifyRequest,
  code: { channel: CodeChannel; target: string; purpose: 'login' | 'reset' },
): Promise<CodeSent> {
  const holder = await holderOf(db, code.target);
  return sendCode(db, channels, request.log, { ...code, lang: request.lang, ip: request.ip, deliver: !!holder });
}

/** A code that proves a phone or address is the caller's (registering, binding, releasing). */
export function sendProofCode(
  db: Kysely<Database>,
  channels: CodeChannels,
  request: FastifyRequest,
  code: { channel: CodeChannel; target: string; purpose: 'register' | 'bind' },
): Promise<CodeSent> {
  return sendCode(db, channels, request.log, { ...code, lang: request.lang, ip: request.ip, deliver: true });
}

/** Checks a code without using it up, for forms that ask for it on one step and use it on the next. */
export async function verifyForForm(
  db: Kysely<Database>,
  check: { target: string; purpose: CodePurpose; code: string },
): Promise<{ valid: true }> {
  await requireCode(db, { ...check, consume: false });
  return { valid: true };
}
