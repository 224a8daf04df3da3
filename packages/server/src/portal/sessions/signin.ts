import { accountName } from '@meridian/contracts';
import type { FastifyRequest } from 'fastify';
import { errors as joseErrors, jwtVerify } from 'jose';
import type { Kysely } from 'kysely';
import type { Config } from '../../platform/config.ts';
import type { Database } from '../../platform/db/schema.ts';
import { toBool } from '../../platform/db/sql.ts';
import { AppError } from '../../platform/http/errors.ts';
import { findUserById, findUserByLogin, updateUser } from '../accounts/repository.ts';
import { audit } from '../audit/service.ts';
import { decoyHash, verifyPassword } from '../identity/secrets.ts';
import type { UserRow } from '../identity/tables.ts';
import { findOrgHeader } from '../orgs/repository.ts';
import { passwordExpiresAt, readPolicy } from '../policy/service.ts';
import { countFailure, countSuccess, refuseWhileLocked, signInAttempt } from './lockout.ts';
import { startSession } from './service.ts';

/** What a successful sign-in answers (Device Cloud spec: token, user name/roleId/unitDeptId, dept logo). */
export interface SignedIn {
  token: string;
  user: {
    id: number;
    account: string;
    name: string;
    roleId: number | null;
    identityId: number | null;
    unitDeptId: number | null;
    defaultPass: boolean;
  };
  dept: { id: number; name: string; logo: string | null } | null;
}

/** The checks every way of signing in shares once the person is known, then the session. */
export async function finishSignIn(
  db: Kysely<Database>,
  config: Config,
  request: FastifyRequest,
  user: UserRow,
  method: string,
): Promise<SignedIn> {
  const fail = async (key: 'auth.review' | 'auth.disabled' | 'auth.passwordExpired', code?: number) => {
    await audit(db, request, {
      action: 'signIn',
      result: 'fail',
      userId: user.id,
      account: user.account,
      detail: { method, reason: key },
    });
    throw new AppError(403, key, { code, data: key === 'auth.passwordExpired' ? { passwordExpired: true } : null });
  };
  if (user.status === 'pending') await fail('auth.review');
  if (user.status === 'disabled') await fail('auth.disabled');
  const expiresAt = passwordExpiresAt(await readPolicy(db), user.password_changed_at);
  if (expiresAt !== null && expiresAt <= Date.now()) await fail('auth.passwordExpired', 10023);

  let session: Awaited<ReturnType<typeof startSession>>;
  try {
    session = await startSession(db, config, { userId: user.id, request });
  } catch (error) {
    await audit(db, request, {
      action: 'signIn',
      result: 'fail',
      userId: user.id,
      account: user.account,
      detail: { method, reason: 'auth.noRole' },
    });
    throw error;
  }
  await updateUser(db, user.id, { last_login_at: Date.now(), last_login_ip: request.ip });
  await audit(db, request, { action: 'signIn', userId: user.id, account: user.account, detail: { method } });

  const dept = user.dept_id ? await findOrgHeader(db, user.dept_id) : undefined;
  return {
    token: session.token,
    user: {
      id: user.id,
      account: user.account,
      name: user.nickname,
      roleId: session.roleId,
      identityId: session.identityId,
      unitDeptId: user.dept_id,
      defaultPass: toBool(user.default_pass),
    },
    dept: dept ?? null,
  };
}

/**
 * Signs in with account (or phone, or email) and password. Failures are counted per address, per
 * account from this address, and per account from anywhere (lockout.ts, decision 0049): a few are
 * slowed down, more lock the account from the addresses that failed. The answer to a wrong account
 * and a wrong password is the same, in the same time.
 */
export async function signInWithPassword(
  db: Kysely<Database>,
  config: Config,
  request: FastifyRequest,
  login: string,
  password: string,
): Promise<SignedIn> {
  const user = await findUserByLogin(db, login);
  const attempt = await signInAttempt(db, request, login, user?.id, 'password');
  await refuseWhileLocked(db, attempt);
  const ok = await verifyPassword(user?.password_hash ?? (await decoyHash()), password);
  if (!user || !ok) {
    const lockedOut = await countFailure(db, attempt);
    await audit(db, request, {
      action: 'signIn',
      result: 'fail',
      userId: user?.id ?? null,
      account: login.slice(0, 64),
      detail: { method: 'password', reason: lockedOut?.key ?? 'auth.wrongPassword' },
    });
    throw lockedOut ?? new AppError(400, 'auth.wrongPassword');
  }
  await countSuccess(db, attempt);
  return finishSignIn(db, config, request, user, 'password');
}

/** Signs in as the user whose id another proof (a JWT, a provider) has established. */
export async function signInAsKnownUser(
  db: Kysely<Database>,
  config: Config,
  request: FastifyRequest,
  userId: number,
  method: string,
): Promise<SignedIn> {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError(400, 'auth.wrongPassword');
  return finishSignIn(db, config, request, user, method);
}

/**
 * Signs in with a JWT (HS256) that a trusted system signed with `JWT_SECRET`; its `sub` is the
 * account. Every refusal is audited and answers the same.
 */
export async function signInWithJwt(
  db: Kysely<Database>,
  config: Config,
  request: FastifyRequest,
  token: string,
): Promise<SignedIn> {
  const secret = config.JWT_SECRET;
  if (!secret) throw new AppError(503, 'auth.jwtNotConfigured');
  const claims = await jwtVerify(token, new TextEncoder().encode(secret), {
    algorithms: ['HS256'],
    requiredClaims: ['exp', 'sub'],
  }).catch(async (error: unknown) => {
    const reason = error instanceof joseErrors.JOSEError ? error.code : 'invalid';
    await audit(db, request, { action: 'signIn', result: 'fail', detail: { method: 'jwt', reason } });
    throw new AppError(401, 'auth.badJwt');
  });
  const subject = String(claims.payload.sub);
  const user = accountName.safeParse(subject).success ? await findUserByLogin(db, subject) : undefined;
  if (!user) {
    await audit(db, request, {
      action: 'signIn',
      result: 'fail',
      account: subject.slice(0, 64),
      detail: { method: 'jwt', reason: 'unknown account' },
    });
    throw new AppError(401, 'auth.badJwt');
  }
  return signInAsKnownUser(db, config, request, user.id, 'jwt');
}
