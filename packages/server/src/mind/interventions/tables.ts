import type { InterventionKind } from '@meridian/contracts';
import type { ColumnType, Generated, Selectable } from 'kysely';

type Json = ColumnType<unknown, string, string>;
type Bool = ColumnType<boolean | number, boolean, boolean>;

/** An interview, plan, return visit or referral recorded on a warning; school and class copied for the scope. */
export interface InterventionsTable {
  id: Generated<number>;
  warning_id: number;
  student_id: number;
  school_id: number;
  class_id: number | null;
  kind: InterventionKind;
  happened_at: number;
  place: string;
  people: string;
  content: string;
  assessment: string;
  next_step: string;
  method: string | null;
  institution: string;
  /** Ids of stored files (portal/files). */
  attachments: Json;
  /** Shown only to the author and roles granted `/data/intervene:privateNotes`. */
  private_note: string;
  next_follow_up_at: number | null;
  author_id: number;
  created_at: number;
}
export type InterventionRow = Selectable<InterventionsTable>;

/** The deployment's reminder model (one row): how often each level's warnings must be followed up. */
export interface ReminderConfigurationsTable {
  id: Generated<number>;
  enabled: Bool;
  rules: Json;
  updated_by: number | null;
  updated_at: number;
}

/** Every change of the reminder model, before and after. */
export interface ReminderConfigurationLogTable {
  id: Generated<number>;
  before: Json;
  after: Json;
  by_user_id: number;
  at: number;
}

/** The tables of Mind warning levels, workflow history, interventions and reminders, added to `Database` in platform/db/schema.ts. */
export interface InterventionsTables {
  interventions: InterventionsTable;
  reminder_configurations: ReminderConfigurationsTable;
  reminder_configuration_log: ReminderConfigurationLogTable;
}
