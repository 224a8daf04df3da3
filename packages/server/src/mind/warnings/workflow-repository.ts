import type { PushState } from '@meridian/contracts';
import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { type StudentScope, studentInScope } from '../people/students/scope.ts';
import type { WarningHistoryTable, WarningLevelsTable, WarningNoticesTable, WarningsTable } from './tables.ts';

// The writes of the warning workflow (open, step, hand over, to-dos, notices) and the reads they need.

type Db = Kysely<Database>;
type Trx = Transaction<Database>;
type TodoKind = Database['todos']['kind'];

export async function insertWarning(trx: Trx, values: Insertable<WarningsTable>): Promise<number> {
  const { id } = await trx.insertInto('warnings').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** A history row whose id nobody needs (the opening of a warning). */
export async function insertHistory(trx: Trx, values: Insertable<WarningHistoryTable>): Promise<void> {
  await trx.insertInto('warning_history').values(values).execute();
}

/** A step's history row, with its id for the step's notices. */
export async function insertStepHistory(trx: Trx, values: Insertable<WarningHistoryTable>): Promise<number> {
  const { id } = await trx.insertInto('warning_history').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** Who is told of a new warning: the school's active psychology teachers and the class's head teacher. */
export function newWarningRecipients(trx: Trx, schoolId: number, classId: number | null) {
  return trx
    .selectFrom('teachers as t')
    .select('t.user_id')
    .where('t.status', '=', 'active')
    .where((eb) =>
      eb.or([
        eb.and([eb('t.school_id', '=', schoolId), eb('t.is_psychology', '=', true)]),
        ...(classId === null
          ? []
          : [
              eb(
                't.id',
                'in',
                eb
                  .selectFrom('class_teachers as ct')
                  .select('ct.teacher_id')
                  .where('ct.class_id', '=', classId)
                  .where('ct.kind', '=', 'head'),
              ),
            ]),
      ]),
    )
    .execute();
}

/**
 * Moves a warning only if it is still in the state and level it was read in; false when another
 * step got there first.
 */
export async function moveWarning(
  trx: Trx,
  from: { id: number; state: WarningsTable['state']; level: string },
  changes: Updateable<WarningsTable>,
): Promise<boolean> {
  const moved = await trx
    .updateTable('warnings')
    .set(changes)
    .where('id', '=', from.id)
    .where('state', '=', from.state)
    .where('level', '=', from.level)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

export async function setFollowUpDue(trx: Trx, warningId: number, dueAt: number): Promise<void> {
  await trx.updateTable('warnings').set({ follow_up_due_at: dueAt }).where('id', '=', warningId).execute();
}

export async function setPushState(db: Db, warningId: number, state: PushState): Promise<void> {
  await db.updateTable('warnings').set({ push_state: state }).where('id', '=', warningId).execute();
}

/** A warning's student name and level, for the text of its notice. */
export function findNoticeSubject(db: Db, warningId: number) {
  return db
    .selectFrom('warnings as w')
    .innerJoin('students as s', 's.id', 'w.student_id')
    .select(['w.id', 's.name', 'w.level'])
    .where('w.id', '=', warningId)
    .executeTakeFirst();
}

/** The accounts among these that are enabled. */
export function enabledUsers(db: Db, userIds: number[]) {
  return db.selectFrom('users').select('id').where('id', 'in', userIds).where('status', '=', 'enabled').execute();
}

/** Inbox notices, at most one per step and person. */
export async function insertNotices(trx: Trx, notices: Insertable<WarningNoticesTable>[]): Promise<void> {
  await trx
    .insertInto('warning_notices')
    .values(notices)
    .onConflict((oc) => oc.columns(['history_id', 'user_id']).doNothing())
    .execute();
}

/** Those among `userIds` who hold an open to-do of this kind for the warning. */
export function openTodoHolders(trx: Trx, warningId: number, kind: TodoKind, userIds: number[]) {
  return trx
    .selectFrom('todos')
    .select('user_id')
    .where('source_type', '=', 'warning')
    .where('source_id', '=', warningId)
    .where('kind', '=', kind)
    .where('done_at', 'is', null)
    .where('user_id', 'in', userIds)
    .execute();
}

export async function insertTodos(trx: Trx, todos: Insertable<Database['todos']>[]): Promise<void> {
  await trx.insertInto('todos').values(todos).execute();
}

/** Closes the warning's open to-dos, narrowed to these kinds and these people when given. */
export async function closeOpenTodos(
  trx: Trx,
  warningId: number,
  at: number,
  kinds: readonly TodoKind[],
  userIds: readonly number[] | undefined,
): Promise<void> {
  let q = trx
    .updateTable('todos')
    .set({ done_at: at })
    .where('source_type', '=', 'warning')
    .where('source_id', '=', warningId)
    .where('done_at', 'is', null);
  if (kinds.length > 0) q = q.where('kind', 'in', kinds);
  if (userIds !== undefined) q = q.where('user_id', 'in', userIds);
  await q.execute();
}

/** An active teacher of the school with this account (a psychology teacher when asked). */
export function findActiveTeacher(db: Db, schoolId: number, userId: number, psychology: boolean) {
  let q = db
    .selectFrom('teachers')
    .select('id')
    .where('user_id', '=', userId)
    .where('school_id', '=', schoolId)
    .where('status', '=', 'active');
  if (psychology) q = q.where('is_psychology', '=', true);
  return q.executeTakeFirst();
}

/** The active head teacher of a class, as a user id. */
export async function headTeacherUserOf(db: Db, classId: number): Promise<number | null> {
  const row = await db
    .selectFrom('class_teachers as ct')
    .innerJoin('teachers as t', 't.id', 'ct.teacher_id')
    .select('t.user_id')
    .where('ct.class_id', '=', classId)
    .where('ct.kind', '=', 'head')
    .where('t.status', '=', 'active')
    .executeTakeFirst();
  return row?.user_id ?? null;
}

export function orgPathOf(db: Db, orgId: number) {
  return db.selectFrom('orgs').select('path').where('id', '=', orgId).executeTakeFirst();
}

export function bureaus(db: Db) {
  return db.selectFrom('orgs').select(['id', 'path']).where('type', '=', 'bureau').execute();
}

/** The administrators (role 1) of an organisation. */
export function administratorsOf(db: Db, orgId: number) {
  return db.selectFrom('user_roles').select('user_id').where('role_id', '=', 1).where('org_id', '=', orgId).execute();
}

/** A student in the scope, with what a warning about them records. */
export function studentToReport(db: Db, scope: StudentScope, studentId: number) {
  return db
    .selectFrom('students as s')
    .select(['s.id', 's.name', 's.school_id', 's.org_id'])
    .where('s.id', '=', studentId)
    .where(studentInScope(scope))
    .executeTakeFirst();
}

export async function deleteLevels(trx: Trx, codes: string[]): Promise<void> {
  await trx.deleteFrom('warning_levels').where('code', 'in', codes).execute();
}

export async function upsertLevel(
  trx: Trx,
  code: string,
  values: Omit<Insertable<WarningLevelsTable>, 'id' | 'code'>,
): Promise<void> {
  await trx
    .insertInto('warning_levels')
    .values({ code, ...values })
    .onConflict((oc) => oc.column('code').doUpdateSet(values))
    .execute();
}

/** Each configured level's rank (1 the most severe). */
export async function levelRanks(trx: Trx): Promise<Map<string, number>> {
  const rows = await trx.selectFrom('warning_levels').select(['code', 'rank']).execute();
  return new Map(rows.map((r) => [r.code, Number(r.rank)]));
}

/** The open warning a scale result raised, if any (the newest). */
export function openWarningOfResult(trx: Trx, resultId: number) {
  return trx
    .selectFrom('warnings')
    .select([
      'id',
      'state',
      'level',
      'school_id',
      'class_id',
      'created_at',
      'psychology_user_id',
      'class_teacher_user_id',
    ])
    .where('source_type', '=', 'assessment')
    .where('source_id', '=', resultId)
    .where('state', 'in', ['new', 'setUp', 'published', 'intervening', 'handedOver'])
    .orderBy('id', 'desc')
    .executeTakeFirst();
}
