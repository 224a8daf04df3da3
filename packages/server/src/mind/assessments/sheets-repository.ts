import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { toJson } from '../../platform/db/sql.ts';
import type { AssessmentResultsTable } from './tables.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A sheet with what the rules of answering need from its task and its student: the submit path's one read. */
function sheetQuery(db: Db, taskId: number, scaleId: number) {
  return db
    .selectFrom('assessment_assignees as a')
    .innerJoin('assessment_tasks as t', 't.id', 'a.task_id')
    .leftJoin('students as s', 's.id', 'a.student_id')
    .select([
      'a.id',
      'a.task_id',
      'a.scale_id',
      'a.version_id',
      'a.student_id',
      'a.user_id',
      'a.school_id',
      'a.grade_id',
      'a.class_id',
      'a.state',
      'a.answers',
      'a.started_at',
      'a.attempts',
      't.name as task_name',
      't.kind',
      't.rater',
      't.mode',
      't.state as task_state',
      't.starts_at',
      't.ends_at',
      't.retest',
      't.show_report',
      't.max_minutes',
      's.user_id as student_user_id',
      's.name as student_name',
    ])
    .where('a.task_id', '=', taskId)
    .where('a.scale_id', '=', scaleId);
}
export type SheetRow = NonNullable<Awaited<ReturnType<typeof ownSheet>>>;

/**
 * The caller's own sheet: as a student through their roster row, otherwise as the teacher
 * answering. Two shapes rather than one OR, so that each stays on its unique index instead of
 * reading every sheet of the task.
 */
export async function ownSheet(db: Db, userId: number, asStudent: boolean, taskId: number, scaleId: number) {
  return sheetQuery(db, taskId, scaleId)
    .where((eb) =>
      asStudent
        ? eb('a.student_id', 'in', eb.selectFrom('students').select('id').where('user_id', '=', userId))
        : eb('a.user_id', '=', userId),
    )
    .executeTakeFirst();
}

/** The sheet about one student, whoever answers it (the rights are checked by the service). */
export async function studentSheet(db: Db, studentId: number, taskId: number, scaleId: number) {
  return sheetQuery(db, taskId, scaleId).where('a.student_id', '=', studentId).executeTakeFirst();
}

/** Whether the user is the head teacher of the class. */
export async function headsClass(db: Db, userId: number, classId: number): Promise<boolean> {
  const row = await db
    .selectFrom('class_teachers as ct')
    .innerJoin('teachers as t', 't.id', 'ct.teacher_id')
    .select('ct.id')
    .where('ct.class_id', '=', classId)
    .where('ct.kind', '=', 'head')
    .where('t.user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function parentOf(db: Db, userId: number, studentId: number): Promise<boolean> {
  const row = await db
    .selectFrom('student_parents as sp')
    .innerJoin('parents as p', 'p.id', 'sp.parent_id')
    .select('sp.id')
    .where('sp.student_id', '=', studentId)
    .where('p.user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function saveAnswers(
  db: Db,
  id: number,
  answers: Record<string, string>,
  startedAt: number,
  at: number,
): Promise<void> {
  await db
    .updateTable('assessment_assignees')
    .set({ answers: toJson(answers), state: 'started', started_at: startedAt, updated_at: at })
    .where('id', '=', id)
    .where('state', '<>', 'done')
    .execute();
}

/** Opens a sheet (again, for a retest): the start of its answering time. */
export async function startSheet(db: Db, id: number, fresh: boolean, at: number): Promise<void> {
  await db
    .updateTable('assessment_assignees')
    .set({ state: 'started', started_at: at, updated_at: at, ...(fresh ? { answers: '{}' } : {}) })
    .where('id', '=', id)
    .execute();
}

export async function insertResult(trx: Db, row: Insertable<AssessmentResultsTable>): Promise<number> {
  const { id } = await trx.insertInto('assessment_results').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

/**
 * Closes the sheet only if nobody closed it since it was read (same attempt count): a second
 * submission racing the first finds nothing to update and is refused.
 */
export async function closeSheet(
  trx: Db,
  id: number,
  attempts: number,
  resultId: number,
  at: number,
): Promise<boolean> {
  const r = await trx
    .updateTable('assessment_assignees')
    // The answers now live in the result; the sheet keeps none, so a retest starts clean.
    .set({
      state: 'done',
      submitted_at: at,
      result_id: resultId,
      attempts: attempts + 1,
      answers: '{}',
      updated_at: at,
    })
    .where('id', '=', id)
    .where('attempts', '=', attempts)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The open sheets of a person: their own, and those they rate as head teacher or parent. */
export async function sheetsOf(db: Db, userId: number, at: number) {
  return db
    .selectFrom('assessment_assignees as a')
    .innerJoin('assessment_tasks as t', 't.id', 'a.task_id')
    .leftJoin('students as s', 's.id', 'a.student_id')
    .select([
      'a.task_id',
      'a.scale_id',
      'a.version_id',
      'a.student_id',
      'a.state',
      's.name as student_name',
      't.name as task_name',
      't.kind',
      't.mode',
      't.ends_at',
      't.max_minutes',
      't.retest',
    ])
    .where('t.state', '=', 'published')
    .where('t.starts_at', '<=', at)
    .where('t.ends_at', '>=', at)
    .where((eb) =>
      eb.or([
        eb.and([eb('t.kind', '=', 'teacher'), eb('a.user_id', '=', userId)]),
        eb.and([eb('t.kind', '=', 'student'), eb('s.user_id', '=', userId)]),
        eb.and([
          eb('t.kind', '=', 'other'),
          eb('t.rater', '=', 'classTeacher'),
          eb(
            'a.class_id',
            'in',
            eb
              .selectFrom('class_teachers as ct')
              .innerJoin('teachers as te', 'te.id', 'ct.teacher_id')
              .select('ct.class_id')
              .where('ct.kind', '=', 'head')
              .where('te.user_id', '=', userId),
          ),
        ]),
        eb.and([
          eb('t.kind', '=', 'other'),
          eb('t.rater', '=', 'parent'),
          eb(
            'a.student_id',
            'in',
            eb
              .selectFrom('student_parents as sp')
              .innerJoin('parents as p', 'p.id', 'sp.parent_id')
              .select('sp.student_id')
              .where('p.user_id', '=', userId),
          ),
        ]),
      ]),
    )
    .orderBy('t.ends_at')
    .orderBy('a.id')
    .limit(200)
    .execute();
}
