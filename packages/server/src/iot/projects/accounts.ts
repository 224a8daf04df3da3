import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The Device Cloud account and every account below it (walked down `parent_id`). */
export async function accountTreeIds(db: Db, rootId: number): Promise<number[]> {
  const rows = await db
    .withRecursive('below(id)', (qc) =>
      qc
        .selectFrom('users')
        .select('id')
        .where('id', '=', rootId)
        .unionAll((q) => q.selectFrom('users as c').innerJoin('below as b', 'c.parent_id', 'b.id').select('c.id')),
    )
    .selectFrom('below')
    .select('id')
    .execute();
  return rows.map((r) => r.id);
}

export function findAccount(db: Db, id: number) {
  return db
    .selectFrom('users')
    .select(['id', 'account', 'nickname', 'phone', 'user_type', 'parent_id', 'device_level', 'slave_quota'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function setDeviceAuthorization(
  trx: Db,
  userId: number,
  values: { device_level?: number | null; slave_quota?: number | null },
): Promise<void> {
  await trx
    .updateTable('users')
    .set({ ...values, updated_at: Date.now() })
    .where('id', '=', userId)
    .execute();
}
