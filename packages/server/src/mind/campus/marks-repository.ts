import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { CampusAlertStudentsTable } from './tables.ts';

// Students named by behaviour events and a school's warning types (decision 0136).

type Db = Kysely<Database> | Transaction<Database>;

const studentColumns = ['id', 'name', 'org_id', 'student_no'] as const;

/** The school's roster students with these student numbers. */
export function studentsByNo(db: Db, schoolId: number, nos: string[]) {
  if (nos.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('students')
    .select(studentColumns)
    .where('school_id', '=', schoolId)
    .where('student_no', 'in', nos)
    .execute();
}

/** The school's roster students with these ids. */
export function studentsById(db: Db, schoolId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('students')
    .select(studentColumns)
    .where('school_id', '=', schoolId)
    .where('id', 'in', ids)
    .execute();
}

export async function insertAlertStudents(db: Db, rows: Insertable<CampusAlertStudentsTable>[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('campus_alert_students').values(rows).execute();
}

/** The students an alert named, in the order the device sent them, with their roster names. */
export function alertStudentsOf(db: Db, alertId: number) {
  return db
    .selectFrom('campus_alert_students as s')
    .leftJoin('students as st', 'st.id', 's.student_id')
    .select(['s.reference', 's.student_id', 's.warning_id', 'st.name'])
    .where('s.alert_id', '=', alertId)
    .orderBy('s.id')
    .execute();
}

/** A school's own warning types, comma-separated; undefined when it keeps the default set. */
export async function warningTypesOf(db: Db, schoolId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('campus_warning_types')
    .select('types')
    .where('school_id', '=', schoolId)
    .executeTakeFirst();
  return row?.types;
}

export async function saveWarningTypes(db: Db, schoolId: number, types: string, by: number, at: number): Promise<void> {
  await db
    .insertInto('campus_warning_types')
    .values({ school_id: schoolId, types, updated_by: by, updated_at: at })
    .onConflict((oc) => oc.column('school_id').doUpdateSet({ types, updated_by: by, updated_at: at }))
    .execute();
}
