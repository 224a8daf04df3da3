import { read, utils } from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import { mainAccount, messageFor } from '../devices/testing.ts';
import { buildTelemetryWorld, type TelemetryWorld } from './testing.ts';

let t: TestApp;
let w: TelemetryWorld;
let rival: Caller;
const T0 = Date.UTC(2025, 2, 1);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildTelemetryWorld(t);
  rival = await mainAccount(t);
  const { humidity, temperature, setpoint } = w.points;
  await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      w.telemetry.record({
        deviceId: w.deviceId,
        at: T0 + i * HOUR,
        readings: [
          { pointId: humidity, value: 40 + i },
          { pointId: temperature, value: 20 + i },
          { pointId: setpoint, value: 7 },
        ],
      }),
    ),
  );
});
afterAll(async () => {
  await w.telemetry.close();
  await t.close();
});

const range = (from: number, to: number) => `from=${from}&to=${to}`;
const sheetOf = (payload: Buffer) => {
  const book = read(payload, { type: 'buffer' });
  return utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0] as string] as never, { header: 1 });
};

describe('latest values', () => {
  it('lists every point of the device with its newest value, unit and time', async () => {
    const res = await w.owner.get(`/iot/devices/${w.deviceId}/latest`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.points).toEqual([
      expect.objectContaining({ name: 'Humidity', unit: '%RH', value: 49, at: T0 + 9 * HOUR }),
      expect.objectContaining({ name: 'Temperature', unit: '°C', value: 29, at: T0 + 9 * HOUR }),
      expect.objectContaining({ name: 'Setpoint', value: 7, at: T0 + 9 * HOUR }),
    ]);
  });

  it('shows a point that never reported as empty', async () => {
    const fresh = await w.addDevice();
    const data = (await w.owner.get(`/iot/devices/${fresh}/latest`)).json().data;
    expect(data.points.map((p: { value: unknown; at: unknown }) => [p.value, p.at])).toEqual([
      [null, null],
      [null, null],
      [null, null],
    ]);
  });

  it("refuses another owner's device as not found", async () => {
    const res = await rival.get(`/iot/devices/${w.deviceId}/latest`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('The device does not exist or you may not open it');
    expect((await rival.get(`/iot/devices/${w.deviceId}/network`)).statusCode).toBe(404);
  });
});

describe('historical data', () => {
  it('charts the chosen points over a range, raw when short', async () => {
    const { humidity, temperature } = w.points;
    const res = await w.owner.get(
      `/iot/history/chart?deviceId=${w.deviceId}&pointIds=${humidity},${temperature}&${range(T0 + HOUR, T0 + 4 * HOUR)}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const [h, temp] = res.json().data.series;
    expect(h).toMatchObject({ name: 'Humidity', downsampled: false });
    expect(h.data.map((d: { value: number }) => d.value)).toEqual([41, 42, 43]);
    // Temperature moves by 1 each hour, more than its amplitude of 0.5: every reading was stored.
    expect(temp.data.map((d: { at: number }) => d.at)).toEqual([T0 + HOUR, T0 + 2 * HOUR, T0 + 3 * HOUR]);
  });

  it('downsamples a long range to min, max and average per bucket', async () => {
    const device = await w.addDevice();
    const { humidity } = w.points;
    // 3000 readings a second apart, a spike of 1000 in the middle.
    await Promise.all(
      Array.from({ length: 3000 }, (_, i) =>
        w.telemetry.record({
          deviceId: device,
          at: T0 + i * 1000,
          readings: [{ pointId: humidity, value: i === 1500 ? 1000 : i % 10 }],
        }),
      ),
    );
    const res = await w.owner.get(
      `/iot/history/chart?deviceId=${device}&pointIds=${humidity}&${range(T0, T0 + 3000 * 1000)}`,
    );
    const [series] = res.json().data.series;
    expect(series.downsampled).toBe(true);
    expect(series.data.length).toBeLessThanOrEqual(500);
    expect(series.data.length).toBeGreaterThan(400);
    expect(Math.max(...series.data.map((d: { max: number }) => d.max))).toBe(1000);
    expect(Math.min(...series.data.map((d: { min: number }) => d.min))).toBe(0);
    expect(series.data[0]).toMatchObject({ at: T0, min: 0, max: 5, value: 2.5 });
  });

  it('pages the raw readings newest first', async () => {
    const res = await w.owner.get(
      `/iot/history?deviceId=${w.deviceId}&pointIds=${w.points.humidity}&${range(T0, T0 + DAY)}&page=2&size=4`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ total: 10, page: 2, size: 4 });
    expect(res.json().data.list.map((r: { value: number }) => r.value)).toEqual([45, 44, 43, 42]);
    expect(res.json().data.list[0]).toMatchObject({ name: 'Humidity', unit: '%RH', at: T0 + 5 * HOUR });
  });

  it('exports the readings to a real xlsx, audited', async () => {
    const { humidity, temperature } = w.points;
    const res = await w.owner.get(
      `/iot/history/export?deviceId=${w.deviceId}&pointIds=${humidity},${temperature}&${range(T0, T0 + DAY)}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = sheetOf(res.rawPayload);
    expect(rows[0]).toEqual(['Time', 'Data point', 'Value', 'Unit']);
    expect(rows).toHaveLength(21);
    expect(rows[1]).toEqual(['2025-03-01 00:00:00.000', 'Humidity', 40, '%RH']);
    expect(rows[11]).toEqual(['2025-03-01 00:00:00.000', 'Temperature', 20, '°C']);
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select('target_id')
      .where('action', '=', 'exportHistory')
      .execute();
    expect(audit).toEqual([{ target_id: String(w.deviceId) }]);
  });

  it('refuses a range that ends before it starts, or is too long', async () => {
    const base = `/iot/history/chart?deviceId=${w.deviceId}&pointIds=${w.points.humidity}`;
    const backwards = await w.owner.get(`${base}&${range(T0, T0)}`);
    expect(backwards.statusCode).toBe(400);
    expect(messageFor(backwards.json(), 'to')).toEqual(['The end time must be after the start time']);
    const long = await w.owner.get(`${base}&${range(T0, T0 + 367 * DAY)}`);
    expect(messageFor(long.json(), 'to')).toEqual(['Choose a time range of at most 366 days']);
  });

  it('refuses points that are not ids, too many points, and points of another device', async () => {
    const base = `/iot/history/chart?deviceId=${w.deviceId}&${range(T0, T0 + DAY)}`;
    const text = await w.owner.get(`${base}&pointIds=a,b`);
    expect(messageFor(text.json(), 'pointIds')).toEqual(['Data points must be ids separated by commas']);
    const many = Array.from({ length: 21 }, (_, i) => i + 1).join(',');
    expect(messageFor((await w.owner.get(`${base}&pointIds=${many}`)).json(), 'pointIds')).toEqual([
      'Choose at most 20 data points',
    ]);
    const foreign = await w.owner.get(`${base}&pointIds=999999`);
    expect(foreign.statusCode).toBe(400);
    expect(messageFor(foreign.json(), 'pointIds')).toEqual(['Data point 999999 is not a data point of this device']);
  });

  it("refuses another owner's history", async () => {
    const res = await rival.get(
      `/iot/history/chart?deviceId=${w.deviceId}&pointIds=${w.points.humidity}&${range(T0, T0 + DAY)}`,
    );
    expect(res.statusCode).toBe(404);
    const exported = await rival.get(`/iot/history/export?deviceId=${w.deviceId}&${range(T0, T0 + DAY)}`);
    expect(exported.statusCode).toBe(404);
  });
});

describe('online and offline records', () => {
  it('lists the changes with their reasons, filters them, and hides other owners’ devices', async () => {
    const device = await w.addDevice();
    await w.telemetry.online(device, T0, 'tcp');
    await w.telemetry.offline(device, T0 + HOUR, 'timeout');
    await w.telemetry.online(device, T0 + 2 * HOUR, 'mqtt');
    await w.telemetry.offline(device, T0 + 3 * HOUR, 'disconnected');
    const res = await w.owner.get(`/iot/online-records?deviceId=${device}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.total).toBe(4);
    expect(
      res.json().data.list.map((r: { state: string; reasonText: string | null }) => [r.state, r.reasonText]),
    ).toEqual([
      ['offline', 'Device actively disconnected from the cloud'],
      ['online', null],
      ['offline', 'Device reported data timeout'],
      ['online', null],
    ]);
    const offline = await w.owner.get(`/iot/online-records?deviceId=${device}&state=offline&from=${T0 + 2 * HOUR}`);
    expect(offline.json().data.list.map((r: { reason: string }) => r.reason)).toEqual(['disconnected']);
    expect((await rival.get(`/iot/online-records?deviceId=${device}`)).json().data.total).toBe(0);

    const exported = await w.owner.get(`/iot/online-records/export?deviceId=${device}`);
    expect(exported.statusCode).toBe(200);
    const rows = sheetOf(exported.rawPayload);
    expect(rows[0]).toEqual(['Time', 'Device', 'SN', 'State', 'Reason', 'Transport']);
    expect(rows[1]).toEqual(expect.arrayContaining(['Offline', 'Device actively disconnected from the cloud']));
    expect(rows).toHaveLength(5);
  });

  it('gives the share of each day a device was online', async () => {
    const device = await w.addDevice();
    await w.telemetry.online(device, T0 + 6 * HOUR, 'tcp');
    await w.telemetry.offline(device, T0 + 18 * HOUR, 'disconnected');
    await w.telemetry.online(device, T0 + DAY + 12 * HOUR, 'tcp');
    const res = await w.owner.get(`/iot/devices/${device}/online-rate?${range(T0, T0 + 2 * DAY)}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.days).toEqual([
      { day: '2025-03-01', onlineMs: 12 * HOUR, rate: 0.5 },
      { day: '2025-03-02', onlineMs: 12 * HOUR, rate: 0.5 },
    ]);
    expect(res.json().data.rate).toBe(0.5);
  });
});

describe('DTU manage', () => {
  it('lists the DTUs with their connection state and where they registered from, not MQTT devices or other owners’', async () => {
    const dtu = await w.addDevice({ name: 'Boiler DTU' });
    await w.addDevice({ name: 'Boiler MQTT', protocol: 'mqttJson' });
    await w.telemetry.online(dtu, T0, 'tcp');
    await t.db.kysely
      .insertInto('dtu_registrations')
      .values({ at: T0, address: '10.0.0.7:50312', sn: null, device_id: dtu, result: 'accepted' })
      .execute();
    const res = await w.owner.get('/iot/dtus?keyword=Boiler');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.list).toEqual([
      expect.objectContaining({ id: dtu, status: 'online', lastOnlineAt: T0, remoteAddress: '10.0.0.7:50312' }),
    ]);
    expect((await w.owner.get('/iot/dtus?keyword=Boiler&status=offline')).json().data.total).toBe(0);
    expect((await rival.get('/iot/dtus?keyword=Boiler')).json().data.total).toBe(0);
  });
});

describe('network', () => {
  it('shows signal, battery and traffic', async () => {
    await w.telemetry.network(w.deviceId, { signal: 23, battery: 90, bytesIn: 1200, bytesOut: 300 });
    const res = await w.owner.get(`/iot/devices/${w.deviceId}/network`);
    expect(res.json().data).toMatchObject({ signal: 23, battery: 90, bytesIn: 1200, bytesOut: 300 });
  });
});

describe('OpenAPI', () => {
  it('documents the telemetry calls', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    for (const path of [
      '/api/iot/history/chart',
      '/api/iot/history/export',
      '/api/iot/online-records',
      '/api/iot/dtus',
    ]) {
      expect(doc.paths[path]?.get, path).toBeDefined();
    }
  });
});
