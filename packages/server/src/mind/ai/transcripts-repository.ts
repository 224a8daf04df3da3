import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { AiTranscriptDeletionsTable } from './tables.ts';

type Db = Kysely<Database> | Transaction<Database>;
type Cause = AiTranscriptDeletionsTable['cause'];

/** Interview attempts that still have turns, none newer than `before`, with their school (oldest first). */
export async function staleAttempts(db: Db, before: number, limit: number, offset: number) {
  const rows = await db
    .selectFrom('ai_interview_turns as t')
    .innerJoin('assessment_assignees as a', 'a.id', 't.assignee_id')
    .select(['t.assignee_id', 't.attempt', 'a.school_id', (eb) => eb.fn.max('t.at').as('last_at')])
    .groupBy(['t.assignee_id', 't.attempt', 'a.school_id'])
    .having((eb) => eb.fn.max('t.at'), '<', before)
    .orderBy('last_at')
    .orderBy('t.assignee_id')
    .orderBy('t.attempt')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => ({
    assigneeId: Number(r.assignee_id),
    attempt: Number(r.attempt),
    schoolId: Number(r.school_id),
    lastAt: Number(r.last_at),
  }));
}

/** Tree-hole conversations that still have messages, untouched since before `before` (oldest first). */
export async function staleConversations(db: Db, before: number, limit: number, offset: number) {
  const rows = await db
    .selectFrom('tree_hole_conversations as c')
    .select(['c.id', 'c.school_id', 'c.updated_at'])
    .where('c.updated_at', '<', before)
    .where((eb) =>
      eb.exists(eb.selectFrom('tree_hole_messages as m').select('m.id').whereRef('m.conversation_id', '=', 'c.id')),
    )
    .orderBy('c.updated_at')
    .orderBy('c.id')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => ({
    conversationId: Number(r.id),
    schoolId: Number(r.school_id),
    lastAt: Number(r.updated_at),
  }));
}

interface Marker {
  schoolId: number;
  cause: Cause;
  reason: string | null;
  byUserId: number | null;
  at: number;
}

/** Deletes one interview attempt's turns and leaves the marker, in the caller's transaction. Returns the turns removed. */
export async function deleteAttemptTranscript(
  trx: Transaction<Database>,
  assigneeId: number,
  attempt: number,
  m: Marker,
): Promise<number> {
  const res = await trx
    .deleteFrom('ai_interview_turns')
    .where('assignee_id', '=', assigneeId)
    .where('attempt', '=', attempt)
    .executeTakeFirst();
  await trx
    .insertInto('ai_transcript_deletions')
    .values({
      kind: 'interview',
      assignee_id: assigneeId,
      attempt,
      conversation_id: null,
      school_id: m.schoolId,
      cause: m.cause,
      reason: m.reason,
      by_user_id: m.byUserId,
      at: m.at,
    })
    .execute();
  return Number(res.numDeletedRows);
}

/** Deletes one tree-hole conversation's messages and leaves the marker; the conversation (sharing, warning) stays. */
export async function deleteConversationTranscript(
  trx: Transaction<Database>,
  conversationId: number,
  m: Marker,
): Promise<number> {
  const res = await trx
    .deleteFrom('tree_hole_messages')
    .where('conversation_id', '=', conversationId)
    .executeTakeFirst();
  await trx
    .insertInto('ai_transcript_deletions')
    .values({
      kind: 'treeHole',
      assignee_id: null,
      attempt: null,
      conversation_id: conversationId,
      school_id: m.schoolId,
      cause: m.cause,
      reason: m.reason,
      by_user_id: m.byUserId,
      at: m.at,
    })
    .execute();
  return Number(res.numDeletedRows);
}

const markerColumns = ['cause', 'reason', 'at'] as const;

/** The marker of an interview attempt's deleted transcript (the latest), if any. */
export function attemptDeletion(db: Db, assigneeId: number, attempt: number) {
  return db
    .selectFrom('ai_transcript_deletions')
    .select(markerColumns)
    .where('kind', '=', 'interview')
    .where('assignee_id', '=', assigneeId)
    .where('attempt', '=', attempt)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** The markers of deleted tree-hole conversations among `ids`, by conversation. */
export async function conversationDeletions(db: Db, ids: number[]) {
  if (ids.length === 0) return new Map<number, { cause: Cause; reason: string | null; at: number }>();
  const rows = await db
    .selectFrom('ai_transcript_deletions')
    .select(['conversation_id', ...markerColumns])
    .where('kind', '=', 'treeHole')
    .where('conversation_id', 'in', ids)
    .orderBy('id')
    .execute();
  return new Map(rows.map((r) => [Number(r.conversation_id), { cause: r.cause, reason: r.reason, at: Number(r.at) }]));
}
