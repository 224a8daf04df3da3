import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database } from '../../../platform/db/schema.ts';
import type { StaffWechatTicketsTable } from './tables.ts';

// A staff member binding their own WeChat by scanning a code (decision 0156).

type Db = Kysely<Database> | Transaction<Database>;

/** The user's active roster entries, at whichever schools, with the openid each holds. */
export function rosterEntriesOf(db: Db, userId: number) {
  return db
    .selectFrom('teachers')
    .select(['id', 'name', 'wechat_openid'])
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .orderBy('id')
    .execute();
}

/** Sets (or with null clears) the openid on every active roster entry of the user; how many. */
export async function setOpenidOf(db: Db, userId: number, openid: string | null, at: number): Promise<number> {
  const result = await db
    .updateTable('teachers')
    .set({ wechat_openid: openid, updated_at: at })
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function insertTicket(db: Db, row: Insertable<StaffWechatTicketsTable>): Promise<number> {
  const { id } = await db.insertInto('staff_wechat_tickets').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(id);
}

/** One of the user's own codes. */
export function ticketOf(db: Db, userId: number, id: number) {
  return db
    .selectFrom('staff_wechat_tickets')
    .select(['id', 'expires_at', 'used_at'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function ticketByScene(db: Db, scene: string) {
  return db
    .selectFrom('staff_wechat_tickets')
    .select(['id', 'user_id', 'expires_at', 'used_at', 'openid'])
    .where('scene', '=', scene)
    .executeTakeFirst();
}

/** Marks an unused code used by `openid`: false when someone used it a moment before. */
export async function claimTicket(db: Db, id: number, openid: string, at: number): Promise<boolean> {
  const result = await db
    .updateTable('staff_wechat_tickets')
    .set({ used_at: at, openid })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
