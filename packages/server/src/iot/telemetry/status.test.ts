import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { testEngine } from '../../../test/db.ts';
import { offlineSilentDevices } from './jobs.ts';
import { ensurePartitions, removeHistoryBefore } from './partitions.ts';
import { buildTelemetryWorld, historyOf, type TelemetryWorld } from './testing.ts';

let t: TestApp;
let w: TelemetryWorld;
const MIN = 60_000;
const DAY = 24 * 60 * MIN;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildTelemetryWorld(t);
});
afterAll(async () => {
  await w.telemetry.close();
  await t.close();
});

const deviceOf = (id: number) =>
  t.db.kysely
    .selectFrom('devices')
    .select(['status', 'last_online_at', 'last_data_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const recordsOf = (id: number) =>
  t.db.kysely
    .selectFrom('device_online_records')
    .select(['state', 'reason', 'transport', 'at'])
    .where('device_id', '=', id)
    .orderBy('id')
    .execute();

describe('device status', () => {
  it('comes online at registration and goes offline when the connection drops, with a record of each change', async () => {
    const device = await w.addDevice();
    await w.telemetry.online(device, 1000, 'tcp');
    await w.telemetry.online(device, 2000, 'tcp'); // already online: no second record
    expect(await deviceOf(device)).toMatchObject({ status: 'online', last_online_at: 1000 });
    await w.telemetry.offline(device, 3000, 'disconnected');
    await w.telemetry.offline(device, 4000, 'timeout'); // already offline: no second record
    expect(await deviceOf(device)).toMatchObject({ status: 'offline' });
    expect(await recordsOf(device)).toEqual([
      { state: 'online', reason: null, transport: 'tcp', at: 1000 },
      { state: 'offline', reason: 'disconnected', transport: null, at: 3000 },
    ]);
  });

  it('comes online with data, and writes the last data time', async () => {
    const device = await w.addDevice();
    const at = Date.now();
    await w.telemetry.record({ deviceId: device, at, readings: [{ pointId: w.points.humidity, value: 50 }] });
    expect(await deviceOf(device)).toMatchObject({ status: 'online', last_online_at: at, last_data_at: at });
    expect(await recordsOf(device)).toEqual([{ state: 'online', reason: null, transport: null, at }]);
  });

  it('never brings a disabled device online', async () => {
    const device = await w.addDevice({ enabled: false });
    await w.telemetry.online(device, 1000, 'mqtt');
    await w.telemetry.record({ deviceId: device, at: 2000, readings: [{ pointId: w.points.humidity, value: 1 }] });
    expect(await deviceOf(device)).toMatchObject({ status: 'offline', last_online_at: null });
    expect(await recordsOf(device)).toEqual([]);
  });

  it('the offline job takes devices silent past the timeout offline with "device reported data timeout"', async () => {
    const now = Date.now();
    const silent = await w.addDevice();
    const talking = await w.addDevice();
    const justRegistered = await w.addDevice();
    await w.telemetry.online(silent, now - 200 * MIN, 'tcp');
    await w.telemetry.record({
      deviceId: silent,
      at: now - 130 * MIN,
      readings: [{ pointId: w.points.humidity, value: 1 }],
    });
    await w.telemetry.online(talking, now - 200 * MIN, 'tcp');
    await w.telemetry.record({
      deviceId: talking,
      at: now - 100 * MIN,
      readings: [{ pointId: w.points.humidity, value: 1 }],
    });
    await w.telemetry.online(justRegistered, now - MIN, 'tcp');

    const count = await offlineSilentDevices(t.db, now, 120 * MIN);
    expect(count).toBeGreaterThanOrEqual(1);
    expect((await deviceOf(silent)).status).toBe('offline');
    expect((await recordsOf(silent)).at(-1)).toEqual({ state: 'offline', reason: 'timeout', transport: null, at: now });
    expect((await deviceOf(talking)).status).toBe('online');
    expect((await deviceOf(justRegistered)).status).toBe('online');
  });

  it('keeps network stats: the latest signal and battery, and the bytes of every connection', async () => {
    const device = await w.addDevice();
    const network = async () =>
      t.db.kysely.selectFrom('device_network').selectAll().where('device_id', '=', device).executeTakeFirstOrThrow();
    const bytes = async () => {
      const row = await network();
      return [row.bytes_in + row.conn_bytes_in, row.bytes_out + row.conn_bytes_out];
    };
    // Running totals of one connection, reported twice: the second replaces the first.
    await w.telemetry.network(device, { signal: -71, battery: 88, bytesIn: 100, bytesOut: 40 });
    await w.telemetry.network(device, { bytesIn: 150, bytesOut: 50 });
    expect(await network()).toMatchObject({ signal: -71, battery: 88 });
    expect(await bytes()).toEqual([150, 50]);
    // The connection ends; the next one counts from zero and adds to it.
    await w.telemetry.online(device, 1000, 'tcp');
    await w.telemetry.offline(device, 2000, 'disconnected');
    await w.telemetry.network(device, { bytesIn: 30, bytesOut: 5 });
    expect(await bytes()).toEqual([180, 55]);
    // A smaller figure without an offline between (a replaced connection) is a new connection too.
    await w.telemetry.network(device, { bytesIn: 10, bytesOut: 1, signal: 20 });
    expect(await bytes()).toEqual([190, 56]);
    expect(await network()).toMatchObject({ signal: 20, battery: 88 });
  });
});

describe('retention', () => {
  it('removes history older than the cutoff and keeps the rest and the latest values', async () => {
    const device = await w.addDevice();
    const now = Date.now();
    const old = now - 40 * DAY;
    await ensurePartitions(t.db, old, 2);
    await w.telemetry.record({ deviceId: device, at: old, readings: [{ pointId: w.points.humidity, value: 1 }] });
    await w.telemetry.record({
      deviceId: device,
      at: now - 10 * DAY,
      readings: [{ pointId: w.points.humidity, value: 2 }],
    });
    await w.telemetry.record({ deviceId: device, at: now, readings: [{ pointId: w.points.humidity, value: 3 }] });
    const removed = await removeHistoryBefore(t.db, now - 35 * DAY);
    expect(removed).toBeGreaterThanOrEqual(1);
    expect((await historyOf(t, device, w.points.humidity)).map((r) => r.num)).toEqual([2, 3]);
    const latest = await t.db.kysely
      .selectFrom('telemetry_latest')
      .select('num')
      .where('device_id', '=', device)
      .execute();
    expect(latest).toEqual([{ num: 3 }]);
  });
});

// History is partitioned by day on PostgreSQL only; SQLite keeps it in one table (decision 0027).
describe.skipIf(testEngine() !== 'postgres')('day partitions (PostgreSQL only: SQLite has none)', () => {
  it('creates day partitions ahead and moves rows already in the default partition into them', async () => {
    const device = await w.addDevice();
    const future = Date.UTC(2031, 5, 1, 12);
    await w.telemetry.record({ deviceId: device, at: future, readings: [{ pointId: w.points.humidity, value: 9 }] });
    expect(await ensurePartitions(t.db, future, 1)).toEqual(['telemetry_p20310601']);
    expect(await ensurePartitions(t.db, future, 1)).toEqual([]);
    const { rows } = await import('kysely').then(({ sql }) =>
      sql<{ n: number }>`select count(*)::int as n from telemetry_p20310601`.execute(t.db.kysely),
    );
    expect(rows[0]?.n).toBe(1);
    expect((await historyOf(t, device, w.points.humidity)).map((r) => r.num)).toEqual([9]);
  });
});

describe.skipIf(testEngine() !== 'sqlite')('one history table (SQLite)', () => {
  it('makes no partitions and keeps a reading of any day', async () => {
    const device = await w.addDevice();
    const future = Date.UTC(2031, 5, 1, 12);
    await w.telemetry.record({ deviceId: device, at: future, readings: [{ pointId: w.points.humidity, value: 9 }] });
    expect(await ensurePartitions(t.db, future, 1)).toEqual([]);
    expect((await historyOf(t, device, w.points.humidity)).map((r) => r.num)).toEqual([9]);
  });
});
