import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { WorkOrderNoticesTable } from './tables.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A notice, unless one with its key is there already; its id, or undefined then. */
export async function insertNotice(trx: Db, values: Insertable<WorkOrderNoticesTable>): Promise<number | undefined> {
  const row = await trx
    .insertInto('work_order_notices')
    .values(values)
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Who may be told, with where: their phone and mail, and their language. */
export function contactsOf(db: Db, userIds: readonly number[]) {
  // Guard against running an invalid query when the list is empty.
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .select(['id', 'nickname', 'phone', 'email', 'lang'])
    .where('id', 'in', userIds)
    .where('status', '=', 'enabled')
    .execute();
}

/** The person who last assigned the order: who hears that it is late besides its engineer. */
export async function lastDispatcher(db: Db, orderId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('work_order_steps')
    .select('actor_id')
    .where('order_id', '=', orderId)
    .where('step', '=', 'assigned')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.actor_id);
}

/** Every order not yet completed, with what its lateness is measured from. */
export function openOrdersEverywhere(db: Db) {
  return db
    .selectFrom('work_orders as o')
    .innerJoin('devices as d', 'd.id', 'o.device_id')
    .where('o.state', 'in', ['pending', 'sent', 'accepted'])
    .select([
      'o.id',
      'o.owner_id',
      'o.number',
      'o.state',
      'o.priority',
      'o.created_at',
      'o.sent_at',
      'o.accepted_at',
      'o.assignee_id',
      'd.name as device_name',
    ])
    .execute();
}
export type OpenOrder = Awaited<ReturnType<typeof openOrdersEverywhere>>[number];

/** A notice with what its message needs: the order and the device. */
export function noticeToSend(db: Db, id: number) {
  return db
    .selectFrom('work_order_notices as n')
    .innerJoin('work_orders as o', 'o.id', 'n.order_id')
    .innerJoin('devices as d', 'd.id', 'o.device_id')
    .innerJoin('users as u', 'u.id', 'n.user_id')
    .select([
      'n.id',
      'n.owner_id',
      'n.event',
      'n.channel',
      'n.target',
      'n.dedupe_key',
      'n.state',
      'n.created_at',
      'o.number',
      'd.name as device_name',
      'u.lang',
    ])
    .where('n.id', '=', id)
    .executeTakeFirst();
}

export async function recordNotice(
  db: Db,
  id: number,
  change: {
    state: 'sent' | 'failed' | 'queued';
    last_error: string | null;
    provider_ref?: string | null;
    sent_at?: number;
  },
): Promise<void> {
  await db.updateTable('work_order_notices').set(change).where('id', '=', id).execute();
}

/** The notices of one order, oldest first, with who they went to. */
export function noticesOf(db: Db, orderId: number) {
  return db
    .selectFrom('work_order_notices as n')
    .innerJoin('users as u', 'u.id', 'n.user_id')
    .select(['n.event', 'n.channel', 'n.target', 'n.state', 'n.last_error', 'n.created_at', 'u.nickname as user_name'])
    .where('n.order_id', '=', orderId)
    .orderBy('n.id')
    .execute();
}
