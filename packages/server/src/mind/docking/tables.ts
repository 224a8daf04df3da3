import type { Generated, Selectable } from 'kysely';

/** A district's province platform (decision 0103); the secret sealed by the deployment's secret box. */
export interface DockingConfigsTable {
  id: Generated<number>;
  owner_org_id: number;
  base_url: string;
  app_id: string;
  sealed_secret: string | null;
  school_ids: string;
  kinds: string;
  /** JSON: the field mapping (decision 0129). */
  mapping: string;
  resync_per_minute: number;
  updated_by: number;
  updated_at: number;
}

export type DockingConfigRow = Selectable<DockingConfigsTable>;

/** One request to the platform: at most 100 records, sent by one job, retried with backoff. */
export interface DockingBatchesTable {
  id: Generated<number>;
  owner_org_id: number;
  reason: 'push' | 'resend' | 'resync';
  /** The full resync that opened it, if one did. */
  resync_id: number | null;
  size: number;
  state: 'queued' | 'retrying' | 'sent' | 'failed';
  accepted: number;
  refused: number;
  attempts: number;
  last_error: string | null;
  created_by: number;
  created_at: number;
  sent_at: number | null;
}

/** A record the platform knows by `record_key`, whatever batch last carried it. */
export interface DockingRecordsTable {
  id: Generated<number>;
  owner_org_id: number;
  record_key: string;
  kind: 'student' | 'result' | 'warning' | 'intervention';
  source_id: number;
  school_id: number;
  student_id: number;
  payload: string;
  state: 'pending' | 'sent' | 'failed' | 'resend';
  reason: string | null;
  batch_id: number | null;
  sends: number;
  sent_at: number | null;
  created_at: number;
  updated_at: number;
}

/** A full resync (decision 0129): walks every record of its schools and kinds from its cursor, at most `per_minute` batches a minute. */
export interface DockingResyncsTable {
  id: Generated<number>;
  owner_org_id: number;
  running_owner: number | null;
  school_ids: string;
  kinds: string;
  state: 'running' | 'done';
  total: number;
  done: number;
  batches: number;
  per_minute: number;
  cursor_kind: number;
  cursor_id: number;
  step: number;
  created_by: number;
  started_at: number;
  finished_at: number | null;
}

export type DockingResyncRow = Selectable<DockingResyncsTable>;

export interface DockingTables {
  docking_resyncs: DockingResyncsTable;
  docking_configs: DockingConfigsTable;
  docking_batches: DockingBatchesTable;
  docking_records: DockingRecordsTable;
}
