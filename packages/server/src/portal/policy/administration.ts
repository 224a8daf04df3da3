import { hasPermission, type Lang, PASSWORD_RULES, translate } from '@meridian/contracts';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../platform/config.ts';
import type { Database } from '../../platform/db/schema.ts';
import { AppError, rulesBroken } from '../../platform/http/errors.ts';
import { DAY } from '../../platform/time.ts';
import { findUserById } from '../accounts/repository.ts';
import { audit } from '../audit/service.ts';
import { authenticate, tokenOf } from '../sessions/service.ts';
import {
  DEFAULT_POLICY,
  type PasswordPolicy,
  passwordExpiresAt,
  readDefaultPassword,
  readPolicy,
  recoverDefaultPassword,
  recoverPolicy,
  saveDefaultPassword,
  savePolicy,
} from './service.ts';

/**
 * What a password form shows: the spec's rule and the hint. An administrator who may view the
 * policy (a valid token granting `/system/policy:view`) also gets the lock-out numbers to edit.
 */
export async function passwordRules(db: Kysely<Database>, config: Config, request: FastifyRequest, lang: Lang) {
  const policy = await readPolicy(db);
  const rules = {
    ...PASSWORD_RULES,
    hint: policy.hint || translate('v.password', lang),
    expireDays: policy.expireDays,
  };
  const token = tokenOf(request);
  const auth = token ? await authenticate(db, config, token).catch(() => null) : null;
  const admin = auth !== null && hasPermission(auth.permissions, '/system/policy', 'view');
  return admin ? { ...rules, policy } : rules;
}

/** Saves a change to the policy, whole or in part; the number that slows must not exceed the one that locks. */
export async function changePolicy(
  db: Kysely<Database>,
  request: FastifyRequest,
  by: number,
  change: Partial<PasswordPolicy>,
): Promise<PasswordPolicy> {
  const before = await readPolicy(db);
  const after = { ...before, ...change };
  if (after.slowAfter > after.lockAfter) throw rulesBroken([{ field: 'slowAfter', key: 'v.slowAfter' }]);
  await savePolicy(db, after, by);
  await audit(db, request, { action: 'policyUpdate', detail: { before, after } });
  return after;
}

export async function restorePolicy(db: Kysely<Database>, request: FastifyRequest): Promise<PasswordPolicy> {
  const before = await readPolicy(db);
  await recoverPolicy(db);
  await audit(db, request, { action: 'policyRecover', detail: { before, after: DEFAULT_POLICY } });
  return DEFAULT_POLICY;
}

/** The default password changes for accounts made or reset from now on; the value stays out of the log. */
export async function changeDefaultPassword(
  db: Kysely<Database>,
  request: FastifyRequest,
  by: number,
  password: string,
): Promise<null> {
  await saveDefaultPassword(db, { password }, by);
  await audit(db, request, { action: 'defaultPasswordUpdate' });
  return null;
}

export async function restoreDefaultPassword(db: Kysely<Database>, request: FastifyRequest) {
  await recoverDefaultPassword(db);
  await audit(db, request, { action: 'defaultPasswordRecover' });
  return readDefaultPassword(db);
}

/** When the caller's password expires and how many days are left (null when it never does). */
export async function passwordExpiry(db: Kysely<Database>, userId: number, now = Date.now()) {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError(404, 'account.notFound');
  const policy = await readPolicy(db);
  const expiresAt = passwordExpiresAt(policy, user.password_changed_at);
  return {
    expireDays: policy.expireDays,
    passwordChangedAt: user.password_changed_at,
    expiresAt,
    daysLeft: expiresAt === null ? null : Math.max(0, Math.ceil((expiresAt - now) / DAY)),
    expired: expiresAt !== null && expiresAt <= now,
  };
}
