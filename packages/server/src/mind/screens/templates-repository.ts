import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

type Db = Kysely<Database>;

/** The stored choices of these schools, with the nickname of who made each. */
export function choicesOf(db: Db, schoolIds: number[]) {
  if (schoolIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('template_choices as c')
    .leftJoin('users as u', 'u.id', 'c.chosen_by')
    .select(['c.school_id', 'c.screen', 'c.report', 'c.updated_at', 'u.nickname'])
    .where('c.school_id', 'in', schoolIds)
    .execute();
}

/** The schools of the scope (or every school), by name. */
export function schoolsByIds(db: Db, ids: number[] | 'all') {
  let q = db.selectFrom('orgs').select(['id', 'name', 'path']).where('type', '=', 'school');
  if (ids !== 'all') {
    if (ids.length === 0) return Promise.resolve([]);
    q = q.where('id', 'in', ids);
  }
  return q.orderBy('name').orderBy('id').execute();
}

/** Stores one school's choice, replacing the one before. */
export async function saveChoice(
  db: Db,
  row: { school_id: number; screen: string; report: string; chosen_by: number; updated_at: number },
): Promise<void> {
  await db
    .insertInto('template_choices')
    .values(row)
    .onConflict((oc) =>
      oc.column('school_id').doUpdateSet({
        screen: row.screen,
        report: row.report,
        chosen_by: row.chosen_by,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}
