import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { toJson } from '../../platform/db/sql.ts';
import { uncountAssigned } from '../screens/repository.ts';
import type { NewTask } from './tasks-repository.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The school each of these organisations (grades, classes, campuses) lies in. */
export async function schoolsOfOrgs(db: Db, orgIds: number[]) {
  if (orgIds.length === 0) return [];
  return db
    .selectFrom('orgs as o')
    .innerJoin('orgs as s', (j) =>
      j.on('s.type', '=', 'school').on(sql<boolean>`${sql.ref('o.path')} like ${sql.ref('s.path')} || '%'`),
    )
    .select(['o.id as org_id', 's.id as school_id'])
    .where('o.id', 'in', orgIds)
    .execute();
}

export async function schoolsOfStudents(db: Db, studentIds: number[]) {
  if (studentIds.length === 0) return [];
  return db.selectFrom('students').select(['id', 'school_id']).where('id', 'in', studentIds).execute();
}

export async function schoolsOfTeachers(db: Db, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('teachers')
    .select(['user_id', 'school_id'])
    .where('user_id', 'in', userIds)
    .where('status', '=', 'active')
    .execute();
}

/** The schools' copies of a bureau task. */
export async function copiesOf(db: Db, taskId: number) {
  return db.selectFrom('assessment_tasks').selectAll().where('source_task_id', '=', taskId).orderBy('id').execute();
}

/** How many copies each of these tasks has. */
export async function copyCounts(db: Db, taskIds: number[]) {
  if (taskIds.length === 0) return [];
  return db
    .selectFrom('assessment_tasks')
    .select(['source_task_id', sql<number>`count(*)`.as('n')])
    .where('source_task_id', 'in', taskIds)
    .groupBy('source_task_id')
    .execute();
}

/** Sheets of these tasks someone has started or finished. */
export async function startedSheets(db: Db, taskId: number): Promise<number> {
  const r = await db
    .selectFrom('assessment_assignees')
    .select(sql<number>`count(*)`.as('n'))
    .where('task_id', '=', taskId)
    .where('state', '<>', 'todo')
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/**
 * Inserts a school's copy unless the school has one already (a concurrent sync may have written it
 * a moment ago): answers its id, or undefined when the unique index kept a second one out.
 */
export async function insertCopy(trx: Db, copy: NewTask & { source_task_id: number }): Promise<number | undefined> {
  const row = await trx
    .insertInto('assessment_tasks')
    .values({ ...copy, targets: toJson(copy.targets), published_at: null })
    .onConflict((oc) => oc.columns(['source_task_id', 'org_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Forgets an unstarted copy's sheets before they are written again. */
export async function deleteSheets(trx: Db, taskId: number): Promise<void> {
  await trx.deleteFrom('assessment_assignees').where('task_id', '=', taskId).execute();
  await uncountAssigned(trx, taskId);
}

/** Sheets and finished sheets of a bureau task's copies, for its list row. */
export async function copyTotals(db: Db, taskIds: number[]) {
  if (taskIds.length === 0) return [];
  return db
    .selectFrom('assessment_tasks as c')
    .innerJoin('assessment_assignees as a', 'a.task_id', 'c.id')
    .select([
      'c.source_task_id',
      sql<number>`count(*)`.as('total'),
      sql<number>`sum(case when ${sql.ref('a.state')} = 'done' then 1 else 0 end)`.as('done'),
    ])
    .where('c.source_task_id', 'in', taskIds)
    .groupBy('c.source_task_id')
    .execute();
}
