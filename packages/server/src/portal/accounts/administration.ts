import type { PageQuery, RegisterApp } from '@meridian/contracts';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { toBool } from '../../platform/db/sql.ts';
import { AppError } from '../../platform/http/errors.ts';
import { canSeeUser, scopeOf } from '../access/scope.ts';
import { audit } from '../audit/service.ts';
import { hashPassword } from '../identity/secrets.ts';
import type { UserRow } from '../identity/tables.ts';
import { readDefaultPassword } from '../policy/service.ts';
import { revokeUserSessions } from '../sessions/repository.ts';
import type { Auth } from '../sessions/service.ts';
import { pendingAccounts, recordReview, setPassword } from './lifecycle-repository.ts';
import { findUserById, updateUser } from './repository.ts';

/** An account as the administration screens show it after a change. */
export interface AccountState {
  id: number;
  account: string;
  status: string;
  vipLevel: number;
  deviceLevel: number | null;
  slaveQuota: number | null;
  superAdmin: boolean;
}

const stateOf = (u: UserRow): AccountState => ({
  id: u.id,
  account: u.account,
  status: u.status,
  vipLevel: u.vip_level,
  deviceLevel: u.device_level,
  slaveQuota: u.slave_quota,
  superAdmin: toBool(u.super_admin),
});

/**
 * The account an administrator acts on: one their data scope holds (else "no such user", so that
 * other organisations' accounts are not even confirmed), and never a super administrator unless
 * they are one themself.
 */
async function targetOf(db: Kysely<Database>, auth: Auth, userId: number): Promise<UserRow> {
  const user = (await canSeeUser(db, await scopeOf(db, auth), userId)) ? await findUserById(db, userId) : undefined;
  if (!user) throw new AppError(404, 'account.notFound');
  if (toBool(user.super_admin) && !auth.superAdmin) throw new AppError(403, 'account.superAdminOnly');
  return user;
}

function notSelf(auth: Auth, userId: number): void {
  if (auth.userId === userId) throw new AppError(400, 'account.self');
}

async function change(
  db: Kysely<Database>,
  request: FastifyRequest,
  user: UserRow,
  action: string,
  changes: Parameters<typeof updateUser>[2],
  detail: Record<string, unknown>,
): Promise<AccountState> {
  await db.transaction().execute(async (trx) => {
    await updateUser(trx, user.id, changes);
    await audit(trx, request, { action, targetType: 'user', targetId: user.id, detail });
  });
  const after = await findUserById(db, user.id);
  if (!after) throw new AppError(404, 'account.notFound');
  return stateOf(after);
}

export async function listPendingAccounts(db: Kysely<Database>, auth: Auth, query: PageQuery & { app?: RegisterApp }) {
  return pendingAccounts(db, await scopeOf(db, auth), query);
}

/** Approves (enabled) or rejects (disabled) a registration awaiting review. */
export async function reviewRegistration(
  db: Kysely<Database>,
  request: FastifyRequest,
  auth: Auth,
  body: { userId: number; approve: boolean; reason?: string },
): Promise<AccountState> {
  const user = await targetOf(db, auth, body.userId);
  if (user.status !== 'pending') throw new AppError(409, 'account.notPending');
  const decision = body.approve ? 'approved' : 'rejected';
  await recordReview(db, { userId: user.id, decision, by: auth.userId, reason: body.reason ?? null });
  return change(
    db,
    request,
    user,
    'registrationReview',
    { status: body.approve ? 'enabled' : 'disabled' },
    { decision, reason: body.reason ?? null },
  );
}

/** Puts the deployment's default password back; its holder must change it at the next sign-in. */
export async function resetToDefaultPassword(
  db: Kysely<Database>,
  request: FastifyRequest,
  auth: Auth,
  userId: number,
): Promise<AccountState> {
  notSelf(auth, userId);
  const user = await targetOf(db, auth, userId);
  const { password } = await readDefaultPassword(db);
  const now = Date.now();
  await setPassword(db, user.id, await hashPassword(password), true, now);
  await revokeUserSessions(db, user.id, 'password changed', now);
  return change(db, request, user, 'passwordReset', {}, { method: 'default' });
}

/** Enables or disables an account; disabling ends its sessions at once. */
export async function setAccountStatus(
  db: Kysely<Database>,
  request: FastifyRequest,
  auth: Auth,
  body: { userId: number; status: 'enabled' | 'disabled' },
): Promise<AccountState> {
  notSelf(auth, body.userId);
  const user = await targetOf(db, auth, body.userId);
  if (user.status === 'pending') throw new AppError(409, 'account.awaitsReview');
  if (body.status === 'disabled') await revokeUserSessions(db, user.id, 'account disabled', Date.now());
  return change(db, request, user, 'accountStatus', { status: body.status }, { from: user.status, to: body.status });
}

export async function setVipLevel(
  db: Kysely<Database>,
  request: FastifyRequest,
  auth: Auth,
  body: { userId: number; vipLevel: number },
): Promise<AccountState> {
  const user = await targetOf(db, auth, body.userId);
  return change(
    db,
    request,
    user,
    'vipLevel',
    // A level the administrator sets does not end; a bought one does (decision 0079).
    { vip_level: body.vipLevel, vip_expires_at: null },
    { from: user.vip_level, to: body.vipLevel },
  );
}

/** Device Cloud: the device level (1-3) and how many slaves the account may configure. */
export async function setDeviceLevel(
  db: Kysely<Database>,
  request: FastifyRequest,
  auth: Auth,
  body: { userId: number; deviceLevel: number; slaveQuota: number },
): Promise<AccountState> {
  const user = await targetOf(db, auth, body.userId);
  return change(
    db,
    request,
    user,
    'deviceLevel',
    { device_level: body.deviceLevel, slave_quota: body.slaveQuota },
    { from: { deviceLevel: user.device_level, slaveQuota: user.slave_quota }, to: body },
  );
}

/** Only a super administrator makes or unmakes one, and never themself (the last one cannot leave). */
export async function setSuperAdmin(
  db: Kysely<Database>,
  request: FastifyRequest,
  auth: Auth,
  body: { userId: number; superAdmin: boolean },
): Promise<AccountState> {
  if (!auth.superAdmin) throw new AppError(403, 'account.superAdminOnly');
  notSelf(auth, body.userId);
  const user = await targetOf(db, auth, body.userId);
  return change(
    db,
    request,
    user,
    'superAdmin',
    { super_admin: body.superAdmin },
    { from: toBool(user.super_admin), to: body.superAdmin },
  );
}
