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
  updated_by: number;
  updated_at: number;
}

export type DockingConfigRow = Selectable<DockingConfigsTable>;

/** One request to the platform: at most 100 records, sent by one job, retried with backoff. */
export interface DockingBatchesTable {
  id: Generated<number>;
  owner_org_id: number;
  reason: 'push' | 'resend';
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
  kind: 'student' | 'result';
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

export interface DockingTables {
  docking_configs: DockingConfigsTable;
  docking_batches: DockingBatchesTable;
  docking_records: DockingRecordsTable;
}
