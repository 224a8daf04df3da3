import { isPhone } from '@meridian/contracts';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../platform/config.ts';
import type { Database } from '../../platform/db/schema.ts';
import { toBool } from '../../platform/db/sql.ts';
import { AppError, rulesBroken } from '../../platform/http/errors.ts';
import { audit } from '../audit/service.ts';
import { requireCode } from '../codes/service.ts';
import { decoyHash, hashPassword, verifyPassword } from '../identity/secrets.ts';
import type { UserRow } from '../identity/tables.ts';
import { accountThrottle, passwordExpiresAt, readPolicy } from '../policy/service.ts';
import { countFailure, liftAccountLocks, refuseWhileLocked, signInAttempt } from '../sessions/lockout.ts';
import { revokeUserSessions } from '../sessions/repository.ts';
import { type Auth, authenticate, tokenOf } from '../sessions/service.ts';
import { checkThrottle, clearFailures, recordFailure, type ThrottleRule } from '../sessions/throttle.ts';
import { findUserByEmail, setPassword } from './lifecycle-repository.ts';
import { findUserById, findUserByLogin, findUserByPhone } from './repository.ts';

/**
 * The password a person chose replaces the old one: the default-password flag goes, every other
 * session ends ("password changed", 10026), and the sign-in lock of the account lifts, since they
 * have just proved who they are.
 */
async function applyNewPassword(
  db: Kysely<Database>,
  request: FastifyRequest,
  user: UserRow,
  password: string,
  record: { action: string; keepSession?: number; detail: Record<string, unknown> },
): Promise<void> {
  const now = Date.now();
  await setPassword(db, user.id, await hashPassword(password), false, now);
  await revokeUserSessions(db, user.id, 'password changed', now, record.keepSession);
  await liftAccountLocks(db, user.id);
  await audit(db, request, {
    action: record.action,
    userId: request.auth?.userId ?? user.id,
    account: request.auth?.account ?? user.account,
    targetType: 'user',
    targetId: user.id,
    detail: record.detail,
  });
}

async function refuseReuse(user: UserRow, password: string): Promise<void> {
  if (await verifyPassword(user.password_hash, password)) {
    throw new AppError(400, 'auth.passwordReused', { rules: [{ field: 'password', key: 'auth.passwordReused' }] });
  }
}

/** Refuses while a key is locked or slowed, in the words of the sign-in. */
async function throttled(db: Kysely<Database>, key: string, rule: ThrottleRule, now: number): Promise<void> {
  const verdict = await checkThrottle(db, key, rule, now);
  if ('lockedMs' in verdict) {
    throw new AppError(429, 'auth.locked', {
      params: { minutes: Math.ceil(verdict.lockedMs / 60_000) },
    });
  }
  if ('waitSeconds' in verdict)
    throw new AppError(429, 'auth.retryAfter', { params: { seconds: verdict.waitSeconds } });
}

/** Forgotten password: the code sent to the phone or address proves the person; all sessions end. */
export async function resetForgottenPassword(
  db: Kysely<Database>,
  request: FastifyRequest,
  body: { target: string; code: string; password: string },
): Promise<null> {
  await requireCode(db, { target: body.target, purpose: 'reset', code: body.code, consume: true });
  const user = isPhone(body.target) ? await findUserByPhone(db, body.target) : await findUserByEmail(db, body.target);
  // The code went out only to an account's phone or address; it may have been released since.
  if (!user) throw new AppError(400, 'auth.wrongCode');
  await applyNewPassword(db, request, user, body.password, {
    action: 'passwordReset',
    detail: { method: isPhone(body.target) ? 'sms' : 'email' },
  });
  return null;
}

/**
 * A signed-in person changes their password, proving the old one. Wrong old passwords are
 * counted like sign-in failures, so that a borrowed session cannot guess its way to the password.
 */
export async function changeOwnPassword(
  db: Kysely<Database>,
  request: FastifyRequest,
  auth: Auth,
  body: { oldPassword: string; password: string },
  forced = false,
): Promise<null> {
  if (auth.runAsBy) throw new AppError(403, 'account.notDuringRunAs');
  const user = await findUserById(db, auth.userId);
  if (!user) throw new AppError(404, 'account.notFound');
  const rule = accountThrottle(await readPolicy(db));
  const key = `password:${user.id}`;
  const now = Date.now();
  await throttled(db, key, rule, now);
  if (!(await verifyPassword(user.password_hash, body.oldPassword))) {
    const locked = await recordFailure(db, key, rule, now);
    await audit(db, request, { action: 'passwordChange', result: 'fail', detail: { reason: 'auth.oldPasswordWrong' } });
    if (locked) throw new AppError(429, 'auth.locked', { params: { minutes: Math.ceil(rule.lockMs / 60_000) } });
    throw new AppError(400, 'auth.oldPasswordWrong', {
      rules: [{ field: 'oldPassword', key: 'auth.oldPasswordWrong' }],
    });
  }
  await refuseReuse(user, body.password);
  await clearFailures(db, key);
  await applyNewPassword(db, request, user, body.password, {
    action: 'passwordChange',
    keepSession: auth.sessionId,
    detail: forced ? { forced: true } : {},
  });
  return null;
}

/**
 * The change a person must make before going on. With a session (a default password): their own,
 * keeping that session. Without one (the sign-in answered 10023, password expired): account and
 * old password prove them, like a sign-in with its throttling; then they sign in with the new one.
 */
export async function forceChangePassword(
  db: Kysely<Database>,
  config: Config,
  request: FastifyRequest,
  body: { account?: string; oldPassword: string; password: string },
): Promise<null> {
  const token = tokenOf(request);
  if (token) {
    const auth = await authenticate(db, config, token, { allowExpiredPassword: true });
    request.auth = auth;
    if (body.account !== undefined && body.account.toLowerCase() !== auth.account.toLowerCase()) {
      throw new AppError(403, 'account.notYours');
    }
    return changeOwnPassword(db, request, auth, body, true);
  }
  if (body.account === undefined) throw rulesBroken([{ field: 'account', key: 'v.required' }]);

  const policy = await readPolicy(db);
  const now = Date.now();
  const user = await findUserByLogin(db, body.account);
  const attempt = await signInAttempt(db, request, body.account, user?.id, 'password');
  await refuseWhileLocked(db, attempt);
  if (!(await verifyPassword(user?.password_hash ?? (await decoyHash()), body.oldPassword)) || !user) {
    const lockedOut = await countFailure(db, attempt);
    await audit(db, request, {
      action: 'passwordChange',
      result: 'fail',
      userId: user?.id ?? null,
      account: body.account.slice(0, 64),
      detail: { forced: true, reason: lockedOut?.key ?? 'auth.wrongPassword' },
    });
    throw lockedOut ?? new AppError(400, 'auth.wrongPassword');
  }
  if (user.status === 'disabled') throw new AppError(403, 'auth.disabled');
  const expiresAt = passwordExpiresAt(policy, user.password_changed_at);
  const expired = expiresAt !== null && expiresAt <= now;
  if (!expired && !toBool(user.default_pass)) throw new AppError(403, 'account.signInToChange');
  await refuseReuse(user, body.password);
  await applyNewPassword(db, request, user, body.password, {
    action: 'passwordChange',
    detail: { forced: true, reason: expired ? 'expired' : 'default' },
  });
  return null;
}
