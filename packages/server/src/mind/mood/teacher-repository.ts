import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { toBool } from '../../platform/db/sql.ts';
import { type StudentScope, studentInScope } from '../people/students/scope.ts';

type Db = Kysely<Database> | Transaction<Database>;
type Trx = Transaction<Database>;

/** The schools among `ids` (every school with `all`), with their journal settings when saved. */
export function schoolMoodSettings(db: Db, scope: { all: boolean; ids: number[] }) {
  let query = db
    .selectFrom('orgs as o')
    .leftJoin('mood_settings as ms', 'ms.school_id', 'o.id')
    .select(['o.id', 'o.name', 'ms.low_days', 'ms.low_threshold', 'ms.note_readers', 'ms.updated_at'])
    .where('o.type', '=', 'school')
    .orderBy('o.id');
  // Guard against an empty IN list: a scope without schools has none to show.
  if (!scope.all) query = query.where('o.id', 'in', scope.ids.length === 0 ? [0] : scope.ids);
  return query.execute();
}

export interface MoodSettingsRow {
  school_id: number;
  low_days: number;
  low_threshold: number;
  note_readers: string;
}

export async function saveMoodSettings(db: Db, row: MoodSettingsRow, by: number, at: number): Promise<void> {
  const { school_id, ...values } = row;
  await db
    .insertInto('mood_settings')
    .values({ ...row, updated_by: by, updated_at: at })
    .onConflict((oc) => oc.column('school_id').doUpdateSet({ ...values, updated_by: by, updated_at: at }))
    .execute();
}

/** The saved settings of some schools (those without a row keep the defaults). */
export function settingsOfSchools(db: Db, schoolIds: number[]) {
  // Guard against running an invalid query when the ids list is empty.
  if (schoolIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('mood_settings').selectAll().where('school_id', 'in', schoolIds).execute();
}

/** Each class's average mood per day between two days, over the scope's students. */
export function classDays(db: Db, scope: StudentScope, from: string, to: string, classId: number | undefined) {
  let query = db
    .selectFrom('mood_entries as m')
    .innerJoin('students as s', 's.id', 'm.student_id')
    .innerJoin('orgs as c', 'c.id', 'm.class_id')
    .select((eb) => [
      'm.class_id',
      'c.name as class_name',
      'm.day',
      eb.fn.avg<number | string>('m.mood').as('average'),
      eb.fn.countAll<number | string>().as('entries'),
    ])
    .where(studentInScope(scope))
    .where('m.day', '>=', from)
    .where('m.day', '<=', to)
    .groupBy(['m.class_id', 'c.name', 'm.day'])
    .orderBy('m.class_id')
    .orderBy('m.day');
  if (classId !== undefined) query = query.where('m.class_id', '=', classId);
  return query.execute();
}

/** The students of one class in the scope who wrote since a day, with their entries of the period, newest first. */
export function classEntriesSince(db: Db, scope: StudentScope, classId: number, from: string) {
  return db
    .selectFrom('mood_entries as m')
    .innerJoin('students as s', 's.id', 'm.student_id')
    .select(['m.student_id', 's.name', 'm.day', 'm.mood'])
    .where(studentInScope(scope))
    .where('m.class_id', '=', classId)
    .where('m.day', '>=', from)
    .orderBy('s.name')
    .orderBy('m.student_id')
    .orderBy('m.day', 'desc')
    .execute();
}

/** The scope's entries between two days with their student, newest first per student: where low runs are found. */
export function scopeEntriesSince(db: Db, scope: StudentScope, from: string) {
  return db
    .selectFrom('mood_entries as m')
    .innerJoin('students as s', 's.id', 'm.student_id')
    .leftJoin('orgs as c', 'c.id', 'm.class_id')
    .select(['m.id', 'm.student_id', 's.name', 'm.school_id', 'm.class_id', 'c.name as class_name', 'm.day', 'm.mood'])
    .where(studentInScope(scope))
    .where('m.day', '>=', from)
    .orderBy('m.student_id')
    .orderBy('m.day', 'desc')
    .execute();
}

/** The warnings low streaks opened, by student and first low day. */
export function streakWarnings(db: Db, studentIds: number[]) {
  // Guard against running an invalid query when the ids list is empty.
  if (studentIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('mood_low_streaks')
    .select(['student_id', 'since', 'warning_id'])
    .where('student_id', 'in', studentIds)
    .execute();
}

/** Claims a streak for its warning; false when a run before (or beside) this one already did. */
export async function claimStreak(trx: Trx, studentId: number, since: string, at: number): Promise<number | null> {
  const row = await trx
    .insertInto('mood_low_streaks')
    .values({ student_id: studentId, since, warning_id: null, created_at: at })
    .onConflict((oc) => oc.columns(['student_id', 'since']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}

export function setStreakWarning(trx: Trx, streakId: number, warningId: number) {
  return trx.updateTable('mood_low_streaks').set({ warning_id: warningId }).where('id', '=', streakId).execute();
}

/** A student of the scope with their school and class. */
export function studentInScopeById(db: Db, scope: StudentScope, studentId: number) {
  return db
    .selectFrom('students as s')
    .select(['s.id', 's.name', 's.school_id', 's.org_id as class_id'])
    .where('s.id', '=', studentId)
    .where(studentInScope(scope))
    .executeTakeFirst();
}

/** Whether the user is an active psychology teacher of the school, and whether the class's head teacher. */
export async function teacherRolesOf(db: Db, userId: number, schoolId: number, classId: number | null) {
  const rows = await db
    .selectFrom('teachers as t')
    .leftJoin('class_teachers as ct', (join) =>
      join
        .onRef('ct.teacher_id', '=', 't.id')
        .on('ct.kind', '=', 'head')
        .on('ct.class_id', '=', classId ?? 0),
    )
    .select(['t.is_psychology', 'ct.id as head'])
    .where('t.user_id', '=', userId)
    .where('t.school_id', '=', schoolId)
    .where('t.status', '=', 'active')
    .execute();
  return {
    psychology: rows.some((r) => toBool(r.is_psychology)),
    head: rows.some((r) => r.head !== null),
  };
}
