import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { UserRow, UsersTable } from '../identity/tables.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Finds a user by account name (case-insensitive), phone or email: whichever the person typed. */
export function findUserByLogin(db: Db, login: string): Promise<UserRow | undefined> {
  const lower = login.toLowerCase();
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['account']), '=', lower),
        eb('phone', '=', login),
        eb(eb.fn('lower', ['email']), '=', lower),
      ]),
    )
    .orderBy('id')
    .executeTakeFirst();
}

export function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Whether any account exists at all: none before the first start's seed. */
export async function anyUserExists(db: Db): Promise<boolean> {
  return (await db.selectFrom('users').select('id').limit(1).executeTakeFirst()) !== undefined;
}

export function findUserByPhone(db: Db, phone: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirst();
}

export async function accountTaken(db: Db, account: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['account']), '=', account.toLowerCase()))
    .executeTakeFirst();
  return row !== undefined;
}

export type NewUser = Omit<Insertable<UsersTable>, 'created_at' | 'updated_at'>;

export async function insertUser(db: Db, user: NewUser, now = Date.now()): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({ ...user, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateUser(db: Db, id: number, changes: Omit<Updateable<UsersTable>, 'id'>): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...changes, updated_at: Date.now() })
    .where('id', '=', id)
    .execute();
}

export async function grantRole(db: Db, userId: number, roleId: number, orgId: number | null = null): Promise<void> {
  await db
    .insertInto('user_roles')
    .values({ user_id: userId, role_id: roleId, org_id: orgId, created_at: Date.now() })
    .onConflict((oc) => oc.columns(['user_id', 'role_id', 'org_id']).doNothing())
    .execute();
}

export async function grantIdentity(
  db: Db,
  userId: number,
  identityId: number,
  orgId: number | null = null,
): Promise<void> {
  await db
    .insertInto('user_identities')
    .values({ user_id: userId, identity_id: identityId, org_id: orgId, created_at: Date.now() })
    .onConflict((oc) => oc.columns(['user_id', 'identity_id', 'org_id']).doNothing())
    .execute();
}
