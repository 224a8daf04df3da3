import type { ColumnType, Generated, Selectable } from 'kysely';

/** Booleans: written as true/false, read back as 0/1 (SQLite) or true/false (PostgreSQL); use `toBool`. */
type Bool = ColumnType<boolean | number, boolean | undefined, boolean>;

/**
 * A passthrough strategy: of kind `pc` (decision 0113), a DTU reached by the user's PC software on
 * the passthrough port; of kind `group` (decision 0157), a management DTU (`device_id`) bridged with
 * the edge DTUs of `passthrough_edges` while it is enabled.
 */
export interface PassthroughStrategiesTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  kind: ColumnType<'pc' | 'group', 'pc' | 'group' | undefined, 'pc' | 'group'>;
  /** A group bridges its DTUs (and pauses their polling) only while enabled. */
  enabled: Bool;
  device_id: number;
  /** What the PC software sends as its first line; unique (made for groups too, unused there). */
  token: string;
  /** A JSON array of IPv4 addresses the software may connect from; empty: any. */
  allow_list: string;
  created_at: number;
  updated_at: number;
}
export type PassthroughStrategyRow = Selectable<PassthroughStrategiesTable>;

/** An edge DTU of a group strategy; a device is an edge of at most one. */
export interface PassthroughEdgesTable {
  id: Generated<number>;
  strategy_id: number;
  device_id: number;
}

/**
 * Where a gateway process (its `gateway_nodes` name) takes PC clients handed over by the other
 * gateway processes (decision 0163): `host:port` on loopback or the private network.
 */
export interface PassthroughRelaysTable {
  node: string;
  address: string;
  updated_at: number;
}

/**
 * A group member whose line a gateway process (its `gateway_nodes` name) holds bridged (decision
 * 0167); a row of a process whose lease ran out no longer counts.
 */
export interface PassthroughBridgedTable {
  device_id: number;
  strategy_id: number;
  node: string;
  since: number;
}

export interface PassthroughTables {
  passthrough_strategies: PassthroughStrategiesTable;
  passthrough_edges: PassthroughEdgesTable;
  passthrough_relays: PassthroughRelaysTable;
  passthrough_bridged: PassthroughBridgedTable;
}
