import type { PageQuery } from '@meridian/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { paginate } from '../../platform/db/sql.ts';

/** One person's to-dos: open ones first by default, newest first. */
export function todoPage(db: Kysely<Database>, userId: number, status: 'open' | 'done' | 'all', paging: PageQuery) {
  let q = db.selectFrom('todos').selectAll().where('user_id', '=', userId);
  if (status === 'open') q = q.where('done_at', 'is', null);
  if (status === 'done') q = q.where('done_at', 'is not', null);
  return paginate(q.orderBy('id', 'desc'), paging);
}

/** Marks one of the person's own to-dos; false when it is not theirs (or does not exist). */
export async function setTodoDone(db: Kysely<Database>, userId: number, id: number, doneAt: number | null) {
  const result = await db
    .updateTable('todos')
    .set({ done_at: doneAt })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
