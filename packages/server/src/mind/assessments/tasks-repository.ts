import type { PageQuery, TaskState, TaskTargets, taskPage } from '@meridian/contracts';
import { type ExpressionBuilder, type Insertable, type Kysely, sql, type Transaction, type Updateable } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../platform/db/schema.ts';
import { contains, fromJson, paginate, toJson } from '../../platform/db/sql.ts';
import type { StudentScope } from '../people/students/scope.ts';
import type { AssessmentTasksTable } from './tables.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Tasks a caller may see: those published inside their organisations, and those published above them once live. */
export function taskVisible(scope: StudentScope) {
  return (eb: ExpressionBuilder<Database, 'assessment_tasks'>) => {
    if (scope.all) return eb.lit(true);
    const parts = scope.orgPaths.flatMap((path) => [
      eb('assessment_tasks.org_path', 'like', `${path}%`),
      // A task of the bureau above: its path is a prefix of the caller's.
      eb.and([
        eb('assessment_tasks.state', '<>', 'draft'),
        eb(eb.val(path), 'like', sql<string>`${eb.ref('assessment_tasks.org_path')} || '%'`),
      ]),
    ]);
    return parts.length === 0 ? eb.lit(false) : eb.or(parts);
  };
}

/** A page of the tasks a caller may see, newest first, filtered by name, state and kind. */
export function visibleTaskPage(
  db: Db,
  scope: StudentScope,
  filters: Omit<z.infer<typeof taskPage>, 'page' | 'size'>,
  paging: PageQuery,
) {
  const query = db
    .selectFrom('assessment_tasks')
    .selectAll()
    .where(taskVisible(scope))
    .$if(Boolean(filters.name), (q) => q.where(contains('name', filters.name ?? '')))
    .$if(filters.state !== undefined, (q) => q.where('state', '=', filters.state ?? 'draft'))
    .$if(filters.kind !== undefined, (q) => q.where('kind', '=', filters.kind ?? 'student'))
    .$if(filters.mode !== undefined, (q) => q.where('mode', '=', filters.mode ?? 'questionnaire'))
    .orderBy('id', 'desc');
  return paginate(query, paging);
}

export async function findTask(db: Db, id: number) {
  return db.selectFrom('assessment_tasks').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findVisibleTask(db: Db, scope: StudentScope, id: number) {
  return db
    .selectFrom('assessment_tasks')
    .selectAll()
    .where('id', '=', id)
    .where(taskVisible(scope))
    .executeTakeFirst();
}

export async function taskScales(db: Db, taskIds: number[]) {
  if (taskIds.length === 0) return [];
  return db
    .selectFrom('assessment_task_scales')
    .select(['task_id', 'scale_id', 'version_id'])
    .where('task_id', 'in', taskIds)
    .orderBy('task_id')
    .orderBy('position')
    .execute();
}

export async function doneCounts(db: Db, taskIds: number[]) {
  if (taskIds.length === 0) return [];
  return db
    .selectFrom('assessment_assignees')
    .select(['task_id', sql<number>`count(*)`.as('done')])
    .where('task_id', 'in', taskIds)
    .where('state', '=', 'done')
    .groupBy('task_id')
    .execute();
}

export type NewTask = Omit<Insertable<AssessmentTasksTable>, 'targets' | 'published_at'> & { targets: TaskTargets };

export async function insertTask(trx: Db, task: NewTask, scaleIds: number[]): Promise<number> {
  const { id } = await trx
    .insertInto('assessment_tasks')
    .values({ ...task, targets: toJson(task.targets), published_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await replaceScales(trx, id, scaleIds);
  return id;
}

export async function updateTask(
  trx: Db,
  id: number,
  patch: Omit<Updateable<AssessmentTasksTable>, 'targets'> & { targets?: TaskTargets },
): Promise<void> {
  const { targets, ...rest } = patch;
  await trx
    .updateTable('assessment_tasks')
    .set({ ...rest, ...(targets ? { targets: toJson(targets) } : {}) })
    .where('id', '=', id)
    .execute();
}

export async function replaceScales(trx: Db, taskId: number, scaleIds: number[]): Promise<void> {
  await trx.deleteFrom('assessment_task_scales').where('task_id', '=', taskId).execute();
  await trx
    .insertInto('assessment_task_scales')
    .values(scaleIds.map((scale_id, position) => ({ task_id: taskId, scale_id, version_id: null, position })))
    .execute();
}

export async function pinVersion(trx: Db, taskId: number, scaleId: number, versionId: number): Promise<void> {
  await trx
    .updateTable('assessment_task_scales')
    .set({ version_id: versionId })
    .where('task_id', '=', taskId)
    .where('scale_id', '=', scaleId)
    .execute();
}

/** Moves a task from one state to another only if it is still in the state the rule was checked against. */
export async function moveState(trx: Db, id: number, from: TaskState[], to: TaskState, at: number): Promise<boolean> {
  const r = await trx
    .updateTable('assessment_tasks')
    .set({ state: to, updated_at: at })
    .where('id', '=', id)
    .where('state', 'in', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function deleteTask(trx: Db, id: number): Promise<void> {
  await trx.deleteFrom('assessment_tasks').where('id', '=', id).execute();
}

export async function resultCount(db: Db, taskId: number): Promise<number> {
  const r = await db
    .selectFrom('assessment_results')
    .select(sql<number>`count(*)`.as('n'))
    .where('task_id', '=', taskId)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

export function targetsOf(row: { targets: unknown }): TaskTargets {
  return fromJson<TaskTargets>(row.targets);
}

export async function orgsByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('orgs').select(['id', 'name', 'path', 'type']).where('id', 'in', ids).execute();
}

export async function orgByPath(db: Db, path: string) {
  return db.selectFrom('orgs').select(['id', 'name', 'path', 'type']).where('path', '=', path).executeTakeFirst();
}
