import type { RecordReason } from '@meridian/contracts';
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Transport } from './types.ts';

/**
 * One stored reading of a point (history). Numbers, switches (1/0) and timestamps go to `num`;
 * strings and locations to `text`. Keyed by device, point and time; partitioned by day on
 * PostgreSQL (see partitions.ts), a WITHOUT ROWID table on SQLite.
 */
export interface TelemetryTable {
  device_id: number;
  point_id: number;
  ts: number;
  num: number | null;
  text: string | null;
}
export type TelemetryRow = Selectable<TelemetryTable>;

/** The newest value of every point a device has reported: one row per device and point, always current. */
export interface TelemetryLatestTable {
  device_id: number;
  point_id: number;
  ts: number;
  num: number | null;
  text: string | null;
}

/** Every change of a device's connection state, and into and out of fault (the Devices Online/Offline records page). */
export interface DeviceOnlineRecordsTable {
  id: Generated<number>;
  device_id: number;
  state: 'online' | 'offline' | 'fault';
  /** Why it went offline or into fault, or `recovered` out of fault; null when it came online. */
  reason: RecordReason | null;
  /** How it came online; null when it went offline or came online by data alone. */
  transport: Transport | null;
  at: number;
}
export type DeviceOnlineRecordRow = Selectable<DeviceOnlineRecordsTable>;

/** What a device says about its link, and the bytes counted on its connections (network monitoring). */
export interface DeviceNetworkTable {
  device_id: number;
  signal: number | null;
  battery: number | null;
  /** Bytes of the device's finished connections. */
  bytes_in: number;
  bytes_out: number;
  /** Bytes of its current connection so far, as the transport last reported them. */
  conn_bytes_in: number;
  conn_bytes_out: number;
  updated_at: number;
}

/** A device's signal, battery and traffic totals at one time (migration 0060), every few minutes. */
export interface DeviceNetworkSamplesTable {
  device_id: number;
  at: number;
  signal: number | null;
  battery: number | null;
  bytes_in: ColumnType<number | string, number, number>;
  bytes_out: ColumnType<number | string, number, number>;
}

/** The tables of telemetry, added to `Database` in platform/db/schema.ts. */
export interface TelemetryTables {
  telemetry: TelemetryTable;
  telemetry_latest: TelemetryLatestTable;
  device_online_records: DeviceOnlineRecordsTable;
  device_network: DeviceNetworkTable;
  device_network_samples: DeviceNetworkSamplesTable;
}
