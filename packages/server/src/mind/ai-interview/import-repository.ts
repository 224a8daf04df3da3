import type { Insertable, Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { Scope } from '../../portal/access/scope.ts';
import type { AssessmentAssigneesTable, AssessmentTasksTable } from '../assessments/tables.ts';
import { type StudentScope, studentInScope } from '../people/students/scope.ts';
import { scaleVisible } from '../scales/repository.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The organisation an import's task belongs to for a caller who sees everything: the first district. */
export function firstTopOrg(db: Db) {
  return db
    .selectFrom('orgs')
    .select(['id', 'name', 'path', 'type'])
    .where('parent_id', 'is', null)
    .orderBy('id')
    .executeTakeFirst();
}

/**
 * The students of the scope a row names, by id or by number (at most two: two mean the number is
 * not unique within the scope). A student outside the scope is not found.
 */
export function studentsNamed(db: Db, scope: StudentScope, by: { id?: number; no?: string }) {
  return db
    .selectFrom('students as s')
    .select(['s.id', 's.name', 's.student_no', 's.school_id', 's.grade_id', 's.org_id', 's.user_id'])
    .where(studentInScope(scope))
    .$if(by.id !== undefined, (q) => q.where('s.id', '=', by.id ?? 0))
    .$if(by.no !== undefined, (q) => q.where('s.student_no', '=', by.no ?? ''))
    .orderBy('s.id')
    .limit(2)
    .execute();
}
export type NamedStudent = Awaited<ReturnType<typeof studentsNamed>>[number];

/** A published scale by its code, among those the caller may use (built-in, or custom of their organisations). */
export function publishedScaleByCode(db: Db, scope: Scope, code: string) {
  return db
    .selectFrom('scales as s')
    .select(['s.id', 's.current_version_id'])
    .where(sql<string>`lower(s.code)`, '=', code.toLowerCase())
    .where('s.status', '=', 'published')
    .where('s.current_version_id', 'is not', null)
    .where(scaleVisible(scope))
    .orderBy('s.id')
    .executeTakeFirst();
}

/** The published scales the caller may use, for the template's list of codes and options. */
export function publishedScales(db: Db, scope: Scope) {
  return db
    .selectFrom('scales as s')
    .select(['s.id', 's.code', 's.current_version_id', 's.item_count'])
    .where('s.status', '=', 'published')
    .where('s.current_version_id', 'is not', null)
    .where('s.audience', '!=', 'teacher')
    .where(scaleVisible(scope))
    .orderBy('s.code')
    .execute();
}

/** Adds a scale to an import's task the first time one of its rows uses it. */
export async function addTaskScale(trx: Db, taskId: number, scaleId: number, versionId: number): Promise<void> {
  const known = await trx
    .selectFrom('assessment_task_scales')
    .select('id')
    .where('task_id', '=', taskId)
    .where('scale_id', '=', scaleId)
    .executeTakeFirst();
  if (known) return;
  const last = await trx
    .selectFrom('assessment_task_scales')
    .select((eb) => eb.fn.max('position').as('p'))
    .where('task_id', '=', taskId)
    .executeTakeFirst();
  await trx
    .insertInto('assessment_task_scales')
    .values({ task_id: taskId, scale_id: scaleId, version_id: versionId, position: Number(last?.p ?? -1) + 1 })
    .execute();
}

/** An imported sheet, already done; its result is attached once stored. */
export async function insertImportedSheet(trx: Db, row: Insertable<AssessmentAssigneesTable>): Promise<number> {
  const { id } = await trx.insertInto('assessment_assignees').values(row).returning('id').executeTakeFirstOrThrow();
  await trx
    .updateTable('assessment_tasks')
    .set({ assignee_count: sql`assignee_count + 1` })
    .where('id', '=', row.task_id)
    .execute();
  return id;
}

export async function attachResult(trx: Db, assigneeId: number, resultId: number): Promise<void> {
  await trx.updateTable('assessment_assignees').set({ result_id: resultId }).where('id', '=', assigneeId).execute();
}

/** A row this import stored already (a job run again after a crash): its result, so that it is not stored twice. */
export function importedResult(db: Db, taskId: number, studentId: number, scaleId: number, at: number) {
  return db
    .selectFrom('assessment_results')
    .select(['id', 'total'])
    .where('task_id', '=', taskId)
    .where('student_id', '=', studentId)
    .where('scale_id', '=', scaleId)
    .where('submitted_at', '=', at)
    .executeTakeFirst();
}

/** An import's assessment task: its scales are added as its rows name them. */
export async function insertImportTask(db: Db, task: Insertable<AssessmentTasksTable>): Promise<number> {
  const { id } = await db.insertInto('assessment_tasks').values(task).returning('id').executeTakeFirstOrThrow();
  return id;
}
