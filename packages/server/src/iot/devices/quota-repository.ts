import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

/** What the slave-count authorization reads (decision 0041); the rules are quota.ts's. */

type Db = Kysely<Database> | Transaction<Database>;

/** The number of slaves of each of these templates that has any. */
export async function slavesPerTemplate(db: Db, templateIds: readonly number[]) {
  const rows = await db
    .selectFrom('template_slaves as s')
    .select(['s.template_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('s.template_id', 'in', templateIds)
    .groupBy('s.template_id')
    .execute();
  return rows.map((row) => ({ templateId: Number(row.template_id), slaves: Number(row.n) }));
}

/** These accounts with their parent, their slave quota and their membership (decision 0079). */
export function accountsWithQuota(db: Db, ids: readonly number[]) {
  return db
    .selectFrom('users')
    .select(['id', 'account', 'parent_id', 'slave_quota', 'user_type', 'vip_level', 'vip_expires_at'])
    .where('id', 'in', ids)
    .execute();
}

/** The slaves the devices of these owners use: one row per (device, slave of its template), counted. */
export async function slavesOfOwners(db: Db, ownerIds: readonly number[]): Promise<number> {
  const row = await db
    .selectFrom('devices as d')
    .innerJoin('template_slaves as s', 's.template_id', 'd.template_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('d.owner_id', 'in', ownerIds)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Of these users, those who have the role. */
export async function usersWithRole(db: Db, ids: readonly number[], roleId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('user_roles')
    .select('user_id')
    .where('user_id', 'in', ids)
    .where('role_id', '=', roleId)
    .execute();
  return rows.map((r) => r.user_id);
}
