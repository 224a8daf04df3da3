import type { PageQuery } from '@meridian/contracts';
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { paginate } from '../../platform/db/sql.ts';
import type { StudentScope } from '../people/students/scope.ts';

type Ab = ExpressionBuilder<Database & { a: Database['assessment_assignees'] }, 'a'>;

/** Sheets of the scope: a school sees its own part of a bureau's task. */
export function assigneeInScope(scope: StudentScope) {
  return (eb: Ab) => {
    if (scope.all) return eb.lit(true);
    const parts = [
      ...(scope.schoolIds.length > 0 ? [eb('a.school_id', 'in', scope.schoolIds)] : []),
      ...(scope.classIds.length > 0 ? [eb('a.class_id', 'in', scope.classIds)] : []),
      ...(scope.studentIds.length > 0 ? [eb('a.student_id', 'in', scope.studentIds)] : []),
    ];
    return parts.length === 0 ? eb.lit(false) : eb.or(parts);
  };
}

const column = { school: 'a.school_id', grade: 'a.grade_id', class: 'a.class_id' } as const;

/** Sheets, finished and started, grouped by school, grade or class. */
export async function progressBy(
  db: Kysely<Database>,
  scope: StudentScope,
  taskIds: number[],
  by: keyof typeof column,
) {
  const ref = column[by];
  return db
    .selectFrom('assessment_assignees as a')
    .select([
      sql<number | null>`${sql.ref(ref)}`.as('org_id'),
      sql<number>`count(*)`.as('total'),
      sql<number>`sum(case when ${sql.ref('a.state')} = 'done' then 1 else 0 end)`.as('done'),
      sql<number>`sum(case when ${sql.ref('a.state')} = 'started' then 1 else 0 end)`.as('started'),
    ])
    .where('a.task_id', 'in', taskIds)
    .where(assigneeInScope(scope))
    .groupBy(ref)
    .orderBy(ref)
    .execute();
}

/** Who has not finished, with their class: the list a teacher chases. */
export async function unansweredPage(
  db: Kysely<Database>,
  scope: StudentScope,
  taskId: number,
  classId: number | undefined,
  paging: PageQuery,
) {
  const query = db
    .selectFrom('assessment_assignees as a')
    .leftJoin('students as s', 's.id', 'a.student_id')
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .leftJoin('orgs as o', 'o.id', 'a.class_id')
    .select([
      'a.id',
      'a.student_id',
      'a.scale_id',
      'a.state',
      's.student_no',
      'o.name as org_name',
      sql<string>`coalesce(${sql.ref('s.name')}, ${sql.ref('u.nickname')}, '')`.as('name'),
    ])
    .where('a.task_id', '=', taskId)
    .where('a.state', '<>', 'done')
    .where(assigneeInScope(scope))
    .$if(classId !== undefined, (q) => q.where('a.class_id', '=', classId ?? 0))
    .orderBy('a.class_id')
    .orderBy('a.id');
  return paginate(query, paging);
}

/**
 * One reminder to-do per person with an unfinished sheet (an account is needed to receive it),
 * skipping anyone whose earlier reminder for this task is still open.
 */
export async function insertReminders(
  db: Kysely<Database>,
  scope: StudentScope,
  taskId: number,
  params: string,
  at: number,
): Promise<number> {
  const respondents = await db
    .selectFrom('assessment_assignees as a')
    .leftJoin('students as s', 's.id', 'a.student_id')
    .select(sql<number>`coalesce(${sql.ref('a.user_id')}, ${sql.ref('s.user_id')})`.as('user_id'))
    .distinct()
    .where('a.task_id', '=', taskId)
    .where('a.state', '<>', 'done')
    .where(assigneeInScope(scope))
    .where((eb) => eb.or([eb('a.user_id', 'is not', null), eb('s.user_id', 'is not', null)]))
    .execute();
  const open = await db
    .selectFrom('todos')
    .select('user_id')
    .where('source_type', '=', 'assessment_task')
    .where('source_id', '=', taskId)
    .where('kind', '=', 'assessment.remind')
    .where('done_at', 'is', null)
    .execute();
  const skip = new Set(open.map((o) => o.user_id));
  const rows = respondents
    .map((r) => Number(r.user_id))
    .filter((id) => !skip.has(id))
    .map((user_id) => ({
      user_id,
      kind: 'assessment.remind' as const,
      title_key: 'todo.remind.title',
      params,
      source_type: 'assessment_task',
      source_id: taskId,
      created_at: at,
      done_at: null,
    }));
  for (let i = 0; i < rows.length; i += 1000)
    await db
      .insertInto('todos')
      .values(rows.slice(i, i + 1000))
      .execute();
  return rows.length;
}

export async function orgNames(db: Kysely<Database>, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db.selectFrom('orgs').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}
