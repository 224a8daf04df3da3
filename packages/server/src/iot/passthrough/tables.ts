import type { Generated, Selectable } from 'kysely';

/** A passthrough strategy (decision 0113): a DTU reached by the user's PC software on the passthrough port. */
export interface PassthroughStrategiesTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  device_id: number;
  /** What the PC software sends as its first line; unique. */
  token: string;
  /** A JSON array of IPv4 addresses the software may connect from; empty: any. */
  allow_list: string;
  created_at: number;
  updated_at: number;
}
export type PassthroughStrategyRow = Selectable<PassthroughStrategiesTable>;

export interface PassthroughTables {
  passthrough_strategies: PassthroughStrategiesTable;
}
