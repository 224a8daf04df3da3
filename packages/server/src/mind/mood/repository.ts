import type { PageQuery } from '@meridian/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { paginate } from '../../platform/db/sql.ts';

type Db = Kysely<Database> | Transaction<Database>;
type Trx = Transaction<Database>;

/** The student records of a user, with their school and class. */
export function studentOfUser(db: Db, userId: number) {
  return db
    .selectFrom('students')
    .select(['id', 'name', 'school_id', 'org_id as class_id'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .executeTakeFirst();
}

export function entryOfDay(db: Db, studentId: number, day: string) {
  return db
    .selectFrom('mood_entries')
    .selectAll()
    .where('student_id', '=', studentId)
    .where('day', '=', day)
    .executeTakeFirst();
}

export interface EntryToSave {
  student_id: number;
  school_id: number;
  class_id: number | null;
  day: string;
  mood: number;
  intensity: number;
  tags: string;
  note: string;
}

/** Writes the day's entry, a first time or again the same day; returns its id. */
export async function saveEntry(trx: Trx, e: EntryToSave, at: number): Promise<number> {
  const { id } = await trx
    .insertInto('mood_entries')
    .values({ ...e, warning_id: null, created_at: at, updated_at: at })
    .onConflict((oc) =>
      oc.columns(['student_id', 'day']).doUpdateSet({
        mood: e.mood,
        intensity: e.intensity,
        tags: e.tags,
        note: e.note,
        updated_at: at,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(id);
}

export function setEntryWarning(trx: Trx, entryId: number, warningId: number) {
  return trx.updateTable('mood_entries').set({ warning_id: warningId }).where('id', '=', entryId).execute();
}

/** The entries of one student between two days, both included. */
export function entriesBetween(db: Db, studentId: number, from: string, to: string) {
  return db
    .selectFrom('mood_entries')
    .select(['day', 'mood', 'intensity', 'tags', 'note', 'updated_at'])
    .where('student_id', '=', studentId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .orderBy('day')
    .execute();
}

/** A student's entries, newest first, a page at a time (the `(student_id, day)` key orders them). */
export function entriesPage(db: Db, studentId: number, page: PageQuery) {
  return paginate(
    db
      .selectFrom('mood_entries')
      .select(['day', 'mood', 'intensity', 'tags', 'note', 'updated_at'])
      .where('student_id', '=', studentId)
      .orderBy('day', 'desc'),
    page,
  );
}

/** The names of the school's active psychology teachers: whom a student in danger is pointed to. */
export function counsellorsOf(db: Db, schoolId: number) {
  return db
    .selectFrom('teachers')
    .select('name')
    .where('school_id', '=', schoolId)
    .where('is_psychology', '=', true)
    .where('status', '=', 'active')
    .orderBy('id')
    .execute();
}
