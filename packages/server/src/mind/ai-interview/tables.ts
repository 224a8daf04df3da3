import type { ColumnType, Generated } from 'kysely';

type Bool = ColumnType<boolean | number, boolean | undefined, boolean>;

/** One turn of an AI interview: what the interviewer asked or understood, what the student said (decision 0102). */
export interface AiInterviewTurnsTable {
  id: Generated<number>;
  assignee_id: number;
  /** The sheet's attempt: a retest starts a new conversation, the old one stays with its result. */
  attempt: number;
  role: 'interviewer' | 'student';
  kind: 'question' | 'answer' | 'proposed' | 'confirmed' | 'crisis' | 'failed';
  content: string;
  item_id: string | null;
  option_value: string | null;
  /** On a proposal: how the model would ask the next item, used once the student confirms. */
  next_question: string | null;
  crisis: Bool;
  at: number;
}

/** A teacher's correction of a mapped answer, with the totals before and after. */
export interface AiInterviewCorrectionsTable {
  id: Generated<number>;
  result_id: number;
  item_id: string;
  from_value: string;
  to_value: string;
  from_total: number | null;
  to_total: number | null;
  by_user_id: number;
  at: number;
}

export interface AiInterviewTables {
  ai_interview_turns: AiInterviewTurnsTable;
  ai_interview_corrections: AiInterviewCorrectionsTable;
}
