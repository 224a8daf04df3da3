import { Cjt188Meter, Dlt645Meter } from '@meridian/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, memoryLogger, type TestApp } from '../../../test/app.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import { buildDevice, mainAccount, newSn } from '../devices/testing.ts';
import { heatTemplate, meterTemplate, waterPoint, waterTemplate } from '../templates/testing.ts';
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

/** A template of `template` and a device of `protocol` using it, polled every second. */
async function device(template: Record<string, unknown>, protocol = 'cjt188') {
  const res = await owner.post('/iot/templates', template);
  expect(res.statusCode, res.body).toBe(200);
  const ids = new Map<string, number>(res.json().data.points.map((p: { id: number; name: string }) => [p.name, p.id]));
  const sn = newSn();
  const id = await buildDevice(owner, {
    sn,
    commPassword: '12345678',
    protocol,
    templateId: res.json().data.id,
    queryInterval: 1,
  });
  return { id, sn, ids };
}

const waterMeters = () => [
  new Cjt188Meter({ address: '00000000000001', current: 123.45, settlement: 100, status: 0x0004 }),
  // This one answers in litres: 7.5 m³ is 7500.00 L on the wire.
  new Cjt188Meter({ address: '00000000000002', current: 7.5, unit: 0x29 }),
];

/** The values of the device's last poll, by point name. */
function lastValues(deviceId: number, ids: Map<string, number>): Record<string, unknown> {
  const batch = telemetry.batches.filter((b) => b.deviceId === deviceId).at(-1);
  const byId = new Map(batch?.readings.map((r) => [r.pointId, r.value]) ?? []);
  return Object.fromEntries([...ids].filter(([, id]) => byId.has(id)).map(([name, id]) => [name, byId.get(id)]));
}

describe('CJ/T 188 water meters behind a DTU', () => {
  it("reads each meter's 901F once per poll and gives every point its item, in cubic metres", async () => {
    const meter = await device(waterTemplate('Water bus read'));
    const dtu = startTestDtu(server, {
      sn: meter.sn,
      password: '12345678',
      framing: 'cjt188',
      waterMeters: waterMeters(),
    });
    try {
      await expect
        .poll(() => lastValues(meter.id, meter.ids), { timeout: 10_000 })
        .toEqual({ 'Flow one': 123.45, 'Settled one': 100, 'Status one': 4, 'Flow two': 7.5 });
      const cycles = () => telemetry.batches.filter((b) => b.deviceId === meter.id).length;
      const [requestsBefore, cyclesBefore] = [dtu.stats.requests, cycles()];
      // The meter's reading moves: the next polls carry it.
      dtu.options.waterMeters?.[0]?.set({ current: 124.01 });
      await expect.poll(() => lastValues(meter.id, meter.ids)['Flow one'], { timeout: 10_000 }).toBe(124.01);
      // Three points of meter one and one of meter two: two requests a poll, not four (a poll may be under way).
      expect(dtu.stats.requests - requestsBefore).toBeLessThanOrEqual(2 * (cycles() - cyclesBefore + 1));
      expect(telemetry.events).toContainEqual({ deviceId: meter.id, event: 'online', via: 'tcp' });
    } finally {
      dtu.stop();
    }
  });

  it('counts an error answer and a bad checksum, keeps the link, and reads the other meter as before', async () => {
    const meter = await device(
      waterTemplate('Water bus errors', {
        points: [waterPoint({ name: 'Flow one' }), waterPoint({ slaveIndex: 2, name: 'Flow two' })],
      }),
    );
    const dtu = startTestDtu(server, {
      sn: meter.sn,
      password: '12345678',
      framing: 'cjt188',
      waterMeters: waterMeters(),
    });
    try {
      await expect
        .poll(() => lastValues(meter.id, meter.ids), { timeout: 10_000 })
        .toEqual({ 'Flow one': 123.45, 'Flow two': 7.5 });
      const connection = [...server.connections].find((c) => c.deviceId === meter.id);
      dtu.inject('exception', 2);
      await expect.poll(() => connection?.counters.failures.errorReply ?? 0, { timeout: 10_000 }).toBeGreaterThan(0);
      dtu.inject('badCrc', 2);
      await expect.poll(() => connection?.counters.failures.badCrc ?? 0, { timeout: 10_000 }).toBeGreaterThan(0);
      await expect
        .poll(() => lastValues(meter.id, meter.ids), { timeout: 10_000 })
        .toEqual({ 'Flow one': 123.45, 'Flow two': 7.5 });
      expect(connection?.isClosed).toBe(false);
    } finally {
      dtu.stop();
    }
  });

  it('puts the device in fault when a meter never answers, in the spec words, and keeps reading the other', async () => {
    const meter = await device(
      waterTemplate('Water bus silent', {
        slaves: [
          { index: 1, name: 'Water one', address: 0x10, meterAddress: '00000000000001' },
          { index: 2, name: 'Water gone', address: 0x10, meterAddress: '00000000000009' },
        ],
        points: [waterPoint({ name: 'Flow one' }), waterPoint({ slaveIndex: 2, name: 'Flow gone' })],
      }),
    );
    const dtu = startTestDtu(server, {
      sn: meter.sn,
      password: '12345678',
      framing: 'cjt188',
      waterMeters: waterMeters(),
    });
    try {
      await expect
        .poll(() => telemetry.events.filter((e) => e.deviceId === meter.id && e.event === 'fault'), {
          timeout: 15_000,
        })
        .toEqual([{ deviceId: meter.id, event: 'fault', reason: 'slaveNoReply' }]);
      expect(lastValues(meter.id, meter.ids)).toEqual({ 'Flow one': 123.45 });
    } finally {
      dtu.stop();
    }
  }, 20_000);

  it('leaves a DL/T 645 device on the same gateway unaffected', async () => {
    const water = await device(waterTemplate('Water beside meters'));
    const energy = await device(meterTemplate('Meters beside water'), 'dlt645');
    const waterDtu = startTestDtu(server, {
      sn: water.sn,
      password: '12345678',
      framing: 'cjt188',
      waterMeters: waterMeters(),
      faults: { garbage: 0.3, badCrc: 0.3 },
    });
    const energyDtu = startTestDtu(server, {
      sn: energy.sn,
      password: '12345678',
      framing: 'dlt645',
      meters: [
        new Dlt645Meter({ address: '000000000001', values: { '00010000': 1234.56, '02010100': 220.1 } }),
        new Dlt645Meter({ address: '000000000002', values: { '00010000': 7.5 } }),
      ],
    });
    try {
      await expect
        .poll(() => lastValues(energy.id, energy.ids), { timeout: 10_000 })
        .toEqual({ 'Energy one': 1234.56, 'Voltage A': 220.1, 'Energy two': 7.5 });
      const connection = [...server.connections].find((c) => c.deviceId === energy.id);
      expect(connection?.counters.failures.badCrc ?? 0).toBe(0);
    } finally {
      waterDtu.stop();
      energyDtu.stop();
    }
  });
});

describe('CJ/T 188 heat and cooling meters behind a DTU', () => {
  /** The heat template's device, and a DTU carrying `heat` and a cooling meter reading `cold` kWh. */
  async function heatBus(name: string, heat: Cjt188Meter, cold: number) {
    const meter = await device(heatTemplate(name));
    const cooling = new Cjt188Meter({ address: '00000000000022', type: 0x21, heat: { currentHeat: cold } });
    const dtu = startTestDtu(server, {
      sn: meter.sn,
      password: '12345678',
      framing: 'cjt188',
      waterMeters: [heat, cooling],
    });
    return { meter, dtu };
  }

  it("reads each meter's 901F in the heat layout and gives its points kWh, kW, m³/h and °C whatever unit it sends", async () => {
    const heat = new Cjt188Meter({
      address: '00000000000021',
      type: 0x20,
      // Sends MWh and L/h: the points still read kWh and m³/h.
      heatUnits: { energy: 0x08, power: 0x17, flow: 0x32, volume: 0x2c },
      heat: {
        currentHeat: 12_340,
        heatPower: 15.5,
        flowRate: 0.825,
        supplyTemperature: 65.4,
        returnTemperature: 41.25,
      },
    });
    const { meter, dtu } = await heatBus('Heat bus read', heat, 987.65);
    try {
      await expect
        .poll(() => lastValues(meter.id, meter.ids), { timeout: 10_000 })
        .toEqual({
          'Heat one': 12_340,
          'Power one': 15.5,
          'Flow rate one': 0.825,
          'Supply one': 65.4,
          'Return one': 41.25,
          'Cold two': 987.65,
        });
      const cycles = () => telemetry.batches.filter((b) => b.deviceId === meter.id).length;
      const [requestsBefore, cyclesBefore] = [dtu.stats.requests, cycles()];
      heat.setHeat({ currentHeat: 12_350 });
      await expect.poll(() => lastValues(meter.id, meter.ids)['Heat one'], { timeout: 10_000 }).toBe(12_350);
      // Five points of the heat meter and one of the cooling meter: two requests a poll.
      expect(dtu.stats.requests - requestsBefore).toBeLessThanOrEqual(2 * (cycles() - cyclesBefore + 1));
    } finally {
      dtu.stop();
    }
  });

  it('counts an answer whose unit byte is not its quantity as malformed and keeps reading the other meter', async () => {
    // The heat meter sends kW (17H) where its energy belongs: no reading can be taken from it.
    const wrong = new Cjt188Meter({
      address: '00000000000021',
      type: 0x20,
      heatUnits: { energy: 0x17, power: 0x17, flow: 0x35, volume: 0x2c },
    });
    const { meter, dtu } = await heatBus('Heat bus wrong unit', wrong, 4.5);
    try {
      await expect.poll(() => lastValues(meter.id, meter.ids), { timeout: 10_000 }).toEqual({ 'Cold two': 4.5 });
      const connection = [...server.connections].find((c) => c.deviceId === meter.id);
      await expect.poll(() => connection?.counters.failures.malformed ?? 0, { timeout: 10_000 }).toBeGreaterThan(0);
      expect(connection?.isClosed).toBe(false);
    } finally {
      dtu.stop();
    }
  });
});
