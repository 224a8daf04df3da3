import type { VisitFilters } from '@meridian/contracts';
import { type Insertable, type Kysely, sql, type Transaction, type Updateable } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { contains } from '../../platform/db/sql.ts';
import type { HomeVisitsTable, HomeVisitTasksTable } from '../archive/tables.ts';
import { type StudentScope, studentInScope } from '../people/students/scope.ts';

type Db = Kysely<Database> | Transaction<Database>;

export type VisitTaskValues = Insertable<HomeVisitTasksTable>;
export type VisitValues = Insertable<HomeVisitsTable>;

/** Tasks set above or below the caller's organisations: a school sees its bureau's and its own. */
function visibleTasks(db: Db, scope: StudentScope) {
  return db.selectFrom('home_visit_tasks as t').where((eb) => {
    if (scope.all) return eb.lit(true);
    if (scope.orgPaths.length === 0) return eb.lit(false);
    return eb.or(
      scope.orgPaths.flatMap((path) => [
        eb('t.org_path', 'like', `${path}%`),
        // The task's organisation above the caller's: the caller's path starts with the task's.
        sql<boolean>`${path} like ${sql.ref('t.org_path')} || '%'`,
      ]),
    );
  });
}

export async function visitTaskPage(
  db: Db,
  scope: StudentScope,
  keyword: string | undefined,
  page: { page: number; size: number },
) {
  const base = visibleTasks(db, scope).$if(Boolean(keyword), (q) => q.where(contains('t.name', keyword ?? '')));
  const [counted, list] = await Promise.all([
    base.select(sql<number>`count(*)`.as('total')).executeTakeFirst(),
    base
      .selectAll('t')
      .orderBy('t.id', 'desc')
      .limit(page.size)
      .offset((page.page - 1) * page.size)
      .execute(),
  ]);
  return { list, total: Number(counted?.total ?? 0), ...page };
}

/** The visible tasks that end between `from` and `to`, soonest first: the visits due this week. */
export async function visitTasksEnding(db: Db, scope: StudentScope, from: number, to: number, limit: number) {
  const base = visibleTasks(db, scope).where('t.ends_at', '>=', from).where('t.ends_at', '<', to);
  const [counted, list] = await Promise.all([
    base.select(sql<number>`count(*)`.as('total')).executeTakeFirst(),
    base.select(['t.id', 't.name', 't.ends_at']).orderBy('t.ends_at').orderBy('t.id').limit(limit).execute(),
  ]);
  return { list, total: Number(counted?.total ?? 0) };
}

export function findVisitTask(db: Db, scope: StudentScope, id: number) {
  return visibleTasks(db, scope).selectAll('t').where('t.id', '=', id).executeTakeFirst();
}

export async function visitCounts(db: Db, taskIds: number[]): Promise<Map<number, number>> {
  // Guard against running an invalid `in ()` on an empty page.
  if (taskIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('home_visits')
    .select(['task_id', sql<number>`count(*)`.as('n')])
    .where('task_id', 'in', taskIds)
    .groupBy('task_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.task_id), Number(r.n)]));
}

export async function insertVisitTask(db: Db, values: VisitTaskValues): Promise<number> {
  const row = await db.insertInto('home_visit_tasks').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateVisitTask(db: Db, id: number, changes: Updateable<HomeVisitTasksTable>): Promise<void> {
  await db.updateTable('home_visit_tasks').set(changes).where('id', '=', id).execute();
}

export async function deleteVisitTask(db: Db, id: number): Promise<void> {
  await db.deleteFrom('home_visit_tasks').where('id', '=', id).execute();
}

/** Classes (by id) that exist as classes, with their paths, for checking targets against the scope. */
export function classesByIds(db: Db, ids: number[]) {
  // Guard against running an invalid `in ()` when no class is named.
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('orgs').select(['id', 'path', 'type']).where('id', 'in', ids).execute();
}

/** The class (organisation) a student is in. */
export function studentClassOf(db: Db, studentId: number) {
  return db.selectFrom('students').select('org_id').where('id', '=', studentId).executeTakeFirst();
}

export async function studentsInScopeCount(db: Db, scope: StudentScope, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const row = await db
    .selectFrom('students as s')
    .select(sql<number>`count(*)`.as('n'))
    .where('s.id', 'in', ids)
    .where(studentInScope(scope))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function insertVisit(db: Db, values: VisitValues): Promise<number> {
  const row = await db.insertInto('home_visits').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateVisit(db: Db, id: number, changes: Updateable<HomeVisitsTable>): Promise<void> {
  await db.updateTable('home_visits').set(changes).where('id', '=', id).execute();
}

export async function deleteVisit(db: Db, id: number): Promise<void> {
  await db.deleteFrom('home_visits').where('id', '=', id).execute();
}

/** Visits of the scope's students, with the student's name and the task's. */
function scopedVisits(db: Db, scope: StudentScope) {
  return db
    .selectFrom('home_visits as v')
    .innerJoin('students as s', 's.id', 'v.student_id')
    .leftJoin('home_visit_tasks as t', 't.id', 'v.task_id')
    .where(studentInScope(scope));
}

const visitColumns = ['s.name as student_name', 's.student_no', 't.name as task_name'] as const;

export function findVisit(db: Db, scope: StudentScope, id: number) {
  return scopedVisits(db, scope).selectAll('v').select(visitColumns).where('v.id', '=', id).executeTakeFirst();
}

export async function visitPage(
  db: Db,
  scope: StudentScope,
  filters: VisitFilters,
  page: { page: number; size: number },
) {
  const base = scopedVisits(db, scope)
    .$if(filters.taskId !== undefined, (q) => q.where('v.task_id', '=', filters.taskId ?? 0))
    .$if(filters.studentId !== undefined, (q) => q.where('v.student_id', '=', filters.studentId ?? 0))
    .$if(filters.schoolId !== undefined, (q) => q.where('v.school_id', '=', filters.schoolId ?? 0))
    .$if(filters.classId !== undefined, (q) => q.where('v.class_id', '=', filters.classId ?? 0))
    .$if(filters.from !== undefined, (q) => q.where('v.visited_at', '>=', filters.from ?? 0))
    .$if(filters.to !== undefined, (q) => q.where('v.visited_at', '<', filters.to ?? 0))
    .$if(filters.byHeadTeacher === true, (q) =>
      q.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('class_teachers as ct')
            .innerJoin('teachers as te', 'te.id', 'ct.teacher_id')
            .select('ct.id')
            .whereRef('ct.class_id', '=', 'v.class_id')
            .where('ct.kind', '=', 'head')
            .whereRef('te.user_id', '=', 'v.visitor_id'),
        ),
      ),
    );
  const [counted, list] = await Promise.all([
    base.select(sql<number>`count(*)`.as('total')).executeTakeFirst(),
    base
      .selectAll('v')
      .select(visitColumns)
      .orderBy('v.visited_at', 'desc')
      .orderBy('v.id', 'desc')
      .limit(page.size)
      .offset((page.page - 1) * page.size)
      .execute(),
  ]);
  return { list, total: Number(counted?.total ?? 0), ...page };
}

/** A task's visits within the scope, a page at a time by id: what the answer export reads. */
export async function* taskVisitRows(db: Db, scope: StudentScope, taskId: number, pageSize = 500) {
  let after = 0;
  for (;;) {
    const rows = await scopedVisits(db, scope)
      .innerJoin('orgs as c', 'c.id', 's.org_id')
      .innerJoin('orgs as sch', 'sch.id', 's.school_id')
      .leftJoin('users as u', 'u.id', 'v.visitor_id')
      .selectAll('v')
      .select([...visitColumns, 'c.name as class_name', 'sch.name as school_name', 'u.nickname as visitor_name'])
      .where('v.task_id', '=', taskId)
      .where('v.id', '>', after)
      .orderBy('v.id')
      .limit(pageSize)
      .execute();
    if (rows.length > 0) yield rows;
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1]?.id ?? after;
  }
}

/** A student's visits (the student was checked against the scope), optionally within a time range. */
export function visitsOf(db: Db, studentId: number, range?: { from: number; to: number }) {
  return db
    .selectFrom('home_visits as v')
    .leftJoin('home_visit_tasks as t', 't.id', 'v.task_id')
    .selectAll('v')
    .select('t.name as task_name')
    .where('v.student_id', '=', studentId)
    .$if(range !== undefined, (q) =>
      q.where('v.visited_at', '>=', range?.from ?? 0).where('v.visited_at', '<', range?.to ?? 0),
    )
    .orderBy('v.visited_at')
    .execute();
}
