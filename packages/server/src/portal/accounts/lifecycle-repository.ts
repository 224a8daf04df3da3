import type { PageQuery, RegisterApp } from '@meridian/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { paginate } from '../../platform/db/sql.ts';
import type { Scope } from '../access/scope.ts';
import { userInScope } from '../access/scope-repository.ts';
import type { UserRow } from '../identity/tables.ts';
import type { AccountRegistrationsTable } from './lifecycle-tables.ts';

type Db = Kysely<Database> | Transaction<Database>;

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
}

/** Sets a new password hash; `defaultPass` says whether it is the deployment's default password. */
export async function setPassword(
  db: Db,
  userId: number,
  passwordHash: string,
  defaultPass: boolean,
  now = Date.now(),
): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, default_pass: defaultPass, password_changed_at: now, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

/** The role a new account of `app` starts with (`roles.is_default`), if the app has one. */
export async function defaultRoleOf(db: Db, app: RegisterApp): Promise<number | undefined> {
  const row = await db
    .selectFrom('roles')
    .select('id')
    .where('app', '=', app)
    .where('is_default', '=', true)
    .orderBy('id')
    .executeTakeFirst();
  return row?.id;
}

export async function insertRegistration(
  db: Db,
  registration: Omit<AccountRegistrationsTable, 'reviewed_by' | 'reviewed_at' | 'reason'>,
): Promise<void> {
  await db
    .insertInto('account_registrations')
    .values({ ...registration, reviewed_by: null, reviewed_at: null, reason: null })
    .execute();
}

/** Records an administrator's decision; an account with no registration row (imported) gets one. */
export async function recordReview(
  db: Db,
  review: { userId: number; decision: 'approved' | 'rejected'; by: number; reason: string | null },
  now = Date.now(),
): Promise<void> {
  const values = { decision: review.decision, reviewed_by: review.by, reviewed_at: now, reason: review.reason };
  const updated = await db
    .updateTable('account_registrations')
    .set(values)
    .where('user_id', '=', review.userId)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) {
    await db
      .insertInto('account_registrations')
      .values({ user_id: review.userId, app: 'mind', ip: null, created_at: now, ...values })
      .execute();
  }
}

/** Accounts awaiting review that the scope may see, oldest first. */
export function pendingAccounts(db: Kysely<Database>, scope: Scope, filter: PageQuery & { app?: RegisterApp }) {
  const query = db
    .selectFrom('users as u')
    .leftJoin('account_registrations as r', 'r.user_id', 'u.id')
    .select(['u.id', 'u.account', 'u.nickname', 'u.phone', 'u.email', 'r.app', 'u.created_at as createdAt'])
    .where('u.status', '=', 'pending')
    .where(userInScope(scope))
    .$if(filter.app !== undefined, (q) => q.where('r.app', '=', filter.app ?? 'mind'))
    .orderBy('u.created_at')
    .orderBy('u.id');
  return paginate(query, filter);
}

/** Removes a phone from whichever account holds it; returns that account, if any. */
export async function releasePhone(db: Db, phone: string): Promise<{ id: number; account: string } | undefined> {
  const holder = await db.selectFrom('users').select(['id', 'account']).where('phone', '=', phone).executeTakeFirst();
  if (!holder) return undefined;
  await db.updateTable('users').set({ phone: null, updated_at: Date.now() }).where('id', '=', holder.id).execute();
  return holder;
}
