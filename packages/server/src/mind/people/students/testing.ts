import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema.ts';
import type { StudentsTable } from './tables.ts';

/** What a test or the demo data says about a student; the rest is filled in. */
export type StudentSeed = Pick<StudentsTable, 'org_id' | 'school_id' | 'grade_id' | 'name' | 'student_no'> &
  Partial<Omit<StudentsTable, 'id'>>;

/** Rows per insert: well under SQLite's bound-parameter limit with every column set. */
const BATCH = 500;

/**
 * Inserts students in batches, straight into the roster (no accounts, so no password hashing):
 * for tests, the demo district and the benchmark's half a million. Answers the new ids in order.
 */
export async function insertStudents(db: Kysely<Database>, rows: StudentSeed[]): Promise<number[]> {
  const at = Date.now();
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += BATCH) {
    const values = rows.slice(i, i + BATCH).map((r) => ({
      campus_id: null,
      gender: 'male' as const,
      birthday: null,
      id_card: null,
      phone: null,
      enrol_year: null,
      status: 'studying' as const,
      user_id: null,
      created_at: at,
      updated_at: at,
      ...r,
    }));
    const inserted = await db.insertInto('students').values(values).returning('id').execute();
    ids.push(...inserted.map((r) => r.id));
  }
  return ids;
}

/** The school, campus and grade above a class, as `insertStudents` wants them. */
export async function placementOf(db: Kysely<Database>, classId: number) {
  const klass = await db.selectFrom('orgs').select('path').where('id', '=', classId).executeTakeFirstOrThrow();
  const above = await db
    .selectFrom('orgs')
    .select(['id', 'type'])
    .where('id', 'in', klass.path.split('/').filter(Boolean).map(Number))
    .execute();
  const of = (type: string) => above.find((o) => o.type === type)?.id ?? null;
  const school_id = of('school');
  const grade_id = of('grade');
  if (school_id === null || grade_id === null) throw new Error(`class ${classId} has no school or grade above it`);
  return { org_id: classId, school_id, grade_id, campus_id: of('campus') };
}
