import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { AppointmentsTable, CounsellingGroupsTable } from '../archive/tables.ts';
import { type StudentScope, studentInScope } from '../people/students/scope.ts';

type Db = Kysely<Database> | Transaction<Database>;
type Paging = { page: number; size: number };

export type GroupValues = Omit<CounsellingGroupsTable, 'id'>;
export type AppointmentValues = Omit<AppointmentsTable, 'id'>;

/**
 * Groups the caller sees: those of the schools of their scope, those they applied for, and those
 * with a member among their students (a class teacher sees the groups their pupils are in).
 */
function visibleGroups(db: Db, scope: StudentScope, userId: number) {
  return db.selectFrom('counselling_groups as g').where((eb) => {
    if (scope.all) return eb.lit(true);
    return eb.or([
      ...(scope.schoolIds.length > 0 ? [eb('g.school_id', 'in', scope.schoolIds)] : []),
      eb('g.applicant_id', '=', userId),
      eb.exists(
        eb
          .selectFrom('counselling_group_members as m')
          .innerJoin('students as s', 's.id', 'm.student_id')
          .select('m.id')
          .whereRef('m.group_id', '=', 'g.id')
          .where(studentInScope(scope)),
      ),
    ]);
  });
}

export async function groupPage(
  db: Db,
  scope: StudentScope,
  userId: number,
  filters: { state?: string; schoolId?: number },
  page: Paging,
) {
  const base = visibleGroups(db, scope, userId)
    .$if(filters.state !== undefined, (q) => q.where('g.state', '=', filters.state ?? ''))
    .$if(filters.schoolId !== undefined, (q) => q.where('g.school_id', '=', filters.schoolId ?? 0));
  const [counted, list] = await Promise.all([
    base.select(sql<number>`count(*)`.as('total')).executeTakeFirst(),
    base
      .selectAll('g')
      .orderBy('g.id', 'desc')
      .limit(page.size)
      .offset((page.page - 1) * page.size)
      .execute(),
  ]);
  return { list, total: Number(counted?.total ?? 0), ...page };
}

export function findGroup(db: Db, scope: StudentScope, userId: number, id: number) {
  return visibleGroups(db, scope, userId).selectAll('g').where('g.id', '=', id).executeTakeFirst();
}

export async function membersOf(db: Db, groupIds: number[]) {
  // Guard against running an invalid `in ()` on an empty page.
  if (groupIds.length === 0) return [];
  return db
    .selectFrom('counselling_group_members as m')
    .innerJoin('students as s', 's.id', 'm.student_id')
    .select(['m.group_id', 'm.student_id', 's.name'])
    .where('m.group_id', 'in', groupIds)
    .orderBy('m.id')
    .execute();
}

export async function sessionCounts(db: Db, groupIds: number[]): Promise<Map<number, number>> {
  if (groupIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('counselling_group_sessions')
    .select(['group_id', sql<number>`count(*)`.as('n')])
    .where('group_id', 'in', groupIds)
    .groupBy('group_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.group_id), Number(r.n)]));
}

/** The scope's students among `ids`, with their schools. */
export function studentsOfScope(db: Db, scope: StudentScope, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('students as s')
    .select(['s.id', 's.school_id'])
    .where('s.id', 'in', ids)
    .where(studentInScope(scope))
    .execute();
}

export async function insertGroup(db: Db, values: GroupValues, studentIds: number[]): Promise<number> {
  const row = await db.insertInto('counselling_groups').values(values).returning('id').executeTakeFirstOrThrow();
  const id = Number(row.id);
  await replaceMembers(db, id, studentIds);
  return id;
}

export async function replaceMembers(db: Db, groupId: number, studentIds: number[]): Promise<void> {
  await db.deleteFrom('counselling_group_members').where('group_id', '=', groupId).execute();
  if (studentIds.length > 0) {
    await db
      .insertInto('counselling_group_members')
      .values(studentIds.map((student_id) => ({ group_id: groupId, student_id })))
      .execute();
  }
}

export async function updateGroup(db: Db, id: number, changes: Partial<GroupValues>): Promise<void> {
  await db.updateTable('counselling_groups').set(changes).where('id', '=', id).execute();
}

export async function deleteGroup(db: Db, id: number): Promise<void> {
  await db.deleteFrom('counselling_groups').where('id', '=', id).execute();
}

export async function insertSession(
  db: Db,
  values: {
    group_id: number;
    held_at: number;
    place: string;
    content: string;
    absent_ids: string;
    author_id: number;
    created_at: number;
  },
): Promise<number> {
  const row = await db
    .insertInto('counselling_group_sessions')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function sessionPage(
  db: Db,
  scope: StudentScope,
  userId: number,
  groupId: number | undefined,
  page: Paging,
) {
  const base = visibleGroups(db, scope, userId)
    .innerJoin('counselling_group_sessions as gs', 'gs.group_id', 'g.id')
    .$if(groupId !== undefined, (q) => q.where('g.id', '=', groupId ?? 0));
  const [counted, list] = await Promise.all([
    base.select(sql<number>`count(*)`.as('total')).executeTakeFirst(),
    base
      .selectAll('gs')
      .select('g.title as group_title')
      .orderBy('gs.held_at', 'desc')
      .limit(page.size)
      .offset((page.page - 1) * page.size)
      .execute(),
  ]);
  return { list, total: Number(counted?.total ?? 0), ...page };
}

/** A student's groups and the sessions held by them (the student was checked against the scope). */
export function groupSessionsOfStudent(db: Db, studentId: number) {
  return db
    .selectFrom('counselling_group_members as m')
    .innerJoin('counselling_groups as g', 'g.id', 'm.group_id')
    .leftJoin('counselling_group_sessions as gs', 'gs.group_id', 'g.id')
    .select([
      'g.id as group_id',
      'g.title',
      'g.topic',
      'g.state',
      'gs.id as session_id',
      'gs.held_at',
      'gs.place',
      'gs.content',
      'gs.absent_ids',
      'gs.author_id',
    ])
    .where('m.student_id', '=', studentId)
    .orderBy('gs.held_at')
    .execute();
}

function scopedAppointments(db: Db, scope: StudentScope) {
  return db
    .selectFrom('appointments as a')
    .innerJoin('students as s', 's.id', 'a.student_id')
    .where(studentInScope(scope));
}

export async function appointmentPage(
  db: Db,
  scope: StudentScope,
  filters: { state?: string; studentId?: number; schoolId?: number },
  page: Paging,
) {
  const base = scopedAppointments(db, scope)
    .$if(filters.state !== undefined, (q) => q.where('a.state', '=', filters.state ?? ''))
    .$if(filters.studentId !== undefined, (q) => q.where('a.student_id', '=', filters.studentId ?? 0))
    .$if(filters.schoolId !== undefined, (q) => q.where('a.school_id', '=', filters.schoolId ?? 0));
  const [counted, list] = await Promise.all([
    base.select(sql<number>`count(*)`.as('total')).executeTakeFirst(),
    base
      .selectAll('a')
      .select('s.name as student_name')
      .orderBy('a.id', 'desc')
      .limit(page.size)
      .offset((page.page - 1) * page.size)
      .execute(),
  ]);
  return { list, total: Number(counted?.total ?? 0), ...page };
}

export function findAppointment(db: Db, scope: StudentScope, id: number) {
  return scopedAppointments(db, scope)
    .selectAll('a')
    .select(['s.name as student_name', 's.user_id as student_user_id'])
    .where('a.id', '=', id)
    .executeTakeFirst();
}

export function appointmentsOfStudent(db: Db, studentId: number) {
  return db.selectFrom('appointments').selectAll().where('student_id', '=', studentId).orderBy('created_at').execute();
}

export async function insertAppointment(db: Db, values: AppointmentValues): Promise<number> {
  const row = await db.insertInto('appointments').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Moves an appointment on only from the state it was read in, so that two reviewers cannot both act. */
export async function moveAppointment(
  db: Db,
  id: number,
  from: string,
  changes: Partial<AppointmentValues>,
): Promise<boolean> {
  const result = await db
    .updateTable('appointments')
    .set(changes)
    .where('id', '=', id)
    .where('state', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The rating (and its comment) given to a done appointment. */
export async function rateAppointmentRow(
  db: Db,
  id: number,
  rating: number,
  comment: string | null,
  at: number,
): Promise<void> {
  await db
    .updateTable('appointments')
    .set({ rating, rating_comment: comment, updated_at: at })
    .where('id', '=', id)
    .execute();
}

export async function insertNote(
  db: Db,
  values: { appointment_id: number; author_id: number; content: string; created_at: number },
) {
  const row = await db.insertInto('appointment_notes').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The notes of an appointment: all of them, or only those of one author. */
export function notesOf(db: Db, appointmentId: number, onlyAuthor: number | null) {
  return db
    .selectFrom('appointment_notes')
    .selectAll()
    .where('appointment_id', '=', appointmentId)
    .$if(onlyAuthor !== null, (q) => q.where('author_id', '=', onlyAuthor ?? 0))
    .orderBy('id')
    .execute();
}
