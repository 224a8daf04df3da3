import type { PageQuery } from '@meridian/contracts';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../../platform/db/schema.ts';
import { paginate } from '../../../platform/db/sql.ts';
import type { OrgType } from '../../../portal/identity/tables.ts';

/**
 * The students of a class, in the shape this call has always answered: the student number stands
 * in the account column, the name in the nickname.
 */
export function studentsOfClassRows(db: Kysely<Database>, classId: number, page: PageQuery) {
  const query = db
    .selectFrom('students as s')
    .select([
      's.id',
      's.student_no as account',
      's.name as nickname',
      's.status',
      sql<string | null>`null`.as('avatar'),
    ])
    .where('s.org_id', '=', classId)
    .orderBy('s.id');
  return paginate(query, page);
}

/**
 * Students carry their class's school, campus and grade (for the list's one index); when a class
 * moves with its subtree, those follow it, read from the class's new path.
 */
export async function followMovedSubtree(trx: Transaction<Database>, subtreePath: string): Promise<void> {
  const above = (type: OrgType) =>
    sql<number>`(select a.id from orgs a where a.type = ${type}
      and (select c.path from orgs c where c.id = students.org_id) like a.path || '%')`;
  await trx
    .updateTable('students')
    .set({ school_id: above('school'), campus_id: above('campus'), grade_id: above('grade') })
    .where('org_id', 'in', (eb) => eb.selectFrom('orgs').select('id').where('path', 'like', `${subtreePath}%`))
    .execute();
}
