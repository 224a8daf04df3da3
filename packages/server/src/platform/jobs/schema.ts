import type { ColumnType, Generated, Selectable } from 'kysely';

export type JobState = 'queued' | 'running' | 'done' | 'failed';

export interface JobsTable {
  id: Generated<number>;
  kind: string;
  /** JSON text (SQLite) or jsonb (PostgreSQL); read it with `fromJson`. */
  payload: ColumnType<unknown, string, string>;
  state: JobState;
  run_at: number;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  locked_by: string | null;
  locked_until: number | null;
  last_error: string | null;
  dedupe_key: string | null;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
}

export type JobRow = Selectable<JobsTable>;
