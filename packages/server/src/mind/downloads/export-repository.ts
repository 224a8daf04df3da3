import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { type ResultFilters, resultInScope } from '../assessments/results-repository.ts';
import type { StudentScope } from '../people/students/scope.ts';

type Db = Kysely<Database>;

function scoped(db: Db, scope: StudentScope, f: ResultFilters) {
  return db
    .selectFrom('assessment_results as r')
    .where(resultInScope(scope))
    .$if(f.taskId !== undefined, (q) => q.where('r.task_id', '=', f.taskId ?? 0))
    .$if(f.schoolId !== undefined, (q) => q.where('r.school_id', '=', f.schoolId ?? 0))
    .$if(f.gradeId !== undefined, (q) => q.where('r.grade_id', '=', f.gradeId ?? 0))
    .$if(f.classId !== undefined, (q) => q.where('r.class_id', '=', f.classId ?? 0))
    .$if(f.scaleId !== undefined, (q) => q.where('r.scale_id', '=', f.scaleId ?? 0))
    .$if(f.studentId !== undefined, (q) => q.where('r.student_id', '=', f.studentId ?? 0))
    .$if(f.band !== undefined, (q) => q.where('r.band', '=', f.band ?? ''))
    .$if(f.warning === true, (q) => q.where('r.warning_level', 'is not', null))
    .$if(f.warning === false, (q) => q.where('r.warning_level', 'is', null));
}

/** How many results an export of these filters holds, for its progress. */
export async function countResults(db: Db, scope: StudentScope, f: ResultFilters): Promise<number> {
  const row = await scoped(db, scope, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * One batch of an export, newest first like the list, after the id `before` (keyset paging: each
 * batch is one index range however deep the export has gone, where an offset would re-read the rows
 * it skips).
 */
export function resultBatch(db: Db, scope: StudentScope, f: ResultFilters, before: number | null, limit: number) {
  return scoped(db, scope, f)
    .leftJoin('students as s', 's.id', 'r.student_id')
    .leftJoin('users as u', 'u.id', 'r.respondent_id')
    .innerJoin('scales as sc', 'sc.id', 'r.scale_id')
    .select([
      'r.id',
      'r.version_id',
      'r.school_id',
      'r.grade_id',
      'r.class_id',
      'r.valid',
      'r.total',
      'r.band',
      'r.warning_level',
      'r.submitted_at',
      's.name as student_name',
      's.student_no',
      'u.nickname',
      'sc.name_zh',
      'sc.name_en',
    ])
    .$if(before !== null, (q) => q.where('r.id', '<', before ?? 0))
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
}
export type ExportRow = Awaited<ReturnType<typeof resultBatch>>[number];

/** An organisation's name, for the school, grade and class columns. */
export function findOrgName(db: Db, id: number) {
  return db.selectFrom('orgs').select('name').where('id', '=', id).executeTakeFirst();
}
