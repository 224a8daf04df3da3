import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { contains } from '../../platform/db/sql.ts';
import { type StudentScope, studentInScope } from '../people/students/scope.ts';

type Db = Kysely<Database>;

const OPEN_STATES = ['new', 'setUp', 'published', 'intervening', 'handedOver'] as const;

/** Which students the insight looks at: the scope's, one school's, names containing a word, or one student. */
export interface InsightFilters {
  schoolId?: number | undefined;
  name?: string | undefined;
  studentId?: number | undefined;
}

/** The students of the scope that the filters keep, as a subquery each evidence query narrows by. */
function studentsOf(db: Db, scope: StudentScope, f: InsightFilters) {
  return db
    .selectFrom('students as s')
    .select('s.id')
    .where(studentInScope(scope))
    .$if(f.schoolId !== undefined, (q) => q.where('s.school_id', '=', f.schoolId ?? 0))
    .$if(!!f.name, (q) => q.where(contains('s.name', f.name ?? '')))
    .$if(f.studentId !== undefined, (q) => q.where('s.id', '=', f.studentId ?? 0));
}

/** Warnings still being handled. */
export function openWarnings(db: Db, scope: StudentScope, f: InsightFilters) {
  return db
    .selectFrom('warnings')
    .select(['id', 'student_id', 'level', 'reason', 'created_at'])
    .where('state', 'in', OPEN_STATES)
    .where('student_id', 'in', studentsOf(db, scope, f))
    .execute();
}

/** Results since `since` that raised a warning. */
export function warnedResults(db: Db, scope: StudentScope, f: InsightFilters, since: number) {
  return db
    .selectFrom('assessment_results')
    .select(['id', 'student_id', 'warning_level', 'scale_id', 'submitted_at'])
    .where('warning_level', 'is not', null)
    .where('submitted_at', '>=', since)
    .where('student_id', 'in', studentsOf(db, scope, f))
    .execute();
}

/** Interviews recorded since `since`. */
export function interviews(db: Db, scope: StudentScope, f: InsightFilters, since: number) {
  return db
    .selectFrom('interventions')
    .select(['id', 'student_id', 'warning_id', 'happened_at'])
    .where('kind', '=', 'interview')
    .where('happened_at', '>=', since)
    .where('student_id', 'in', studentsOf(db, scope, f))
    .execute();
}

/** Mood entries at or below `atMost` on days from `sinceDay` (YYYY-MM-DD). */
export function lowMoods(db: Db, scope: StudentScope, f: InsightFilters, sinceDay: string, atMost: number) {
  return db
    .selectFrom('mood_entries')
    .select(['id', 'student_id', 'day', 'mood', 'created_at'])
    .where('mood', '<=', atMost)
    .where('day', '>=', sinceDay)
    .where('student_id', 'in', studentsOf(db, scope, f))
    .execute();
}

/** The listed students' names, numbers and places. */
export function insightStudents(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('students as s')
    .innerJoin('orgs as school', 'school.id', 's.school_id')
    .innerJoin('orgs as class', 'class.id', 's.org_id')
    .select(['s.id', 's.name', 's.student_no', 'school.name as school_name', 'class.name as class_name'])
    .where('s.id', 'in', ids)
    .execute();
}
