import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { StudentScope } from '../people/students/scope.ts';
import { resultInScope } from './results-repository.ts';

export interface ReportFilters {
  scaleId: number;
  taskId?: number | undefined;
  schoolId?: number | undefined;
  gradeId?: number | undefined;
  classId?: number | undefined;
}

const groupColumn = {
  school: sql<string>`cast(${sql.ref('r.school_id')} as text)`,
  grade: sql<string>`cast(${sql.ref('r.grade_id')} as text)`,
  class: sql<string>`cast(${sql.ref('r.class_id')} as text)`,
  gender: sql<string>`${sql.ref('s.gender')}`,
};
export type ReportBy = keyof typeof groupColumn;

function filtered(db: Kysely<Database>, scope: StudentScope, f: ReportFilters) {
  return db
    .selectFrom('assessment_results as r')
    .leftJoin('students as s', 's.id', 'r.student_id')
    .where('r.scale_id', '=', f.scaleId)
    .where(resultInScope(scope))
    .$if(f.taskId !== undefined, (q) => q.where('r.task_id', '=', f.taskId ?? 0))
    .$if(f.schoolId !== undefined, (q) => q.where('r.school_id', '=', f.schoolId ?? 0))
    .$if(f.gradeId !== undefined, (q) => q.where('r.grade_id', '=', f.gradeId ?? 0))
    .$if(f.classId !== undefined, (q) => q.where('r.class_id', '=', f.classId ?? 0));
}

/** Counts, positives and the mean of valid totals per group, in one aggregate over the scope's results. */
export async function groupFigures(db: Kysely<Database>, scope: StudentScope, f: ReportFilters, by: ReportBy) {
  const key = groupColumn[by];
  return filtered(db, scope, f)
    .select([
      key.as('key'),
      sql<number>`count(*)`.as('results'),
      sql<number>`sum(case when ${sql.ref('r.valid')} then 1 else 0 end)`.as('valid'),
      sql<number>`sum(case when ${sql.ref('r.warning_level')} is not null then 1 else 0 end)`.as('positive'),
      sql<number | null>`avg(case when ${sql.ref('r.valid')} then ${sql.ref('r.total')} end)`.as('mean_total'),
    ])
    .groupBy(key)
    .orderBy(key)
    .execute();
}

export async function bandCounts(db: Kysely<Database>, scope: StudentScope, f: ReportFilters) {
  return filtered(db, scope, f)
    .select(['r.band', sql<number>`count(*)`.as('count')])
    .groupBy('r.band')
    .orderBy('r.band')
    .execute();
}
