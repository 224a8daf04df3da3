import {
  type DtuListItem,
  type DtuListQuery,
  HISTORY_CHART_MAX,
  type HistoryChart,
  type HistoryExportQuery,
  type HistoryQuery,
  type HistoryRow,
  type LatestValues,
  type NetworkStatsView,
  type OnlineRate,
  type OnlineRecord,
  type OnlineRecordFilter,
  type Page,
  type PageQuery,
  recordReasonKey,
  translate,
} from '@meridian/contracts';
import { rulesBroken } from '../../platform/http/errors.ts';
import { DAY } from '../../platform/time.ts';
import { accountScopeOf } from '../../portal/access/scope.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { deviceDetail } from '../devices/service.ts';
import {
  bucketsOf,
  countReadings,
  dtuPage,
  historyPage,
  latestOfDevice,
  networkOf,
  onlineRecords,
  pointsOfTemplate,
  readingsOf,
  stateChanges,
} from './repository.ts';
import type { DeviceOnlineRecordRow } from './tables.ts';

const readingValue = (row: { num: number | null; text: string | null }) => row.text ?? row.num;

/** The device (404 when the caller may not see it) and its template's points. */
export async function devicePoints(actor: Actor, deviceId: number) {
  const device = await deviceDetail(actor, deviceId);
  const points = device.templateId === null ? [] : await pointsOfTemplate(actor.db, device.templateId);
  return { device, points };
}

/** The chosen points, each checked to be one of the device's; every point when none is chosen. */
async function chosenPoints(actor: Actor, deviceId: number, pointIds: readonly number[] | undefined) {
  const { points } = await devicePoints(actor, deviceId);
  if (!pointIds) return points;
  const byId = new Map(points.map((p) => [p.id, p]));
  const missing = pointIds.filter((id) => !byId.has(id));
  if (missing.length) {
    throw rulesBroken(missing.map((id) => ({ field: 'pointIds', key: 'telemetry.point.notOnDevice', params: { id } })));
  }
  return pointIds.map((id) => byId.get(id) as (typeof points)[number]);
}

/** The real-time tab: every point of the device's template with its newest value. */
export async function latestValues(actor: Actor, deviceId: number): Promise<LatestValues> {
  const { device, points } = await devicePoints(actor, deviceId);
  const latest = new Map((await latestOfDevice(actor.db, deviceId)).map((row) => [row.point_id, row]));
  return {
    deviceId,
    status: device.status,
    lastDataAt: device.lastDataAt,
    points: points.map((p) => {
      const row = latest.get(p.id);
      return {
        pointId: p.id,
        name: p.name,
        unit: p.unit,
        dataType: p.data_type,
        readWrite: p.read_write,
        value: row ? readingValue(row) : null,
        at: row?.ts ?? null,
      };
    }),
  };
}

/**
 * Historical Data's chart: each point's readings in the range, or, when there are more than the
 * chart can show, per bucket the average with its min and max, so that peaks stay visible.
 */
export async function historyChart(actor: Actor, query: HistoryQuery): Promise<HistoryChart> {
  const points = await chosenPoints(actor, query.deviceId, query.pointIds);
  const range = { deviceId: query.deviceId, from: query.from, to: query.to };
  const series = [];
  for (const p of points) {
    const count = await countReadings(actor.db, range, p.id);
    const base = { pointId: p.id, name: p.name, unit: p.unit };
    if (count <= HISTORY_CHART_MAX) {
      const rows = await readingsOf(actor.db, range, p.id);
      series.push({ ...base, downsampled: false, data: rows.map((r) => ({ at: r.ts, value: readingValue(r) })) });
    } else {
      // Half as many buckets as raw points: each bucket draws two (its min and max).
      const width = Math.ceil((query.to - query.from) / (HISTORY_CHART_MAX / 2));
      const buckets = await bucketsOf(actor.db, range, p.id, width);
      series.push({
        ...base,
        downsampled: true,
        data: buckets.map((b) => ({ at: b.at, value: b.avg, min: b.min, max: b.max })),
      });
    }
  }
  return { from: query.from, to: query.to, series };
}

/** Historical Data's table: the raw readings of the chosen points, newest first, a page at a time. */
export async function historyRows(actor: Actor, query: HistoryExportQuery & PageQuery): Promise<Page<HistoryRow>> {
  const points = await chosenPoints(actor, query.deviceId, query.pointIds);
  const byId = new Map(points.map((p) => [p.id, p]));
  const page = await historyPage(
    actor.db,
    query,
    points.map((p) => p.id),
    { page: query.page, size: query.size },
  );
  return {
    ...page,
    list: page.list.map((r) => ({
      at: r.ts,
      pointId: r.point_id,
      name: byId.get(r.point_id)?.name ?? '',
      unit: byId.get(r.point_id)?.unit ?? null,
      value: readingValue(r),
    })),
  };
}

export { chosenPoints };

export function recordOf(
  row: Omit<DeviceOnlineRecordRow, 'device_id'> & { device_id: number; name: string; sn: string | null },
  lang: Actor['lang'],
): OnlineRecord {
  return {
    id: row.id,
    deviceId: row.device_id,
    deviceName: row.name,
    sn: row.sn,
    state: row.state,
    reason: row.reason,
    reasonText: row.reason ? translate(recordReasonKey(row.reason), lang) : null,
    transport: row.transport,
    at: row.at,
  };
}

/** Devices Online/Offline records of the devices the caller may see. */
export async function onlineRecordList(
  actor: Actor,
  filter: OnlineRecordFilter,
  page: PageQuery,
): Promise<Page<OnlineRecord>> {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const result = await onlineRecords(actor.db, scope, filter, page);
  return { ...result, list: result.list.map((row) => recordOf(row, actor.lang)) };
}

/** DTU online rate: per UTC day of the range, how long the device was online, from its records. */
export async function onlineRateOf(
  actor: Actor,
  query: { deviceId: number; from: number; to: number },
): Promise<OnlineRate> {
  await deviceDetail(actor, query.deviceId);
  const end = Math.min(query.to, Date.now());
  const { before, inside } = await stateChanges(actor.db, query.deviceId, query.from, query.to);
  const intervals: Array<[number, number]> = [];
  // A device in fault is connected: online for its online rate.
  let onlineSince = before && before.state !== 'offline' ? query.from : null;
  for (const change of inside) {
    if (change.state !== 'offline' && onlineSince === null) onlineSince = change.at;
    if (change.state === 'offline' && onlineSince !== null) {
      intervals.push([onlineSince, change.at]);
      onlineSince = null;
    }
  }
  if (onlineSince !== null && end > onlineSince) intervals.push([onlineSince, end]);
  const days = [];
  let total = 0;
  let online = 0;
  for (let day = Math.floor(query.from / DAY) * DAY; day < query.to; day += DAY) {
    const lo = Math.max(day, query.from);
    const hi = Math.min(day + DAY, query.to, end);
    const span = Math.max(0, hi - lo);
    const onlineMs = intervals.reduce((sum, [a, b]) => sum + Math.max(0, Math.min(b, hi) - Math.max(a, lo)), 0);
    total += span;
    online += onlineMs;
    days.push({ day: new Date(day).toISOString().slice(0, 10), onlineMs, rate: span ? onlineMs / span : 0 });
  }
  return { deviceId: query.deviceId, days, rate: total ? online / total : 0 };
}

/** Network monitoring: what the device reported of its link, and the bytes counted on its connections. */
export async function networkOfDevice(actor: Actor, deviceId: number): Promise<NetworkStatsView> {
  await deviceDetail(actor, deviceId);
  const row = await networkOf(actor.db, deviceId);
  return {
    deviceId,
    signal: row?.signal ?? null,
    battery: row?.battery ?? null,
    bytesIn: Number(row?.bytes_in ?? 0) + Number(row?.conn_bytes_in ?? 0),
    bytesOut: Number(row?.bytes_out ?? 0) + Number(row?.conn_bytes_out ?? 0),
    updatedAt: row?.updated_at ?? null,
  };
}

/** DTU manage: the caller's DTUs with their connection state. */
export async function dtuList(actor: Actor, query: DtuListQuery): Promise<Page<DtuListItem>> {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const page = await dtuPage(actor.db, scope, query);
  return {
    ...page,
    list: page.list.map((d) => ({
      id: d.id,
      name: d.name,
      sn: d.sn,
      protocol: d.protocol,
      status: d.status,
      lastOnlineAt: d.last_online_at,
      lastDataAt: d.last_data_at,
      address: d.address,
      remoteAddress: d.remote_address ?? null,
    })),
  };
}
