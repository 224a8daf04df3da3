import type { ColumnType, Generated, Selectable } from 'kysely';

/** bigint: written as a number, read back as a number (SQLite) or a string (PostgreSQL). */
type Big = ColumnType<number | string, number, number>;

/** One account's figures of one day or month (decision 0083), written by the nightly job. */
export interface OpsStatsTable {
  id: Generated<number>;
  owner_id: number;
  period: 'day' | 'month';
  /** `2026-11-27` or `2026-11`, in the deployment's time zone. */
  start: string;
  devices_total: Big;
  devices_added: Big;
  device_days_online: Big;
  device_days: Big;
  alarms_raised: Big;
  alarms_restored: Big;
  faults_raised: Big;
  faults_recovered: Big;
  orders_opened: Big;
  orders_closed: Big;
  orders_overdue: Big;
  response_ms: Big;
  responses: Big;
  repair_ms: Big;
  repairs: Big;
  values_stored: Big;
  active_users: Big;
}
export type OpsStatsRow = Selectable<OpsStatsTable>;

/** A day or month the job has counted, whether or not any account had figures. */
export interface OpsRunsTable {
  period: 'day' | 'month';
  start: string;
  counted_at: number;
}

export interface OperationsTables {
  ops_stats: OpsStatsTable;
  ops_runs: OpsRunsTable;
}
