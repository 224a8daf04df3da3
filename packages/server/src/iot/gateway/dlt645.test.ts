import { Dlt645Meter } from '@meridian/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, memoryLogger, type TestApp } from '../../../test/app.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import { buildDevice, mainAccount, newSn } from '../devices/testing.ts';
import { meterPoint, meterTemplate } from '../templates/testing.ts';
import type { DtuServer } from './server.ts';
import { RecordingTelemetry, startTestDtu, startTestDtuServer } from './testing.ts';

let t: TestApp;
let owner: Caller;
let server: DtuServer;
const telemetry = new RecordingTelemetry();

beforeAll(async () => {
  t = await buildTestApp();
  owner = await mainAccount(t);
  server = await startTestDtuServer(t.db, memoryLogger().logger, { readTimeoutMs: 150, retries: 1 }, telemetry);
});
afterAll(async () => {
  await server.stop();
  await t.close();
});

/** A template of `change` and a DL/T 645 device using it, polled every second. */
async function meterDevice(name: string, change: Record<string, unknown> = {}) {
  const res = await owner.post('/iot/templates', meterTemplate(name, change));
  expect(res.statusCode, res.body).toBe(200);
  const ids = new Map<string, number>(res.json().data.points.map((p: { id: number; name: string }) => [p.name, p.id]));
  const sn = newSn();
  const id = await buildDevice(owner, {
    sn,
    commPassword: '12345678',
    protocol: 'dlt645',
    templateId: res.json().data.id,
    queryInterval: 1,
  });
  return { id, sn, ids };
}

const meters = () => [
  new Dlt645Meter({ address: '000000000001', values: { '00010000': 1234.56, '02010100': 220.1 } }),
  new Dlt645Meter({ address: '000000000002', values: { '00010000': 7.5 } }),
];

/** The values of the device's last poll, by point name. */
function lastValues(deviceId: number, ids: Map<string, number>): Record<string, unknown> {
  const batch = telemetry.batches.filter((b) => b.deviceId === deviceId).at(-1);
  const byId = new Map(batch?.readings.map((r) => [r.pointId, r.value]) ?? []);
  return Object.fromEntries([...ids].filter(([, id]) => byId.has(id)).map(([name, id]) => [name, byId.get(id)]));
}

describe('DL/T 645 meters behind a DTU', () => {
  it('reads each data identifier of each meter, one request each, with the decimals of its format', async () => {
    const device = await meterDevice('Meter bus read');
    const dtu = startTestDtu(server, { sn: device.sn, password: '12345678', framing: 'dlt645', meters: meters() });
    try {
      await expect
        .poll(() => lastValues(device.id, device.ids), { timeout: 10_000 })
        .toEqual({ 'Energy one': 1234.56, 'Voltage A': 220.1, 'Energy two': 7.5 });
      // The meter's reading moves: the next polls carry it.
      dtu.options.meters?.[1]?.set('00010000', 8.25);
      await expect.poll(() => lastValues(device.id, device.ids)['Energy two'], { timeout: 10_000 }).toBe(8.25);
      expect(telemetry.events).toContainEqual({ deviceId: device.id, event: 'online', via: 'tcp' });
    } finally {
      dtu.stop();
    }
  });

  it('leaves out a point its meter refuses or garbles, and reads the other meters as before', async () => {
    // Meter two has no reverse energy: it answers "no requested data" (error byte 02).
    const device = await meterDevice('Meter bus errors', {
      points: [
        meterPoint({ name: 'Energy one' }),
        meterPoint({ slaveIndex: 2, name: 'Energy two' }),
        meterPoint({ slaveIndex: 2, name: 'Reverse two', dataIdentifier: '00020000' }),
      ],
    });
    const dtu = startTestDtu(server, { sn: device.sn, password: '12345678', framing: 'dlt645', meters: meters() });
    try {
      await expect
        .poll(() => lastValues(device.id, device.ids), { timeout: 10_000 })
        .toEqual({ 'Energy one': 1234.56, 'Energy two': 7.5 });
      const connection = [...server.connections].find((c) => c.deviceId === device.id);
      expect(connection?.counters.failures.errorReply).toBeGreaterThan(0);
      // A bad checksum on the next answers: counted as such, and the link stays up.
      dtu.inject('badCrc', 2);
      await expect.poll(() => connection?.counters.failures.badCrc ?? 0, { timeout: 10_000 }).toBeGreaterThan(0);
      await expect
        .poll(() => lastValues(device.id, device.ids), { timeout: 10_000 })
        .toEqual({ 'Energy one': 1234.56, 'Energy two': 7.5 });
      expect(connection?.isClosed).toBe(false);
    } finally {
      dtu.stop();
    }
  });

  it('puts the device in fault when a meter never answers, in the spec words, and keeps reading the others', async () => {
    const device = await meterDevice('Meter bus silent', {
      slaves: [
        { index: 1, name: 'Meter one', address: 0, meterAddress: '000000000001' },
        { index: 2, name: 'Meter gone', address: 0, meterAddress: '000000000009' },
      ],
      points: [meterPoint({ name: 'Energy one' }), meterPoint({ slaveIndex: 2, name: 'Energy gone' })],
    });
    const dtu = startTestDtu(server, { sn: device.sn, password: '12345678', framing: 'dlt645', meters: meters() });
    try {
      await expect
        .poll(() => telemetry.events.filter((e) => e.deviceId === device.id && e.event === 'fault'), {
          timeout: 15_000,
        })
        .toEqual([{ deviceId: device.id, event: 'fault', reason: 'slaveNoReply' }]);
      expect(lastValues(device.id, device.ids)).toEqual({ 'Energy one': 1234.56 });
    } finally {
      dtu.stop();
    }
  }, 20_000);
});
