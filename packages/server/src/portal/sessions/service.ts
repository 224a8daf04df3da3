import { ApiCode, Identity, type PermissionEntry } from '@meridian/contracts';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../platform/config.ts';
import type { Database } from '../../platform/db/schema.ts';
import { toBool } from '../../platform/db/sql.ts';
import { AppError } from '../../platform/http/errors.ts';
import { settingOf } from '../../platform/settings/repository.ts';
import { cachedPermissionsOfRole, identitiesOfUser, rolesOfUser } from '../access/repository.ts';
import { canSeeUser, scopeOf } from '../access/scope.ts';
import { audit } from '../audit/service.ts';
import { newToken, tokenHash } from '../identity/secrets.ts';
import { DEFAULT_POLICY, passwordExpiresAt } from '../policy/service.ts';
import { insertSession, recentSession, revokeSession, touchSession } from './repository.ts';

/** Who is calling: the signed-in user, their current role and identity, and what the role grants. */
export interface Auth {
  sessionId: number;
  userId: number;
  account: string;
  nickname: string;
  roleId: number | null;
  identityId: number | null;
  /** The administrator acting as this user, when one is. */
  runAsBy: number | null;
  superAdmin: boolean;
  permissions: PermissionEntry[];
  lang: string | null;
  /** False when no account hangs below this one, so that the scope need not walk the account tree. */
  hasSubUsers?: boolean;
  /** False when no project or grant shares devices with this user, so that device reads need only their owner. */
  sharesDevices?: boolean;
}

/** Last-seen is written at most this often, so that reads do not each become a write. */
const TOUCH_EVERY_MS = 60_000;

const sessionError = (code: number) => new AppError(401, `session.${code}` as 'session.10020', { code });

/**
 * Resolves a token to its caller, or throws the session code that says why it cannot be used
 * (10020-10029). `allowExpiredPassword` lets the password change itself through.
 */
export async function authenticate(
  db: Kysely<Database>,
  config: Config,
  token: string | undefined,
  options: { allowExpiredPassword?: boolean; now?: number } = {},
): Promise<Auth> {
  const now = options.now ?? Date.now();
  if (!token) throw sessionError(ApiCode.sessionNoToken);
  const s = await recentSession(db, tokenHash(token));
  if (!s) throw sessionError(ApiCode.sessionTokenInvalid);
  if (s.revokedAt !== null) {
    const code =
      s.revokedReason === 'password changed'
        ? ApiCode.sessionPasswordChanged
        : s.revokedReason === 'run-as ended'
          ? ApiCode.sessionRunAsEnded
          : ApiCode.sessionRevoked;
    throw sessionError(code);
  }
  if (s.expiresAt <= now || now - s.lastSeenAt > config.SESSION_IDLE_MINUTES * 60_000) {
    throw sessionError(ApiCode.sessionExpired);
  }
  if (s.status === 'disabled') throw sessionError(ApiCode.sessionAccountDisabled);
  if (s.status === 'pending') throw sessionError(ApiCode.sessionAccountPending);
  if (!options.allowExpiredPassword) {
    const expiresAt = passwordExpiresAt(settingOf(s.policy, DEFAULT_POLICY), s.passwordChangedAt);
    if (expiresAt !== null && expiresAt <= now) throw sessionError(ApiCode.sessionPasswordExpired);
  }
  const superAdmin = toBool(s.superAdmin);
  if (s.roleId !== null && !toBool(s.roleHeld)) throw sessionError(ApiCode.sessionRoleChanged);
  if (now - s.lastSeenAt > TOUCH_EVERY_MS) {
    await touchSession(db, s.sessionId, now);
    s.lastSeenAt = now;
  }
  const permissions = superAdmin
    ? [{ path: '*', perms: '*' }]
    : s.roleId === null
      ? []
      : await cachedPermissionsOfRole(db, s.roleId, s.roleStamp);
  return {
    sessionId: s.sessionId,
    userId: s.userId,
    account: s.account,
    nickname: s.nickname,
    roleId: s.roleId,
    identityId: s.identityId,
    runAsBy: s.runAsBy,
    superAdmin,
    permissions,
    lang: s.lang,
    hasSubUsers: toBool(s.hasSubUsers),
    sharesDevices: toBool(s.sharesDevices),
  };
}

export interface SessionStart {
  userId: number;
  runAsBy?: number | null;
  request: FastifyRequest;
}

/** The identities that sign in without a role, in the order one is chosen. */
const ROLELESS = [Identity.student, Identity.parent, Identity.unbound] as const;

/**
 * Opens a session for a user who has proved who they are, starting on their first role and
 * identity. A user with no role gets no session, unless they are a student, a parent or unbound.
 */
export async function startSession(
  db: Kysely<Database>,
  config: Config,
  { userId, runAsBy = null, request }: SessionStart,
): Promise<{ token: string; roleId: number | null; identityId: number | null }> {
  const [role] = await rolesOfUser(db, userId);
  const identities = await identitiesOfUser(db, userId);
  // Students and parents answer on the phone, and a Mind account not yet bound to the roster
  // (identity 5) may only reach the account centre: none of them holds a role, and each signs in
  // as that identity; the web keeps them where they belong. Anyone else needs a role.
  const identity = role
    ? identities[0]
    : ROLELESS.map((id) => identities.find((i) => i.identityId === id)).find(Boolean);
  if (!role && !identity) throw new AppError(403, 'auth.noRole');
  const token = newToken();
  const now = Date.now();
  await insertSession(
    db,
    {
      tokenHash: tokenHash(token),
      userId,
      roleId: role?.id ?? null,
      identityId: identity?.identityId ?? null,
      runAsBy,
      expiresAt: now + config.SESSION_TTL_HOURS * 3_600_000,
      ip: request.ip,
      userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
      deviceId: typeof request.headers['x-device-id'] === 'string' ? request.headers['x-device-id'].slice(0, 64) : null,
    },
    now,
  );
  return { token, roleId: role?.id ?? null, identityId: identity?.identityId ?? null };
}

/**
 * An administrator starts acting as a user their scope sees (audited): a new session of that user
 * that remembers who runs it. Signing out of it ends it; it cannot be nested.
 */
export async function startRunAs(
  db: Kysely<Database>,
  config: Config,
  request: FastifyRequest,
  auth: Auth,
  userId: number,
): Promise<{ token: string }> {
  if (userId === auth.userId) throw new AppError(400, 'auth.runAsSelf');
  if (auth.runAsBy) throw new AppError(400, 'auth.runAsNested');
  if (!(await canSeeUser(db, await scopeOf(db, auth), userId))) throw new AppError(404, 'account.notFound');
  const { token } = await startSession(db, config, { userId, runAsBy: auth.userId, request });
  await audit(db, request, { action: 'runAs', targetType: 'user', targetId: userId });
  return { token };
}

/** Revokes the session of `token`, if it names a live one, and audits `action` as its user. */
export async function endSession(
  db: Kysely<Database>,
  config: Config,
  request: FastifyRequest,
  token: string | undefined,
  action: string,
): Promise<void> {
  if (!token) return;
  const auth = await authenticate(db, config, token, { allowExpiredPassword: true }).catch(() => null);
  if (!auth) return;
  await revokeSession(db, auth.sessionId, auth.runAsBy ? 'run-as ended' : 'signed out', Date.now());
  request.auth = auth;
  await audit(db, request, { action });
}

/** The token a request carries in `X-Authorization` (a `Bearer ` prefix is accepted too). */
export function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers['x-authorization'];
  const value = Array.isArray(header) ? header[0] : header;
  const token = value?.replace(/^Bearer\s+/i, '').trim();
  return token || undefined;
}
