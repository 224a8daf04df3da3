import type { DataPushDeliveryState, DataPushKind, DataPushState } from '@meridian/contracts';
import type { ColumnType, Generated, Selectable } from 'kysely';

/** Booleans: written as true/false, read back as 0/1 (SQLite) or true/false (PostgreSQL); use `toBool`. */
type Bool = ColumnType<boolean | number, boolean | undefined, boolean>;

/** A data push target (decision 0123): where an account's device values are forwarded. */
export interface DataPushTargetsTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  url: string;
  /** The HMAC key, sealed under SECRETS_KEY with the context `data_push_targets:<id>`. */
  secret: string;
  state: DataPushState;
  paused_reason: string | null;
  /** Forwards each flush of the account's device values (migration 0109). */
  push_values: Bool;
  /** Forwards the account's alarm events, raised and recovered (migration 0109). */
  push_alarms: Bool;
  failures_in_row: Generated<number>;
  last_sent_at: number | null;
  created_at: number;
  updated_at: number;
}
export type DataPushTargetRow = Selectable<DataPushTargetsTable>;

/** One request to a target: the JSON body, sent by its job with retries. */
export interface DataPushDeliveriesTable {
  id: Generated<number>;
  target_id: number;
  state: DataPushDeliveryState;
  kind: ColumnType<DataPushKind, DataPushKind | undefined, never>;
  body: string;
  devices: number;
  values: number;
  attempts: Generated<number>;
  status: number | null;
  error: string | null;
  created_at: number;
  sent_at: number | null;
}

export interface DataPushTables {
  data_push_targets: DataPushTargetsTable;
  data_push_deliveries: DataPushDeliveriesTable;
}
