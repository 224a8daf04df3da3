import type { PageQuery, StudentFilters } from '@meridian/contracts';
import { type Kysely, sql, type Transaction } from 'kysely';
import { reusable } from '../../../platform/db/reusable.ts';
import type { Database } from '../../../platform/db/schema.ts';
import { totalOf } from '../../../platform/db/sql.ts';
import type { OrgType } from '../../../portal/identity/tables.ts';
import { type StudentScope, studentInScope } from './scope.ts';
import type { StudentRow, StudentsTable } from './tables.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** `name like 'k%'`, the keyword's own wildcards taken literally: a prefix search stays on an index. */
export function prefixPattern(keyword: string): string {
  return `${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface OrgBrief {
  id: number;
  name: string;
  type: OrgType;
  path: string;
}

export function orgsByIds(db: Db, ids: number[]): Promise<OrgBrief[]> {
  // Guard against running an invalid `in ()` when there is nothing to look up.
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('orgs').select(['id', 'name', 'type', 'path']).where('id', 'in', ids).execute();
}

/** A class and the school, campus and grade above it, read from its path. */
export async function classPlacement(db: Db, classId: number) {
  const klass = await db
    .selectFrom('orgs')
    .select(['id', 'name', 'type', 'path'])
    .where('id', '=', classId)
    .executeTakeFirst();
  if (!klass) return undefined;
  const above = await orgsByIds(db, klass.path.split('/').filter(Boolean).map(Number));
  const of = (type: OrgType) => above.find((o) => o.type === type)?.id ?? null;
  return { klass, schoolId: of('school'), campusId: of('campus'), gradeId: of('grade') };
}

/** `keyword` is the keyword's `like` pattern (prefixPattern), built by the caller so that it can be bound. */
function filtered(db: Db, scope: StudentScope, filters: StudentFilters, keyword: string | undefined) {
  return db
    .selectFrom('students as s')
    .where(studentInScope(scope))
    .$if(filters.schoolId !== undefined, (q) => q.where('s.school_id', '=', filters.schoolId ?? 0))
    .$if(filters.campusId !== undefined, (q) => q.where('s.campus_id', '=', filters.campusId ?? 0))
    .$if(filters.gradeId !== undefined, (q) => q.where('s.grade_id', '=', filters.gradeId ?? 0))
    .$if(filters.classId !== undefined, (q) => q.where('s.org_id', '=', filters.classId ?? 0))
    .$if(filters.status !== undefined, (q) => q.where('s.status', '=', filters.status ?? 'studying'))
    .$if(keyword !== undefined, (q) =>
      q.where((eb) =>
        eb.or([
          sql<boolean>`${eb.ref('s.name')} like ${keyword} escape '\\'`,
          sql<boolean>`${eb.ref('s.student_no')} like ${keyword} escape '\\'`,
        ]),
      ),
    );
}

interface PageValues {
  scope: StudentScope;
  filters: Omit<StudentFilters, 'keyword'>;
  keyword: string | undefined;
  limit: number;
  offset: number;
}

/**
 * One page of the scope's students with their school's, campus's, grade's and class's names and
 * the total, in one read. The page is picked on `students` alone, in the order of the (school,
 * grade, class, id) index, so that a filtered list never sorts or joins the whole table; the names
 * are joined to its rows only, and the total is an uncorrelated subquery, run once.
 */
function pageQuery(db: Db, { scope, filters, keyword, limit, offset }: PageValues) {
  const matching = filtered(db, scope, filters, keyword);
  const page = matching
    .selectAll('s')
    .orderBy('s.school_id')
    .orderBy('s.grade_id')
    .orderBy('s.org_id')
    .orderBy('s.id')
    .limit(limit)
    .offset(offset);
  return db
    .selectFrom(page.as('s'))
    .leftJoin('orgs as school', 'school.id', 's.school_id')
    .leftJoin('orgs as campus', 'campus.id', 's.campus_id')
    .leftJoin('orgs as grade', 'grade.id', 's.grade_id')
    .leftJoin('orgs as class', 'class.id', 's.org_id')
    .selectAll('s')
    .select([
      'school.name as school_name',
      'campus.name as campus_name',
      'grade.name as grade_name',
      'class.name as class_name',
      matching.select(sql<number>`count(*)`.as('n')).as('total'),
    ])
    .orderBy('s.school_id')
    .orderBy('s.grade_id')
    .orderBy('s.org_id')
    .orderBy('s.id');
}

/** The list's shapes are compiled once (platform/db/reusable.ts). */
const reusedPage = reusable(pageQuery);

export async function studentPage(db: Db, scope: StudentScope, filters: StudentFilters, page: PageQuery) {
  const { keyword, ...rest } = filters;
  const pattern = keyword ? prefixPattern(keyword) : undefined;
  const list = await reusedPage(db, {
    scope,
    filters: rest,
    keyword: pattern,
    limit: page.size,
    offset: (page.page - 1) * page.size,
  });
  const total = await totalOf(list, page, async () => {
    const counted = await filtered(db, scope, rest, pattern).select(sql<number>`count(*)`.as('n')).executeTakeFirst();
    return counted?.n ?? 0;
  });
  return { list, total, ...page };
}
export type StudentPageRow = Awaited<ReturnType<typeof studentPage>>['list'][number];

/**
 * Every student of the scope matching the filters, a page at a time by id (keyset, so that a large
 * export neither skips nor repeats rows and never holds one huge result): what the Excel export reads.
 */
export async function* scopedStudentRows(
  db: Db,
  scope: StudentScope,
  filters: StudentFilters,
  pageSize = 1000,
): AsyncGenerator<StudentRow[]> {
  let after = 0;
  for (;;) {
    const rows = await filtered(db, scope, filters, filters.keyword ? prefixPattern(filters.keyword) : undefined)
      .selectAll('s')
      .where('s.id', '>', after)
      .orderBy('s.id')
      .limit(pageSize)
      .execute();
    if (rows.length > 0) yield rows;
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1]?.id ?? after;
  }
}

export function findStudent(db: Db, scope: StudentScope, id: number): Promise<StudentRow | undefined> {
  return db
    .selectFrom('students as s')
    .selectAll('s')
    .where('s.id', '=', id)
    .where(studentInScope(scope))
    .executeTakeFirst();
}

export function findStudentOfUser(db: Db, scope: StudentScope, userId: number): Promise<StudentRow | undefined> {
  return db
    .selectFrom('students as s')
    .selectAll('s')
    .where('s.user_id', '=', userId)
    .where(studentInScope(scope))
    .executeTakeFirst();
}

export async function studentNoTaken(db: Db, schoolId: number, studentNo: string, exceptId?: number): Promise<boolean> {
  const row = await db
    .selectFrom('students')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('student_no', '=', studentNo)
    .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId ?? 0))
    .executeTakeFirst();
  return row !== undefined;
}

export type StudentValues = Omit<StudentsTable, 'id'>;

export async function insertStudent(db: Db, values: StudentValues): Promise<number> {
  const row = await db.insertInto('students').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateStudent(db: Db, id: number, changes: Partial<StudentValues>): Promise<void> {
  await db
    .updateTable('students')
    .set({ ...changes, updated_at: Date.now() })
    .where('id', '=', id)
    .execute();
}

export async function deleteStudent(db: Db, id: number): Promise<void> {
  await db.deleteFrom('student_parents').where('student_id', '=', id).execute();
  await db.deleteFrom('students').where('id', '=', id).execute();
}
