import type { PushState, WarningAction, WarningSource, WarningState } from '@meridian/contracts';
import type { ColumnType, Generated, Selectable } from 'kysely';

type Json = ColumnType<unknown, string, string>;

/**
 * A warning about a student: opened by a result that met a scale's warning rule, a teacher's
 * report or an observation, then carried through the workflow of decision 0033.
 */
export interface WarningsTable {
  id: Generated<number>;
  student_id: number;
  school_id: number;
  class_id: number | null;
  /** A configured level (red, orange, yellow by default). */
  level: string;
  /** The warning rule that opened it (stable across scale versions) and its reason in both languages. */
  rule: string;
  reason: Json;
  source_type: WarningSource;
  /** The result for an assessment; the reporting user for a report or an observation. */
  source_id: number;
  state: WarningState;
  /** The handlers named at set-up: the psychology teacher and the class teacher (user ids). */
  psychology_user_id: ColumnType<number | null, number | null | undefined, number | null>;
  class_teacher_user_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The bureau holding a warning handed to a higher level. */
  escalated_to_org_id: ColumnType<number | null, number | null | undefined, number | null>;
  push_state: ColumnType<PushState, PushState | undefined, PushState>;
  conclusion: ColumnType<string | null, string | null | undefined, string | null>;
  closed_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** When the next follow-up is due, and the due time a reminder was last sent for. */
  follow_up_due_at: ColumnType<number | null, number | null | undefined, number | null>;
  reminded_due_at: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: number;
  updated_at: number;
}
export type WarningRow = Selectable<WarningsTable>;

/** One step of a warning's story: who moved it, when, from which state and level to which, and why. */
export interface WarningHistoryTable {
  id: Generated<number>;
  warning_id: number;
  action: WarningAction;
  from_state: WarningState | null;
  to_state: WarningState;
  from_level: string | null;
  to_level: string | null;
  reason: string | null;
  by_user_id: number | null;
  at: number;
}

/** The levels this deployment uses; `rank` 1 is the most severe. */
export interface WarningLevelsTable {
  id: Generated<number>;
  code: string;
  name: Json;
  colour: string;
  rank: number;
  updated_at: number;
}

/** What a published warning's push delivered: one row per step and person, written once. */
export interface WarningNoticesTable {
  id: Generated<number>;
  warning_id: number;
  history_id: number;
  user_id: number;
  title_key: string;
  params: Json;
  created_at: number;
  read_at: number | null;
}

/** The tables of warnings, added to `Database` in platform/db/schema.ts. */
export interface WarningsTables {
  warnings: WarningsTable;
  warning_history: WarningHistoryTable;
  warning_levels: WarningLevelsTable;
  warning_notices: WarningNoticesTable;
}
