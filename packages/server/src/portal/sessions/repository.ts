import { type Kysely, sql } from 'kysely';
import { Held } from '../../platform/db/held.ts';
import { reusable } from '../../platform/db/reusable.ts';
import type { Database } from '../../platform/db/schema.ts';
import { deleteInBatches } from '../../platform/db/sql.ts';
import { POLICY_KEY } from '../policy/service.ts';

export interface NewSession {
  tokenHash: string;
  userId: number;
  roleId: number | null;
  identityId: number | null;
  runAsBy: number | null;
  expiresAt: number;
  ip: string | null;
  userAgent: string | null;
  deviceId: string | null;
}

export async function insertSession(db: Kysely<Database>, s: NewSession, now: number): Promise<number> {
  const row = await db
    .insertInto('sessions')
    .values({
      token_hash: s.tokenHash,
      user_id: s.userId,
      role_id: s.roleId,
      identity_id: s.identityId,
      run_as_by: s.runAsBy,
      created_at: now,
      last_seen_at: now,
      expires_at: s.expiresAt,
      revoked_at: null,
      revoked_reason: null,
      ip: s.ip,
      user_agent: s.userAgent,
      device_id: s.deviceId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The session of a token with its user, in one read: every authenticated request makes it, so it
 * is compiled once and only re-bound (platform/db/reusable.ts).
 */
const sessionByTokenHash = reusable((db: Kysely<Database>, v: { tokenHash: string }) =>
  db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      's.id as sessionId',
      's.user_id as userId',
      's.role_id as roleId',
      's.identity_id as identityId',
      's.run_as_by as runAsBy',
      's.last_seen_at as lastSeenAt',
      's.expires_at as expiresAt',
      's.revoked_at as revokedAt',
      's.revoked_reason as revokedReason',
      'u.account',
      'u.nickname',
      'u.status',
      'u.super_admin as superAdmin',
      'u.password_changed_at as passwordChangedAt',
      'u.lang',
      // Whether the user still holds the session's role, in the same read rather than a second one.
      (eb) =>
        eb
          .exists(
            eb
              .selectFrom('user_roles as ur')
              .select('ur.id')
              .whereRef('ur.user_id', '=', 's.user_id')
              .whereRef('ur.role_id', '=', 's.role_id'),
          )
          .as('roleHeld'),
      // Whether any account hangs below this one: only then is the Device Cloud tree worth walking.
      (eb) =>
        eb
          .exists(eb.selectFrom('users as c').select('c.id').whereRef('c.parent_id', '=', 's.user_id'))
          .as('hasSubUsers'),
      // Whether a project or a grant shares anyone's devices with this user: only then do device
      // reads need more than the owner column.
      (eb) =>
        eb
          .or([
            eb.exists(eb.selectFrom('project_users as spu').select('spu.id').whereRef('spu.user_id', '=', 's.user_id')),
            eb.exists(eb.selectFrom('projects as sp').select('sp.id').whereRef('sp.manager_id', '=', 's.user_id')),
            eb.exists(
              eb.selectFrom('device_grants as sg').select('sg.device_id').whereRef('sg.user_id', '=', 's.user_id'),
            ),
          ])
          .as('sharesDevices'),
      // When the session's role last changed: its permissions are cached until this moves.
      (eb) => eb.selectFrom('roles as r').select('r.updated_at').whereRef('r.id', '=', 's.role_id').as('roleStamp'),
      // The password policy, for the expiry check, in the same read.
      (eb) => eb.selectFrom('settings as st').select('st.value').where('st.key', '=', POLICY_KEY).as('policy'),
    ])
    .where('s.token_hash', '=', v.tokenHash),
);

export async function findSessionByTokenHash(db: Kysely<Database>, tokenHash: string) {
  const [session] = await sessionByTokenHash(db, { tokenHash });
  return session;
}

/**
 * The sessions this process read in the last moment, by token hash: a request then skips the read
 * every other request makes first. Expiry, idle time and password age are still judged on every
 * request against the clock; only the row is held (platform/db/held.ts, decision 0042).
 */
const recentSessions = new Held<Awaited<ReturnType<typeof findSessionByTokenHash>>>([
  // What `findSessionByTokenHash` reads.
  'sessions',
  'users',
  'user_roles',
  'roles',
  'settings',
  'project_users',
  'projects',
  'device_grants',
]);

/** The session of a token hash, as read at most a moment ago. */
export function recentSession(db: Kysely<Database>, hash: string) {
  return recentSessions.get(hash, () => findSessionByTokenHash(db, hash));
}

/**
 * Whether the user has signed in from this address before (a session of their own opened from it,
 * not an administrator's run-as): such an address is let through while unknown ones are kept out.
 * Dead sessions are kept 30 days, which is how long an address stays known.
 */
export async function signedInFrom(db: Kysely<Database>, userId: number, ip: string): Promise<boolean> {
  const row = await db
    .selectFrom('sessions')
    .select('id')
    .where('user_id', '=', userId)
    .where('ip', '=', ip)
    .where('run_as_by', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Last-seen moves nothing a held session is judged by but its idle time, which the holder moves
 * itself: written as plain SQL, which the write watch does not see, so that it does not make this
 * process forget every session it holds.
 */
export async function touchSession(db: Kysely<Database>, sessionId: number, now: number): Promise<void> {
  await sql`update sessions set last_seen_at = ${now} where id = ${sessionId}`.execute(db);
}

/** Moves a session to another identity and role of its user. */
export async function switchSession(
  db: Kysely<Database>,
  sessionId: number,
  to: { identity_id: number | null; role_id: number | null },
): Promise<void> {
  await db.updateTable('sessions').set(to).where('id', '=', sessionId).execute();
}

export async function revokeSession(
  db: Kysely<Database>,
  sessionId: number,
  reason: string,
  now: number,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every live session of a user but `keep` (a password change keeps the session that made it). */
export async function revokeUserSessions(
  db: Kysely<Database>,
  userId: number,
  reason: string,
  now: number,
  keep?: number,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .$if(keep !== undefined, (q) => q.where('id', '!=', keep ?? 0))
    .execute();
}

/** Sessions that can no longer be used, a batch at a time; for the nightly cleanup. */
export function deleteDeadSessions(db: Kysely<Database>, before: number): Promise<number> {
  return deleteInBatches(async (limit) => {
    const ids = db
      .selectFrom('sessions')
      .select('id')
      .where((eb) => eb.or([eb('expires_at', '<', before), eb('revoked_at', '<', before)]))
      .limit(limit);
    const result = await db.deleteFrom('sessions').where('id', 'in', ids).executeTakeFirst();
    return Number(result.numDeletedRows);
  });
}
