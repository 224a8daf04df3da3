import type { Generated } from 'kysely';

/** The tokens a school's AI calls used on one school day, counted against the daily budget (decision 0090). */
export interface AiUsageTable {
  id: Generated<number>;
  school_id: number;
  /** The school day in China time, YYYY-MM-DD. */
  day: string;
  tokens: number;
  calls: number;
  updated_at: number;
}

/**
 * The marker left where a transcript was deleted (decision 0137): an interview attempt's turns or a
 * tree-hole conversation's messages, after the school's retention or on an administrator's request.
 * The scored result and the conversation row stay; the report says when and why the words went.
 */
export interface AiTranscriptDeletionsTable {
  id: Generated<number>;
  kind: 'interview' | 'treeHole';
  /** An interview: the sheet and its attempt. */
  assignee_id: number | null;
  attempt: number | null;
  /** A tree-hole conversation. */
  conversation_id: number | null;
  school_id: number;
  cause: 'retention' | 'request';
  reason: string | null;
  by_user_id: number | null;
  at: number;
}

export interface AiTables {
  ai_usage: AiUsageTable;
  ai_transcript_deletions: AiTranscriptDeletionsTable;
}
