import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildDevice, mainAccount } from '../devices/testing.ts';
import { buildTelemetryWorld, type TelemetryWorld } from './testing.ts';

let t: TestApp;
let w: TelemetryWorld;
const MIN = 60_000;

const samplesOf = (deviceId: number) =>
  t.db.kysely.selectFrom('device_network_samples').selectAll().where('device_id', '=', deviceId).execute();

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildTelemetryWorld(t);
}, 60_000);
afterAll(async () => {
  await w.telemetry.close();
  await t.close();
});

describe('network monitoring', () => {
  it('lists the weakest signals as dBm (CSQ mapped), the lowest batteries and the busiest devices of the caller', async () => {
    const csq = await w.addDevice({ name: 'CSQ modem' });
    const dbm = await w.addDevice({ name: 'dBm modem' });
    const elsewhere = await buildDevice(await mainAccount(t), { name: 'Elsewhere' });
    await w.telemetry.network(csq, { signal: 10, battery: 80, bytesIn: 1000, bytesOut: 200 });
    await w.telemetry.network(dbm, { signal: -60, battery: 20, bytesIn: 50_000, bytesOut: 0 });
    await w.telemetry.network(elsewhere, { signal: 0, battery: 1, bytesIn: 9_999_999 });

    const res = await w.owner.get('/iot/network/fleet');
    expect(res.statusCode, res.body).toBe(200);
    const fleet = res.json().data;
    expect(fleet.reporting).toBe(2);
    expect(fleet.weakest.map((d: { name: string; signalDbm: number }) => [d.name, d.signalDbm])).toEqual([
      ['CSQ modem', -93],
      ['dBm modem', -60],
    ]);
    expect(fleet.lowBattery.map((d: { name: string }) => d.name)).toEqual(['dBm modem', 'CSQ modem']);
    expect(fleet.busiest.map((d: { name: string; bytes: number }) => [d.name, d.bytes])).toEqual([
      ['dBm modem', 50_000],
      ['CSQ modem', 1200],
    ]);
  });

  it('keeps a sample every five minutes, and charts traffic per sample, a counter reset starting over', async () => {
    const device = await w.addDevice({ name: 'Sampled' });
    await w.telemetry.network(device, { signal: -70, battery: 90, bytesIn: 100 });
    await w.telemetry.network(device, { signal: -72, bytesIn: 150 });
    // Two reports within five minutes: one sample.
    expect(await samplesOf(device)).toHaveLength(1);
    const t0 = Date.now() - 60 * MIN;
    await t.db.kysely
      .insertInto('device_network_samples')
      .values([
        { device_id: device, at: t0, signal: 12, battery: 95, bytes_in: 1000, bytes_out: 0 },
        { device_id: device, at: t0 + 5 * MIN, signal: -80, battery: 94, bytes_in: 1500, bytes_out: 100 },
        { device_id: device, at: t0 + 10 * MIN, signal: 99, battery: 93, bytes_in: 200, bytes_out: 0 },
      ])
      .execute();
    const res = await w.owner.get(`/iot/devices/${device}/network/history?from=${t0 - MIN}&to=${t0 + 11 * MIN}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      { at: t0, signalDbm: -89, battery: 95, bytes: 0 },
      { at: t0 + 5 * MIN, signalDbm: -80, battery: 94, bytes: 600 },
      { at: t0 + 10 * MIN, signalDbm: null, battery: 93, bytes: 0 },
    ]);
  });

  it('refuses a backwards or over-long range, and another account’s device', async () => {
    const at = Date.now();
    const backwards = await w.owner.get(`/iot/devices/${w.deviceId}/network/history?from=${at}&to=${at - MIN}`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().data).toEqual([{ field: 'to', msg: 'The end time must be after the start time' }]);
    const long = await w.owner.get(`/iot/devices/${w.deviceId}/network/history?from=0&to=${at}`);
    expect(long.json().data).toEqual([{ field: 'to', msg: 'Network history covers at most 31 days at a time' }]);
    const stranger = await mainAccount(t);
    expect(
      (await stranger.get(`/iot/devices/${w.deviceId}/network/history?from=${at - MIN}&to=${at}`)).statusCode,
    ).toBe(404);
  });
});
