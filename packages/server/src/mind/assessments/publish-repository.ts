import type { TaskTargets } from '@meridian/contracts';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Sheets written per statement: a district's tens of thousands of students go in steps of this. */
export const ASSIGN_BATCH = 2000;

/** The students a task's targets reach (studying ones only), by id. */
export async function targetStudentIds(db: Db, t: TaskTargets): Promise<number[]> {
  const rows = await db
    .selectFrom('students as s')
    .select('s.id')
    .where('s.status', '=', 'studying')
    .where((eb) =>
      eb.or([
        ...(t.schoolIds.length > 0 ? [eb('s.school_id', 'in', t.schoolIds)] : []),
        ...(t.gradeIds.length > 0 ? [eb('s.grade_id', 'in', t.gradeIds)] : []),
        ...(t.classIds.length > 0 ? [eb('s.org_id', 'in', t.classIds)] : []),
        ...(t.studentIds.length > 0 ? [eb('s.id', 'in', t.studentIds)] : []),
        eb.lit(false),
      ]),
    )
    .orderBy('s.id')
    .execute();
  return rows.map((r) => r.id);
}

/** The active teachers a teacher task reaches: chosen ones and every teacher of the chosen schools. */
export async function targetTeacherIds(db: Db, t: TaskTargets): Promise<number[]> {
  const rows = await db
    .selectFrom('teachers')
    .select('id')
    .where('status', '=', 'active')
    .where((eb) =>
      eb.or([
        ...(t.schoolIds.length > 0 ? [eb('school_id', 'in', t.schoolIds)] : []),
        ...(t.teacherUserIds.length > 0 ? [eb('user_id', 'in', t.teacherUserIds)] : []),
        eb.lit(false),
      ]),
    )
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/** The task and scale version a new sheet is pinned to, and when it is written. */
interface SheetStart {
  taskId: number;
  scaleId: number;
  versionId: number;
  at: number;
}

/** The columns every new sheet starts with, before those of who answers it; `starting` gives their values. */
const STARTING_COLUMNS = ['task_id', 'scale_id', 'version_id', 'state', 'answers', 'attempts', 'updated_at'] as const;

/**
 * Numbers go in as literals: PostgreSQL cannot type a bare parameter in a select list, and these
 * are integers the server produced.
 */
const starting = ({ taskId, scaleId, versionId, at }: SheetStart) =>
  [
    sql.lit(taskId).as('task_id'),
    sql.lit(scaleId).as('scale_id'),
    sql.lit(versionId).as('version_id'),
    sql.lit('todo').as('state'),
    sql.lit('{}').as('answers'),
    sql.lit(0).as('attempts'),
    sql.lit(at).as('updated_at'),
  ] as const;

/** Runs `write` on the ids a batch at a time, so that no statement carries thousands of parameters. */
async function inBatches(ids: number[], write: (batch: number[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < ids.length; i += ASSIGN_BATCH) await write(ids.slice(i, i + ASSIGN_BATCH));
}

/** Writes one sheet per student, copying the placement so that progress and results count on one table. */
export function assignStudents(trx: Db, start: SheetStart, studentIds: number[]): Promise<void> {
  return inBatches(studentIds, (batch) =>
    trx
      .insertInto('assessment_assignees')
      .columns([...STARTING_COLUMNS, 'student_id', 'school_id', 'grade_id', 'class_id'])
      .expression((eb) =>
        eb
          .selectFrom('students as s')
          .select([...starting(start), 's.id', 's.school_id', 's.grade_id', 's.org_id'])
          .where('s.id', 'in', batch),
      )
      .execute(),
  );
}

/** Writes one sheet per teacher, with their school. */
export function assignTeachers(trx: Db, start: SheetStart, teacherIds: number[]): Promise<void> {
  return inBatches(teacherIds, (batch) =>
    trx
      .insertInto('assessment_assignees')
      .columns([...STARTING_COLUMNS, 'user_id', 'school_id'])
      .expression((eb) =>
        eb
          .selectFrom('teachers as t')
          .select([...starting(start), 't.user_id', 't.school_id'])
          .where('t.id', 'in', batch),
      )
      .execute(),
  );
}

export async function setAssigneeCount(trx: Db, taskId: number, count: number, at: number): Promise<void> {
  await trx
    .updateTable('assessment_tasks')
    .set({ assignee_count: count, state: 'published', published_at: at, updated_at: at })
    .where('id', '=', taskId)
    .execute();
}

/** Students named by id that lie in the scope's schools or classes: to refuse a target outside it. */
export async function studentsIn(
  db: Db,
  ids: number[],
  scope: { all: boolean; schoolIds: number[]; classIds: number[] },
): Promise<number> {
  if (ids.length === 0) return 0;
  const r = await db
    .selectFrom('students as s')
    .select(sql<number>`count(*)`.as('n'))
    .where('s.id', 'in', ids)
    .$if(!scope.all, (q) =>
      q.where((eb) =>
        eb.or([
          ...(scope.schoolIds.length > 0 ? [eb('s.school_id', 'in', scope.schoolIds)] : []),
          ...(scope.classIds.length > 0 ? [eb('s.org_id', 'in', scope.classIds)] : []),
          eb.lit(false),
        ]),
      ),
    )
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

export async function teachersIn(db: Db, userIds: number[], schoolIds: number[] | 'all'): Promise<number> {
  if (userIds.length === 0) return 0;
  const r = await db
    .selectFrom('teachers')
    .select(sql<number>`count(distinct user_id)`.as('n'))
    .where('user_id', 'in', userIds)
    .$if(schoolIds !== 'all', (q) => q.where('school_id', 'in', schoolIds === 'all' ? [] : [...schoolIds, 0]))
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}
