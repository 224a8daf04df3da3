import type { DataPushDeliveryState, DataPushState } from '@meridian/contracts';
import type { Generated, Selectable } from 'kysely';

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
