import type { PageQuery } from '@meridian/contracts';
import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { paginate } from '../../platform/db/sql.ts';
import { resultInScope } from '../assessments/results-repository.ts';
import type { AssessmentResultsTable } from '../assessments/tables.ts';
import type { StudentScope } from '../people/students/scope.ts';
import type { AiInterviewTurnsTable } from './tables.ts';

type Db = Kysely<Database> | Transaction<Database>;

export async function turnsOf(db: Db, assigneeId: number, attempt: number) {
  return db
    .selectFrom('ai_interview_turns')
    .selectAll()
    .where('assignee_id', '=', assigneeId)
    .where('attempt', '=', attempt)
    .orderBy('id')
    .execute();
}
export type TurnRow = Awaited<ReturnType<typeof turnsOf>>[number];

export async function addTurns(db: Db, turns: Insertable<AiInterviewTurnsTable>[]): Promise<void> {
  if (turns.length === 0) return;
  await db.insertInto('ai_interview_turns').values(turns).execute();
}

/** The student's roster name and number: taken out of anything sent to the model. */
export async function studentIdentity(db: Db, studentId: number) {
  return db.selectFrom('students').select(['name', 'student_no']).where('id', '=', studentId).executeTakeFirst();
}

function interviewResults(db: Db, scope: StudentScope) {
  return db
    .selectFrom('assessment_results as r')
    .innerJoin('assessment_tasks as t', 't.id', 'r.task_id')
    .leftJoin('students as s', 's.id', 'r.student_id')
    .leftJoin('orgs as c', 'c.id', 'r.class_id')
    .select([
      'r.id',
      'r.task_id',
      'r.assignee_id',
      'r.scale_id',
      'r.version_id',
      'r.attempt',
      'r.student_id',
      'r.school_id',
      'r.class_id',
      'r.total',
      'r.band',
      'r.warning_level',
      'r.answers',
      'r.submitted_at',
      't.name as task_name',
      's.name as student_name',
      'c.name as class_name',
    ])
    .where('t.mode', '=', 'interview')
    .where(resultInScope(scope));
}

/** A page of the interview results of the scope, newest first. */
export async function interviewResultPage(db: Db, scope: StudentScope, taskId: number | undefined, paging: PageQuery) {
  const query = interviewResults(db, scope)
    .$if(taskId !== undefined, (q) => q.where('r.task_id', '=', taskId ?? 0))
    .orderBy('r.id', 'desc');
  return paginate(query, paging);
}

export async function findInterviewResult(db: Db, scope: StudentScope, id: number) {
  return interviewResults(db, scope).where('r.id', '=', id).executeTakeFirst();
}

export async function correctionCounts(db: Db, resultIds: number[]) {
  if (resultIds.length === 0) return new Map<number, number>();
  const rows = await db
    .selectFrom('ai_interview_corrections')
    .select(['result_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('result_id', 'in', resultIds)
    .groupBy('result_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.result_id), Number(r.n)]));
}

/** The attempts (by result id) in which the student wrote something the crisis check flagged. */
export async function crisisResults(
  db: Db,
  results: ReadonlyArray<{ id: number; assignee_id: number; attempt: number }>,
) {
  if (results.length === 0) return new Set<number>();
  const rows = await db
    .selectFrom('ai_interview_turns')
    .select(['assignee_id', 'attempt'])
    .distinct()
    .where(
      'assignee_id',
      'in',
      results.map((r) => r.assignee_id),
    )
    .where('crisis', '=', true)
    .execute();
  const flagged = new Set(rows.map((r) => `${r.assignee_id}:${r.attempt}`));
  return new Set(results.filter((r) => flagged.has(`${r.assignee_id}:${r.attempt}`)).map((r) => r.id));
}

export async function correctionsOf(db: Db, resultId: number) {
  return db
    .selectFrom('ai_interview_corrections as k')
    .leftJoin('users as u', 'u.id', 'k.by_user_id')
    .select(['k.item_id', 'k.from_value', 'k.to_value', 'k.from_total', 'k.to_total', 'k.at', 'u.nickname'])
    .where('k.result_id', '=', resultId)
    .orderBy('k.id')
    .execute();
}

/** Rewrites a result's answers and score after a correction, and records the correction, in one transaction. */
export async function correctResult(
  trx: Transaction<Database>,
  resultId: number,
  set: Updateable<AssessmentResultsTable>,
  correction: Insertable<Database['ai_interview_corrections']>,
): Promise<void> {
  await trx.updateTable('assessment_results').set(set).where('id', '=', resultId).execute();
  await trx.insertInto('ai_interview_corrections').values(correction).execute();
}

export async function assigneeSchool(db: Db, assigneeId: number): Promise<number> {
  const row = await db
    .selectFrom('assessment_assignees')
    .select('school_id')
    .where('id', '=', assigneeId)
    .executeTakeFirstOrThrow();
  return Number(row.school_id);
}
