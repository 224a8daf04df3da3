import type { PageQuery } from '@meridian/contracts';
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { paginate } from '../../platform/db/sql.ts';
import { type StudentScope, studentInScope } from '../people/students/scope.ts';
import type { TreeHoleMessagesTable } from './tables.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A student's conversations, newest first. */
export function conversationsOf(db: Db, studentId: number) {
  return db
    .selectFrom('tree_hole_conversations')
    .selectAll()
    .where('student_id', '=', studentId)
    .orderBy('id', 'desc')
    .execute();
}
export type ConversationRow = Awaited<ReturnType<typeof conversationsOf>>[number];

export function conversationOf(db: Db, studentId: number, id: number) {
  return db
    .selectFrom('tree_hole_conversations')
    .selectAll()
    .where('student_id', '=', studentId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function createConversation(
  db: Db,
  c: { student_id: number; school_id: number; class_id: number | null },
  at: number,
): Promise<number> {
  const { id } = await db
    .insertInto('tree_hole_conversations')
    .values({ ...c, shared: false, warning_id: null, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(id);
}

export async function messagesOf(db: Db, conversationIds: number[]) {
  if (conversationIds.length === 0) return [];
  return db
    .selectFrom('tree_hole_messages')
    .selectAll()
    .where('conversation_id', 'in', conversationIds)
    .orderBy('id')
    .execute();
}

export async function addMessage(db: Db, m: Insertable<TreeHoleMessagesTable>): Promise<void> {
  await db.insertInto('tree_hole_messages').values(m).execute();
  await db
    .updateTable('tree_hole_conversations')
    .set({ updated_at: Number(m.at) })
    .where('id', '=', m.conversation_id)
    .execute();
}

export function setWarning(db: Db, id: number, warningId: number) {
  return db.updateTable('tree_hole_conversations').set({ warning_id: warningId }).where('id', '=', id).execute();
}

export function setShared(db: Db, id: number, shared: boolean) {
  return db.updateTable('tree_hole_conversations').set({ shared }).where('id', '=', id).execute();
}

/** The conversations the school may know of: shared ones, and those with a crisis signal. */
function reportable(db: Db, scope: StudentScope) {
  return db
    .selectFrom('tree_hole_conversations as c')
    .innerJoin('students as s', 's.id', 'c.student_id')
    .leftJoin('orgs as o', 'o.id', 's.org_id')
    .select([
      'c.id',
      'c.school_id',
      'c.shared',
      'c.warning_id',
      'c.updated_at',
      's.name as student_name',
      'o.name as class_name',
    ])
    .where(studentInScope(scope))
    .where((eb) => eb.or([eb('c.shared', '=', true), eb('c.warning_id', 'is not', null)]));
}

export function reportPage(db: Db, scope: StudentScope, paging: PageQuery) {
  return paginate(reportable(db, scope).orderBy('c.updated_at', 'desc').orderBy('c.id', 'desc'), paging);
}

export function reportedConversation(db: Db, scope: StudentScope, id: number) {
  return reportable(db, scope).where('c.id', '=', id).executeTakeFirst();
}

/** When the crisis check hit, per conversation: the dates the school sees even when not shared. */
export async function crisisTimes(db: Db, conversationIds: number[]) {
  if (conversationIds.length === 0) return [];
  return db
    .selectFrom('tree_hole_messages')
    .select(['conversation_id', 'at'])
    .where('conversation_id', 'in', conversationIds)
    .where('crisis', '=', true)
    .orderBy('id', 'desc')
    .execute();
}

export async function messageCounts(db: Db, conversationIds: number[]) {
  if (conversationIds.length === 0) return new Map<number, number>();
  const rows = await db
    .selectFrom('tree_hole_messages')
    .select(['conversation_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('conversation_id', 'in', conversationIds)
    .groupBy('conversation_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.conversation_id), Number(r.n)]));
}
