import type { DailyFilters } from '@meridian/contracts';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { type StudentScope, studentInScope } from '../people/students/scope.ts';
import type { DailyRecordsTable } from './tables.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type DailyValues = Omit<DailyRecordsTable, 'id'>;

/**
 * Records of one kind the caller sees: a student's through the student scope, a school's when the
 * school is one of `schoolIds` (the scope's schools and the schools around its classes).
 */
function visible(db: Db, kind: string, scope: StudentScope, schoolIds: number[]) {
  return db
    .selectFrom('daily_records as d')
    .leftJoin('students as st', 'st.id', 'd.student_id')
    .leftJoin('users as u', 'u.id', 'd.author_id')
    .where('d.kind', '=', kind)
    .where((eb) => {
      if (scope.all) return eb.lit(true);
      return eb.or([
        eb.and([
          eb('d.student_id', 'is', null),
          schoolIds.length > 0 ? eb('d.school_id', 'in', schoolIds) : eb.lit(false),
        ]),
        eb.exists(
          eb
            .selectFrom('students as s')
            .select('s.id')
            .whereRef('s.id', '=', 'd.student_id')
            .where(studentInScope(scope)),
        ),
      ]);
    });
}

const columns = ['st.name as student_name', 'u.nickname as author_name'] as const;

export async function dailyPage(
  db: Db,
  kind: string,
  scope: StudentScope,
  schoolIds: number[],
  filters: DailyFilters,
  page: { page: number; size: number },
) {
  const base = visible(db, kind, scope, schoolIds)
    .$if(filters.schoolId !== undefined, (q) => q.where('d.school_id', '=', filters.schoolId ?? 0))
    .$if(filters.studentId !== undefined, (q) => q.where('d.student_id', '=', filters.studentId ?? 0))
    .$if(filters.from !== undefined, (q) => q.where('d.occurred_on', '>=', filters.from ?? ''))
    .$if(filters.to !== undefined, (q) => q.where('d.occurred_on', '<=', filters.to ?? ''));
  const [counted, list] = await Promise.all([
    base.select(sql<number>`count(*)`.as('total')).executeTakeFirst(),
    base
      .selectAll('d')
      .select(columns)
      .orderBy('d.occurred_on', 'desc')
      .orderBy('d.id', 'desc')
      .limit(page.size)
      .offset((page.page - 1) * page.size)
      .execute(),
  ]);
  return { list, total: Number(counted?.total ?? 0), ...page };
}

export function findDaily(db: Db, kind: string, scope: StudentScope, schoolIds: number[], id: number) {
  return visible(db, kind, scope, schoolIds).selectAll('d').select(columns).where('d.id', '=', id).executeTakeFirst();
}

export async function insertDaily(db: Db, values: DailyValues): Promise<number> {
  const row = await db.insertInto('daily_records').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateDaily(db: Db, id: number, changes: Partial<DailyValues>): Promise<void> {
  await db.updateTable('daily_records').set(changes).where('id', '=', id).execute();
}

export async function deleteDaily(db: Db, id: number): Promise<void> {
  await db.deleteFrom('daily_records').where('id', '=', id).execute();
}

/** A student's records of the kinds that belong to their archive (the student was checked against the scope). */
export function dailyOfStudent(db: Db, studentId: number) {
  return db
    .selectFrom('daily_records as d')
    .leftJoin('users as u', 'u.id', 'd.author_id')
    .selectAll('d')
    .select('u.nickname as author_name')
    .where('d.student_id', '=', studentId)
    .orderBy('d.occurred_on')
    .execute();
}
