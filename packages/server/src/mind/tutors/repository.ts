import { type Insertable, type Kysely, sql, type Transaction } from 'kysely';
import { type TakeOutcome, takeOnce } from '../../platform/db/places.ts';
import type { Database } from '../../platform/db/schema.ts';
import { type StudentScope, studentInScope } from '../people/students/scope.ts';
import type { TutorTasksTable } from './tables.ts';

type Db = Kysely<Database> | Transaction<Database>;

export async function insertTask(
  db: Kysely<Database>,
  task: Insertable<TutorTasksTable>,
  tutors: Array<{ userId: number; quota: number }>,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.insertInto('tutor_tasks').values(task).returning('id').executeTakeFirstOrThrow();
    const id = Number(row.id);
    await trx
      .insertInto('tutor_task_tutors')
      .values(tutors.map((t) => ({ task_id: id, user_id: t.userId, quota: t.quota, taken: 0 })))
      .execute();
    return id;
  });
}

export function findTask(db: Db, id: number) {
  return db.selectFrom('tutor_tasks').selectAll().where('id', '=', id).executeTakeFirst();
}
export type TaskRow = NonNullable<Awaited<ReturnType<typeof findTask>>>;

export function tutorsOf(db: Db, taskIds: number[]) {
  // Guard against running an invalid `in ()`.
  if (taskIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('tutor_task_tutors as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['t.id', 't.task_id', 't.user_id', 'u.nickname as name', 't.quota', 't.taken'])
    .where('t.task_id', 'in', taskIds)
    .orderBy('t.id')
    .execute();
}

export function tasksInScope(db: Db, scope: StudentScope) {
  return db
    .selectFrom('tutor_tasks as k')
    .selectAll('k')
    .where((eb) => {
      if (scope.all) return eb.lit(true);
      if (scope.orgPaths.length === 0) return eb.lit(false);
      // Set at or below the scope, or above it (a school's task reaches a class teacher's classes).
      return eb.or(
        scope.orgPaths.flatMap((p) => [
          eb('k.org_path', 'like', `${p}%`),
          eb(sql.val(p), 'like', sql<string>`${sql.ref('k.org_path')} || '%'`),
        ]),
      );
    })
    .orderBy('k.id', 'desc')
    .limit(200)
    .execute();
}

/** The tasks naming the given account among their tutors, newest first. */
export function tasksOfTutor(db: Db, userId: number) {
  return db
    .selectFrom('tutor_tasks as k')
    .selectAll('k')
    .where('k.id', 'in', (eb) => eb.selectFrom('tutor_task_tutors').select('task_id').where('user_id', '=', userId))
    .orderBy('k.id', 'desc')
    .limit(200)
    .execute();
}

export function setRound(db: Db, id: number, round: number) {
  return db.updateTable('tutor_tasks').set({ round }).where('id', '=', id).execute();
}

export function orgsByIds(db: Db, ids: number[]) {
  // Guard against running an invalid `in ()`.
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('orgs').select(['id', 'path', 'type', 'name']).where('id', 'in', ids).execute();
}

/** The organisations (paths) the given users belong to, for checking tutors against the school. */
export function userOrgPaths(db: Db, userIds: number[]) {
  // Guard against running an invalid `in ()`.
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('user_identities as ui')
    .innerJoin('orgs as o', 'o.id', 'ui.org_id')
    .select(['ui.user_id', 'o.path'])
    .where('ui.user_id', 'in', userIds)
    .execute();
}

/** The student records of an account, with their class and its path. */
export function studentsOfUser(db: Db, userId: number) {
  return db
    .selectFrom('students as s')
    .innerJoin('orgs as c', 'c.id', 's.org_id')
    .select(['s.id', 's.name', 's.org_id', 'c.path as class_path'])
    .where('s.user_id', '=', userId)
    .execute();
}

/** Tasks whose window contains `at` and whose organisation lies above one of the class paths. */
export function openTasksFor(db: Db, classPaths: string[], at: number) {
  // Guard against an empty OR.
  if (classPaths.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('tutor_tasks as k')
    .selectAll('k')
    .where('k.opens_at', '<=', at)
    .where('k.closes_at', '>', at)
    .where((eb) => eb.or(classPaths.map((p) => sql<boolean>`${p} like ${sql.ref('k.org_path')} || '%'`)))
    .orderBy('k.id')
    .execute();
}

export function liveChoicesOf(db: Db, taskIds: number[], studentIds: number[]) {
  // Guard against running an invalid `in ()`.
  if (taskIds.length === 0 || studentIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('tutor_choices')
    .select(['id', 'task_id', 'student_id', 'tutor_id', 'round', 'state'])
    .where('task_id', 'in', taskIds)
    .where('student_id', 'in', studentIds)
    .where('state', '<>', 'declined')
    .execute();
}

export type Take = TakeOutcome;

/**
 * Takes a tutor's place in one transaction: the choice row first (its unique index refuses a
 * second one in the round), then the tutor's counter raised only while below the quota. Two
 * students taking the last place: one update raises it, the other finds it full and rolls back.
 */
export async function takeTutor(
  db: Kysely<Database>,
  c: { taskId: number; studentId: number; tutorId: number; round: number; at: number },
): Promise<Take> {
  return takeOnce(
    db,
    (trx) =>
      trx
        .insertInto('tutor_choices')
        .values({
          task_id: c.taskId,
          student_id: c.studentId,
          tutor_id: c.tutorId,
          round: c.round,
          state: 'pending',
          created_at: c.at,
          decided_at: null,
        })
        .onConflict((oc) => oc.columns(['task_id', 'student_id', 'round']).doNothing())
        .returning('id')
        .executeTakeFirst(),
    (trx) =>
      trx
        .updateTable('tutor_task_tutors')
        .set((eb) => ({ taken: eb('taken', '+', 1) }))
        .where('id', '=', c.tutorId)
        .where('task_id', '=', c.taskId)
        .whereRef('taken', '<', 'quota')
        .executeTakeFirst(),
  );
}

export function choiceWithTutor(db: Db, choiceId: number) {
  return db
    .selectFrom('tutor_choices as c')
    .innerJoin('tutor_task_tutors as t', 't.id', 'c.tutor_id')
    .select(['c.id', 'c.state', 'c.tutor_id', 't.user_id'])
    .where('c.id', '=', choiceId)
    .executeTakeFirst();
}

/** Answers a pending choice; a decline gives the place back. Whether it was still pending. */
export async function decideChoice(
  db: Kysely<Database>,
  choiceId: number,
  tutorId: number,
  confirm: boolean,
  at: number,
) {
  return db.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable('tutor_choices')
      .set({ state: confirm ? 'confirmed' : 'declined', decided_at: at })
      .where('id', '=', choiceId)
      .where('state', '=', 'pending')
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) return false;
    if (!confirm) {
      await trx
        .updateTable('tutor_task_tutors')
        .set((eb) => ({ taken: eb('taken', '-', 1) }))
        .where('id', '=', tutorId)
        .execute();
    }
    return true;
  });
}

/** The choices of a task whose students lie in the scope (all of them for the tutor's own list). */
export function choicesOf(db: Db, taskId: number, scope: StudentScope | null, tutorUserId?: number) {
  return db
    .selectFrom('tutor_choices as c')
    .innerJoin('students as s', 's.id', 'c.student_id')
    .innerJoin('orgs as o', 'o.id', 's.org_id')
    .innerJoin('tutor_task_tutors as t', 't.id', 'c.tutor_id')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select([
      'c.id',
      'c.task_id',
      'c.student_id',
      's.name as student_name',
      's.org_id as class_id',
      'o.name as class_name',
      'c.tutor_id',
      'u.nickname as tutor_name',
      'c.round',
      'c.state',
    ])
    .where('c.task_id', '=', taskId)
    .$if(scope !== null, (q) => q.where(studentInScope(scope as StudentScope)))
    .$if(tutorUserId !== undefined, (q) => q.where('t.user_id', '=', tutorUserId as number))
    .orderBy('o.name')
    .orderBy('s.name')
    .orderBy('c.round')
    .execute();
}

/** Per class of the task, in the scope: students, students holding a choice, students confirmed. */
export function progressByClass(db: Db, taskId: number, classIds: number[], scope: StudentScope) {
  // Guard against running an invalid `in ()`.
  if (classIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('students as s')
    .innerJoin('orgs as o', 'o.id', 's.org_id')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('tutor_choices')
          .select(['student_id', sql<number>`max(case when state = 'confirmed' then 1 else 0 end)`.as('confirmed')])
          .where('task_id', '=', taskId)
          .where('state', '<>', 'declined')
          .groupBy('student_id')
          .as('c'),
      (join) => join.onRef('c.student_id', '=', 's.id'),
    )
    .select([
      's.org_id as class_id',
      'o.name as class_name',
      sql<number>`count(*)`.as('students'),
      sql<number>`count(c.student_id)`.as('chosen'),
      sql<number>`coalesce(sum(c.confirmed), 0)`.as('confirmed'),
    ])
    .where('s.org_id', 'in', classIds)
    .where(studentInScope(scope))
    .groupBy(['s.org_id', 'o.name'])
    .orderBy('o.name')
    .execute();
}
