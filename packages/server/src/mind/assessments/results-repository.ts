import type { PageQuery } from '@meridian/contracts';
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { paginate } from '../../platform/db/sql.ts';
import type { StudentScope } from '../people/students/scope.ts';

type Alias = 'assessment_results as r';
type Rb = ExpressionBuilder<Database & { r: Database['assessment_results'] }, 'r'>;

/** A condition that keeps the results of the scope: placement is copied onto each result, so no join is needed. */
export function resultInScope(scope: StudentScope) {
  return (eb: Rb) => {
    if (scope.all) return eb.lit(true);
    const parts = [
      ...(scope.schoolIds.length > 0 ? [eb('r.school_id', 'in', scope.schoolIds)] : []),
      ...(scope.classIds.length > 0 ? [eb('r.class_id', 'in', scope.classIds)] : []),
      ...(scope.studentIds.length > 0 ? [eb('r.student_id', 'in', scope.studentIds)] : []),
    ];
    return parts.length === 0 ? eb.lit(false) : eb.or(parts);
  };
}

export interface ResultFilters {
  taskId?: number | undefined;
  schoolId?: number | undefined;
  gradeId?: number | undefined;
  classId?: number | undefined;
  scaleId?: number | undefined;
  studentId?: number | undefined;
  band?: string | undefined;
  warning?: boolean | undefined;
}

function base(db: Kysely<Database>) {
  return db
    .selectFrom('assessment_results as r' satisfies Alias)
    .leftJoin('students as s', 's.id', 'r.student_id')
    .leftJoin('users as u', 'u.id', 'r.respondent_id')
    .select([
      'r.id',
      'r.task_id',
      'r.scale_id',
      'r.version_id',
      'r.student_id',
      'r.school_id',
      'r.grade_id',
      'r.class_id',
      'r.valid',
      'r.total',
      'r.band',
      'r.warning_level',
      'r.submitted_at',
      // A teacher's own result has no student: it is named after its respondent.
      sql<string>`coalesce(${sql.ref('s.name')}, ${sql.ref('u.nickname')}, '')`.as('name'),
    ]);
}

export async function resultPage(db: Kysely<Database>, scope: StudentScope, f: ResultFilters, paging: PageQuery) {
  const query = base(db)
    .where(resultInScope(scope))
    .$if(f.taskId !== undefined, (q) => q.where('r.task_id', '=', f.taskId ?? 0))
    .$if(f.schoolId !== undefined, (q) => q.where('r.school_id', '=', f.schoolId ?? 0))
    .$if(f.gradeId !== undefined, (q) => q.where('r.grade_id', '=', f.gradeId ?? 0))
    .$if(f.classId !== undefined, (q) => q.where('r.class_id', '=', f.classId ?? 0))
    .$if(f.scaleId !== undefined, (q) => q.where('r.scale_id', '=', f.scaleId ?? 0))
    .$if(f.studentId !== undefined, (q) => q.where('r.student_id', '=', f.studentId ?? 0))
    .$if(f.band !== undefined, (q) => q.where('r.band', '=', f.band ?? ''))
    .$if(f.warning === true, (q) => q.where('r.warning_level', 'is not', null))
    .$if(f.warning === false, (q) => q.where('r.warning_level', 'is', null))
    .orderBy('r.id', 'desc');
  return paginate(query, paging);
}

export async function findResult(db: Kysely<Database>, scope: StudentScope, id: number) {
  return base(db)
    .select(['r.score', 'r.answers', 'r.duration_ms'])
    .where('r.id', '=', id)
    .where(resultInScope(scope))
    .executeTakeFirst();
}
