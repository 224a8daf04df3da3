import { DTU_PROTOCOLS, type DtuListQuery, type OnlineRecordFilter, type PageQuery } from '@meridian/contracts';
import { type Kysely, sql } from 'kysely';
import { statementChunks } from '../../platform/db/batches.ts';
import type { Database } from '../../platform/db/schema.ts';
import { contains, paginate } from '../../platform/db/sql.ts';
import type { Scope } from '../../portal/access/scope.ts';
import { deviceVisible } from '../devices/access-repository.ts';

type Db = Kysely<Database>;

/** The data points of a template, in their order. */
export function pointsOfTemplate(db: Db, templateId: number) {
  return db
    .selectFrom('template_points')
    .select(['id', 'name', 'unit', 'data_type', 'read_write'])
    .where('template_id', '=', templateId)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export function latestOfDevice(db: Db, deviceId: number) {
  return db
    .selectFrom('telemetry_latest')
    .select(['point_id', 'ts', 'num', 'text'])
    .where('device_id', '=', deviceId)
    .execute();
}

export interface HistoryRange {
  deviceId: number;
  from: number;
  to: number;
}

export async function countReadings(db: Db, r: HistoryRange, pointId: number): Promise<number> {
  const row = await db
    .selectFrom('telemetry')
    .select(sql<number>`count(*)`.as('n'))
    .where('device_id', '=', r.deviceId)
    .where('point_id', '=', pointId)
    .where('ts', '>=', r.from)
    .where('ts', '<', r.to)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function readingsOf(db: Db, r: HistoryRange, pointId: number) {
  return db
    .selectFrom('telemetry')
    .select(['ts', 'num', 'text'])
    .where('device_id', '=', r.deviceId)
    .where('point_id', '=', pointId)
    .where('ts', '>=', r.from)
    .where('ts', '<', r.to)
    .orderBy('ts')
    .execute();
}

/** One row per bucket of `width` ms from `from`: its first time, and the min, max and average of the numbers in it. */
export async function bucketsOf(db: Db, r: HistoryRange, pointId: number, width: number) {
  const bucket = sql<number>`(ts - cast(${r.from} as bigint)) / cast(${width} as bigint)`;
  const rows = await db
    .selectFrom('telemetry')
    .select([
      bucket.as('bucket'),
      sql<number>`min(ts)`.as('at'),
      sql<number | null>`min(num)`.as('min'),
      sql<number | null>`max(num)`.as('max'),
      sql<number | null>`avg(num)`.as('avg'),
    ])
    .where('device_id', '=', r.deviceId)
    .where('point_id', '=', pointId)
    .where('ts', '>=', r.from)
    .where('ts', '<', r.to)
    .groupBy(sql`1`)
    .orderBy(sql`1`)
    .execute();
  return rows.map((row) => ({
    at: Number(row.at),
    min: row.min === null ? null : Number(row.min),
    max: row.max === null ? null : Number(row.max),
    avg: row.avg === null ? null : Number(row.avg),
  }));
}

/** A page of raw readings of the chosen points, newest first. */
export function historyPage(db: Db, r: HistoryRange, pointIds: readonly number[], page: PageQuery) {
  const query = db
    .selectFrom('telemetry')
    .select(['ts', 'point_id', 'num', 'text'])
    .where('device_id', '=', r.deviceId)
    .where('point_id', 'in', pointIds)
    .where('ts', '>=', r.from)
    .where('ts', '<', r.to)
    .orderBy('ts', 'desc')
    .orderBy('point_id');
  return paginate(query, page);
}

/** Readings of one point after `after`, oldest first, `limit` at a time: the export's pages, along the key. */
export function readingsAfter(db: Db, r: HistoryRange, pointId: number, after: number, limit: number) {
  return db
    .selectFrom('telemetry')
    .select(['ts', 'num', 'text'])
    .where('device_id', '=', r.deviceId)
    .where('point_id', '=', pointId)
    .where('ts', '>', after)
    .where('ts', '<', r.to)
    .orderBy('ts')
    .limit(limit)
    .execute();
}

function recordsQuery(db: Db, scope: Scope, filter: OnlineRecordFilter) {
  let query = db
    .selectFrom('device_online_records as r')
    .innerJoin('devices as d', 'd.id', 'r.device_id')
    .select(['r.id', 'r.device_id', 'd.name', 'd.sn', 'r.state', 'r.reason', 'r.transport', 'r.at'])
    .where(deviceVisible(scope, 'view'));
  if (filter.deviceId !== undefined) query = query.where('r.device_id', '=', filter.deviceId);
  if (filter.state !== undefined) query = query.where('r.state', '=', filter.state);
  if (filter.from !== undefined) query = query.where('r.at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('r.at', '<', filter.to);
  return query;
}

/** Devices Online/Offline records the caller may see, newest first. */
export function onlineRecords(db: Db, scope: Scope, filter: OnlineRecordFilter, page: PageQuery) {
  return paginate(recordsQuery(db, scope, filter).orderBy('r.at', 'desc').orderBy('r.id', 'desc'), page);
}

/** The same records before `before` (an id), newest first, `limit` at a time: the export's pages. */
export function onlineRecordsBefore(db: Db, scope: Scope, filter: OnlineRecordFilter, before: number, limit: number) {
  return recordsQuery(db, scope, filter).where('r.id', '<', before).orderBy('r.id', 'desc').limit(limit).execute();
}

/** A device's state changes inside a range, and the last one before it (its state at the start). */
export async function stateChanges(db: Db, deviceId: number, from: number, to: number) {
  const before = await db
    .selectFrom('device_online_records')
    .select(['state', 'at'])
    .where('device_id', '=', deviceId)
    .where('at', '<', from)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const inside = await db
    .selectFrom('device_online_records')
    .select(['state', 'at'])
    .where('device_id', '=', deviceId)
    .where('at', '>=', from)
    .where('at', '<', to)
    .orderBy('at')
    .orderBy('id')
    .execute();
  return { before, inside };
}

export function networkOf(db: Db, deviceId: number) {
  return db.selectFrom('device_network').selectAll().where('device_id', '=', deviceId).executeTakeFirst();
}

/** DTU manage: Modbus devices the caller may see, newest first, with where their last accepted registration came from. */
export function dtuPage(db: Db, scope: Scope, query: DtuListQuery) {
  let list = db
    .selectFrom('devices as d')
    .select((eb) => [
      'd.id',
      'd.name',
      'd.sn',
      'd.protocol',
      'd.status',
      'd.last_online_at',
      'd.last_data_at',
      'd.address',
      eb
        .selectFrom('dtu_registrations as r')
        .select('r.address')
        .whereRef('r.device_id', '=', 'd.id')
        .where('r.result', '=', 'accepted')
        .orderBy('r.at', 'desc')
        .limit(1)
        .as('remote_address'),
    ])
    .where('d.protocol', 'in', DTU_PROTOCOLS)
    .where(deviceVisible(scope, 'view'));
  if (query.status === 'offline') list = list.where('d.status', '=', 'offline');
  if (query.status === 'online') list = list.where('d.status', '!=', 'offline');
  const keyword = query.keyword;
  if (keyword) list = list.where((eb) => eb.or([contains('d.name', keyword), contains('d.sn', keyword)]));
  return paginate(list.orderBy('d.id', 'desc'), { page: query.page, size: query.size });
}

/**
 * The latest values of devices written at or after the time a live notice from another node
 * announced for each (`devices`: id to time), in one query; the caller keeps each device's own.
 */
export function latestSince(db: Db, devices: ReadonlyMap<number, number>) {
  return db
    .selectFrom('telemetry_latest')
    .select(['device_id', 'point_id', 'num', 'text', 'ts'])
    .where('device_id', 'in', [...devices.keys()])
    .where('ts', '>=', Math.min(...devices.values()))
    .execute();
}

/** Of the given devices, the ids of those the caller may see. */
export async function visibleDeviceIds(db: Db, scope: Scope, ids: readonly number[]): Promise<number[]> {
  const rows = await db
    .selectFrom('devices as d')
    .select('d.id')
    .where('d.id', 'in', ids)
    .where(deviceVisible(scope, 'view'))
    .execute();
  return rows.map((row) => row.id);
}

/**
 * What the writer's storage rules need of these devices (those that exist): template and enabled
 * state. At most 4,096 ids a statement, in `statementChunks` so that SQLite prepares few texts
 * whatever a flush's number of devices.
 */
export async function devicesTemplatesOf(db: Db, deviceIds: readonly number[]) {
  const rows: Array<{ id: number; template_id: number | null; enabled: boolean | number }> = [];
  for (let i = 0; i < deviceIds.length; i += 4096) {
    for (const chunk of statementChunks(db, deviceIds.slice(i, i + 4096))) {
      rows.push(
        ...(await db.selectFrom('devices').select(['id', 'template_id', 'enabled']).where('id', 'in', chunk).execute()),
      );
    }
  }
  return rows;
}

/** When a template was last changed, if it exists. */
export function templateVersion(db: Db, templateId: number) {
  return db.selectFrom('templates').select('updated_at').where('id', '=', templateId).executeTakeFirst();
}

/** How each point of a template is stored. */
export function storageOfPoints(db: Db, templateId: number) {
  return db
    .selectFrom('template_points')
    .select(['id', 'storage', 'amplitude'])
    .where('template_id', '=', templateId)
    .execute();
}

/** The dBm of a reported signal, in SQL as `signalDbm` computes it. */
const dbm = sql<number>`case when n.signal = 99 then null when n.signal >= 0 then -113 + 2 * n.signal else n.signal end`;

/** Devices of the caller with network figures, ordered by `order`, the first `limit`. */
export function fleetNetwork(db: Db, scope: Scope, order: 'weakest' | 'lowBattery' | 'busiest', limit: number) {
  const bytes = sql<number>`n.bytes_in + n.conn_bytes_in + n.bytes_out + n.conn_bytes_out`;
  let q = db
    .selectFrom('device_network as n')
    .innerJoin('devices as d', 'd.id', 'n.device_id')
    .where(deviceVisible(scope, 'view'))
    .select(['n.device_id', 'd.name', 'd.sn', 'd.status', 'n.signal', 'n.battery', 'n.updated_at', bytes.as('bytes')]);
  if (order === 'weakest') q = q.where(dbm, 'is not', null).orderBy(dbm).orderBy('n.device_id');
  else if (order === 'lowBattery') q = q.where('n.battery', 'is not', null).orderBy('n.battery').orderBy('n.device_id');
  else q = q.orderBy(bytes, 'desc').orderBy('n.device_id');
  return q.limit(limit).execute();
}

/** How many of the caller's devices have reported anything about their link. */
export async function countReporting(db: Db, scope: Scope): Promise<number> {
  const row = await db
    .selectFrom('device_network as n')
    .innerJoin('devices as d', 'd.id', 'n.device_id')
    .where(deviceVisible(scope, 'view'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** At most this many samples in one history: over a month of five-minute samples. */
const HISTORY_MAX = 10_000;

/** One device's network samples in `[from, to]`, oldest first, and the one before `from` for the first traffic. */
export async function networkSamples(db: Db, deviceId: number, from: number, to: number) {
  const [before, rows] = await Promise.all([
    db
      .selectFrom('device_network_samples')
      .selectAll()
      .where('device_id', '=', deviceId)
      .where('at', '<', from)
      .orderBy('at', 'desc')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('device_network_samples')
      .selectAll()
      .where('device_id', '=', deviceId)
      .where('at', '>=', from)
      .where('at', '<=', to)
      .orderBy('at')
      .limit(HISTORY_MAX)
      .execute(),
  ]);
  return { before, rows };
}
