import type { ColumnType, Generated } from 'kysely';

type Bool = ColumnType<boolean | number, boolean | undefined, boolean>;

/** A student's conversation with the listener; the school reads it only when `shared` (decision 0111). */
export interface TreeHoleConversationsTable {
  id: Generated<number>;
  student_id: number;
  school_id: number;
  class_id: number | null;
  shared: Bool;
  /** The red warning its first crisis hit opened: one per conversation. */
  warning_id: number | null;
  created_at: number;
  updated_at: number;
}

/** One message: the student's (crisis-checked first) or the listener's answer. */
export interface TreeHoleMessagesTable {
  id: Generated<number>;
  conversation_id: number;
  role: 'student' | 'listener';
  content: string;
  crisis: Bool;
  at: number;
}

export interface TreeHoleTables {
  tree_hole_conversations: TreeHoleConversationsTable;
  tree_hole_messages: TreeHoleMessagesTable;
}
