import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema.ts';
import { toBool } from '../../../platform/db/sql.ts';

type Db = Kysely<Database>;

/** The studying student of `schoolId` with this number, with their account and ID card. */
export function studentByNumber(db: Db, schoolId: number, studentNo: string) {
  return db
    .selectFrom('students as s')
    .innerJoin('school_signin_settings as ss', 'ss.school_id', 's.school_id')
    .select(['s.id', 's.user_id', 's.id_card', 'ss.student_no_signin'])
    .where('s.school_id', '=', schoolId)
    .where('s.student_no', '=', studentNo)
    .where('s.status', '=', 'studying')
    .executeTakeFirst();
}

/** Whether the school lets its students sign in with their student number. */
export async function studentNoSignInOn(db: Db, schoolId: number): Promise<boolean> {
  const row = await db
    .selectFrom('school_signin_settings')
    .select('student_no_signin')
    .where('school_id', '=', schoolId)
    .executeTakeFirst();
  return row ? toBool(row.student_no_signin) : false;
}

/** The schools that have turned student-number sign-in on, by name. */
export function studentNoSchools(db: Db) {
  return db
    .selectFrom('school_signin_settings as ss')
    .innerJoin('orgs as o', 'o.id', 'ss.school_id')
    .select(['o.id', 'o.name'])
    .where('ss.student_no_signin', '=', true)
    .where('o.type', '=', 'school')
    .orderBy('o.name')
    .execute();
}

/** The schools among `ids` (every school with `all`), with their setting. */
export function schoolSettings(db: Db, scope: { all: boolean; ids: number[] }) {
  let query = db
    .selectFrom('orgs as o')
    .leftJoin('school_signin_settings as ss', 'ss.school_id', 'o.id')
    .select(['o.id', 'o.name', 'ss.student_no_signin'])
    .where('o.type', '=', 'school')
    .orderBy('o.id');
  if (!scope.all) query = query.where('o.id', 'in', scope.ids.length === 0 ? [0] : scope.ids);
  return query.execute();
}

export async function saveSchoolSetting(
  db: Db,
  schoolId: number,
  studentNoSignIn: boolean,
  by: number,
  at: number,
): Promise<void> {
  await db
    .insertInto('school_signin_settings')
    .values({ school_id: schoolId, student_no_signin: studentNoSignIn, updated_by: by, updated_at: at })
    .onConflict((oc) =>
      oc.column('school_id').doUpdateSet({ student_no_signin: studentNoSignIn, updated_by: by, updated_at: at }),
    )
    .execute();
}
