import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { HOUR } from '../../platform/time.ts';
import { mainAccount } from '../devices/testing.ts';
import { buildMqttWorld, type MqttWorld } from '../mqtt/testing.ts';
import { buildTelemetryWorld } from './testing.ts';
import { type Fix, metresBetween } from './track.ts';

let t: TestApp;
let world: MqttWorld;
const MINUTE = 60_000;
const start = Date.UTC(2026, 10, 28, 0, 0);

async function positions(deviceId: number, rows: Array<[ts: number, text: string]>) {
  for (let i = 0; i < rows.length; i += 500) {
    await t.db.kysely
      .insertInto('telemetry')
      .values(
        rows
          .slice(i, i + 500)
          .map(([ts, text]) => ({ device_id: deviceId, point_id: world.points.place, ts, num: null, text })),
      )
      .execute();
  }
}

const track = async (deviceId: number, query = '') => {
  const res = await world.owner.get(
    `/iot/history/track?deviceId=${deviceId}&from=${start}&to=${start + 24 * HOUR}${query}`,
  );
  return res;
};

beforeAll(async () => {
  t = await buildTestApp();
  world = await buildMqttWorld(t);
});
afterAll(async () => {
  await t.close();
});

describe('Positioning Track', () => {
  it('draws a drive with its distance, speeds and the stop on the way', async () => {
    const { id } = await world.addDevice();
    // East along 31.2°N at about 1 km a minute for 10 minutes, parked 12 minutes, then 5 more minutes east.
    const rows: Array<[number, string]> = [];
    const lngStep = 1000 / (111_320 * Math.cos((31.2 * Math.PI) / 180));
    let lng = 121.4;
    let at = start + 8 * HOUR;
    for (let i = 0; i <= 10; i++) rows.push([at + i * MINUTE, `${(lng + i * lngStep).toFixed(6)},31.200000`]);
    lng += 10 * lngStep;
    at += 10 * MINUTE;
    for (let i = 1; i <= 12; i++) rows.push([at + i * MINUTE, `${lng.toFixed(6)},31.200000`]);
    at += 12 * MINUTE;
    // A GPS without a fix says 0,0: no position.
    rows.push([at + 30_000, '0,0']);
    for (let i = 1; i <= 5; i++) rows.push([at + i * MINUTE, `${(lng + i * lngStep).toFixed(6)},31.200000`]);
    await positions(id, rows);

    const res = await track(id);
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json().data;
    expect(view.locationPoints).toEqual([{ id: world.points.place, name: 'Place' }]);
    expect(view.total).toBe(rows.length - 1);
    expect(view.simplified).toBe(false);
    expect(view.points[0]).toEqual([start + 8 * HOUR, 31.2, 121.4]);
    expect(view.distanceM).toBeGreaterThan(14_900);
    expect(view.distanceM).toBeLessThan(15_100);
    expect(view.maxSpeedKmh).toBeGreaterThan(59);
    expect(view.maxSpeedKmh).toBeLessThan(61);
    // The parked minutes do not lower the speed while moving.
    expect(view.movingSpeedKmh).toBeGreaterThan(59);
    expect(view.stops).toHaveLength(1);
    expect(view.stops[0]).toMatchObject({ from: start + 8 * HOUR + 10 * MINUTE, to: start + 8 * HOUR + 22 * MINUTE });
  });

  it('simplifies 50,000 positions to what a map can draw, start and end kept, figures from all', async () => {
    const { id } = await world.addDevice();
    const rows: Array<[number, string]> = [];
    for (let i = 0; i < 50_000; i++) {
      // A wavy road: every position counts for the distance, few are needed for the shape.
      const lng = 116 + i * 0.00002;
      const lat = 39.9 + 0.01 * Math.sin(i / 2000);
      rows.push([start + i * 1000, `${lng.toFixed(6)},${lat.toFixed(6)}`]);
    }
    await positions(id, rows);
    const view = (await track(id)).json().data;
    expect(view.total).toBe(50_000);
    expect(view.simplified).toBe(true);
    expect(view.points.length).toBeLessThanOrEqual(2000);
    expect(view.points.length).toBeGreaterThan(20);
    expect(view.points[0][0]).toBe(start);
    expect(view.points.at(-1)[0]).toBe(start + 49_999_000);
    let along = 0;
    for (let i = 1; i < rows.length; i++) {
      const fix = (r: [number, string]): Fix => {
        const [x, y] = r[1].split(',').map(Number) as [number, number];
        return [r[0], y, x];
      };
      along += metresBetween(fix(rows[i - 1] as [number, string]), fix(rows[i] as [number, string]));
    }
    expect(view.distanceM).toBe(Math.round(along));
  });

  it('says so for a device without a location point, and refuses a point that is not one', async () => {
    const sensors = await buildTelemetryWorld(t, world.owner);
    const none = (await track(sensors.deviceId)).json().data;
    expect(none).toMatchObject({ locationPoints: [], pointId: null, total: 0, points: [] });
    const { id } = await world.addDevice();
    const wrong = await track(id, `&pointId=${world.points.temperature}`);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().data).toContainEqual({
      field: 'pointId',
      msg: `Data point ${world.points.temperature} is not a location point of this device`,
    });
  });

  it('keeps to the caller’s devices and to a month at a time', async () => {
    const { id } = await world.addDevice();
    const stranger = await mainAccount(t);
    const theirs = await stranger.get(`/iot/history/track?deviceId=${id}&from=${start}&to=${start + HOUR}`);
    expect(theirs.statusCode).toBe(404);
    const long = await world.owner.get(`/iot/history/track?deviceId=${id}&from=${start}&to=${start + 40 * 24 * HOUR}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().data).toContainEqual({ field: 'to', msg: 'A track covers at most 31 days at a time' });
  });
});
