import { customProtocolInput } from '@meridian/contracts';
import { CustomDevice } from '@meridian/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, memoryLogger, type TestApp } from '../../../test/app.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import { buildDevice, mainAccount, newSn } from '../devices/testing.ts';
import { customPoint, levelSensor, sizedMeter, wokenMeter } from '../protocols/testing.ts';
import type { DtuServer } from './server.ts';
import { RecordingTelemetry, startTestDtu, startTestDtuServer } from './testing.ts';

let t: TestApp;
let owner: Caller;
let server: DtuServer;
let protocolId: number;
const telemetry = new RecordingTelemetry();
const definition = customProtocolInput.parse(levelSensor);

beforeAll(async () => {
  t = await buildTestApp();
  owner = await mainAccount(t);
  server = await startTestDtuServer(t.db, memoryLogger().logger, { readTimeoutMs: 150, retries: 1 }, telemetry);
  const res = await owner.post('/iot/protocols/custom', levelSensor);
  expect(res.statusCode, res.body).toBe(200);
  protocolId = res.json().data.id;
});
afterAll(async () => {
  await server.stop();
  await t.close();
});

/** A template of the level sensor protocol with these slaves and points, and a DTU device using it, polled every second. */
async function device(name: string, slaves: number[], points: Record<string, unknown>[], protocol = protocolId) {
  const res = await owner.post('/iot/templates', {
    name,
    protocol: 'custom',
    customProtocolId: protocol,
    slaves: slaves.map((address, i) => ({ index: i + 1, name: `Tank ${address} sensor`, address })),
    points,
  });
  expect(res.statusCode, res.body).toBe(200);
  const ids = new Map<string, number>(res.json().data.points.map((p: { id: number; name: string }) => [p.name, p.id]));
  const sn = newSn();
  const id = await buildDevice(owner, {
    sn,
    commPassword: '12345678',
    protocol: 'custom',
    templateId: res.json().data.id,
    queryInterval: 1,
  });
  return { id, sn, ids };
}

/** The values of the device's last poll, by point name. */
function lastValues(deviceId: number, ids: Map<string, number>): Record<string, unknown> {
  const batch = telemetry.batches.filter((b) => b.deviceId === deviceId).at(-1);
  const byId = new Map(batch?.readings.map((r) => [r.pointId, r.value]) ?? []);
  return Object.fromEntries([...ids].filter(([, id]) => byId.has(id)).map(([name, id]) => [name, byId.get(id)]));
}

const sensor = (address = 1) =>
  new CustomDevice(definition, { address, values: { level: 2.31, temp: -4.5, setpoint: 3 } });

describe('a custom protocol behind a DTU', () => {
  it('polls the device with its request frame and stores each point from the answer', async () => {
    const tank = await device(
      'Custom level read',
      [1],
      [
        customPoint('Tank level', 'level'),
        customPoint('Water temp', 'temp', { precision: 1 }),
        customPoint('Level setpoint', 'setpoint', { readWrite: 'readWrite' }),
      ],
    );
    const dtu = startTestDtu(server, {
      sn: tank.sn,
      password: '12345678',
      framing: 'custom',
      customDevices: [sensor()],
    });
    try {
      await expect
        .poll(() => lastValues(tank.id, tank.ids), { timeout: 10_000 })
        .toEqual({ 'Tank level': 2.31, 'Water temp': -4.5, 'Level setpoint': 3 });
      dtu.options.customDevices?.[0]?.set('level', 2.4);
      await expect.poll(() => lastValues(tank.id, tank.ids)['Tank level'], { timeout: 10_000 }).toBe(2.4);

      // A write goes out in the point's write frame; the device takes it and the next poll reads it back.
      const connection = [...server.connections].find((c) => c.deviceId === tank.id);
      await connection?.write(tank.ids.get('Level setpoint') ?? 0, 3.25);
      expect(dtu.options.customDevices?.[0]?.values.get('setpoint')).toBe(3.25);
      await expect.poll(() => lastValues(tank.id, tank.ids)['Level setpoint'], { timeout: 10_000 }).toBe(3.25);
      await expect(connection?.write(tank.ids.get('Tank level') ?? 0, 1)).rejects.toMatchObject({
        key: 'gateway.readOnly',
      });
    } finally {
      dtu.stop();
    }
  });

  it('counts a bad checksum as the other protocols do, keeps the link, and reads on', async () => {
    const tank = await device('Custom level errors', [1], [customPoint('Tank level', 'level')]);
    const dtu = startTestDtu(server, {
      sn: tank.sn,
      password: '12345678',
      framing: 'custom',
      customDevices: [sensor()],
    });
    try {
      await expect.poll(() => lastValues(tank.id, tank.ids), { timeout: 10_000 }).toEqual({ 'Tank level': 2.31 });
      const connection = [...server.connections].find((c) => c.deviceId === tank.id);
      dtu.inject('badCrc', 2);
      await expect.poll(() => connection?.counters.failures.badCrc ?? 0, { timeout: 10_000 }).toBe(2);
      dtu.options.customDevices?.[0]?.set('level', 1.5);
      await expect.poll(() => lastValues(tank.id, tank.ids), { timeout: 10_000 }).toEqual({ 'Tank level': 1.5 });
      expect(connection?.isClosed).toBe(false);
    } finally {
      dtu.stop();
    }
  });

  it('puts the device in fault when a sensor never answers (timeout), and keeps reading the other', async () => {
    const tank = await device(
      'Custom level silent',
      [1, 9],
      [customPoint('Tank level', 'level'), customPoint('Gone level', 'level', { slaveIndex: 2 })],
    );
    const dtu = startTestDtu(server, {
      sn: tank.sn,
      password: '12345678',
      framing: 'custom',
      customDevices: [sensor()],
    });
    try {
      await expect
        .poll(() => telemetry.events.filter((e) => e.deviceId === tank.id && e.event === 'fault'), {
          timeout: 15_000,
        })
        .toEqual([{ deviceId: tank.id, event: 'fault', reason: 'slaveNoReply' }]);
      expect(lastValues(tank.id, tank.ids)).toEqual({ 'Tank level': 2.31 });
      const connection = [...server.connections].find((c) => c.deviceId === tank.id);
      expect(connection?.counters.failures.noReply ?? 0).toBeGreaterThan(0);
    } finally {
      dtu.stop();
    }
  }, 20_000);

  it('polls a meter whose checksums skip its wake-up bytes, and counts a sum over the whole frame as bad', async () => {
    const saved = await owner.post('/iot/protocols/custom', wokenMeter);
    expect(saved.statusCode, saved.body).toBe(200);
    const meter = await device(
      'Woken meter read',
      [7],
      [customPoint('Flow', 'flow', { precision: 1 }), customPoint('Total', 'total')],
      saved.json().data.id,
    );
    const woken = new CustomDevice(customProtocolInput.parse(wokenMeter), {
      address: 7,
      values: { flow: 12.5, total: 1234.56 },
    });
    // The device's own request check: the sum of 68 07 01 90 1F (1F), without the FE bytes.
    expect(woken.handle(Buffer.from('FEFE680701901F1F16', 'hex'))).toBeDefined();
    const dtu = startTestDtu(server, { sn: meter.sn, password: '12345678', framing: 'custom', customDevices: [woken] });
    try {
      await expect
        .poll(() => lastValues(meter.id, meter.ids), { timeout: 10_000 })
        .toEqual({ Flow: 12.5, Total: 1234.56 });
      // A device summing from its first FE byte would be refused: the gateway checks from byte 2.
      const connection = [...server.connections].find((c) => c.deviceId === meter.id);
      const whole = new CustomDevice(customProtocolInput.parse({ ...wokenMeter, checksumFrom: 0 }), { address: 7 });
      dtu.options.customDevices = [whole];
      await expect.poll(() => connection?.counters.failures.badCrc ?? 0, { timeout: 10_000 }).toBeGreaterThan(0);
    } finally {
      dtu.stop();
    }
  });

  it('reads exactly the length an answer says, and refuses a length byte past the longest answer', async () => {
    const saved = await owner.post('/iot/protocols/custom', sizedMeter);
    expect(saved.statusCode, saved.body).toBe(200);
    const meter = await device(
      'Sized meter read',
      [4],
      [customPoint('Flow', 'flow', { precision: 1 }), customPoint('Total', 'total', { precision: 0 })],
      saved.json().data.id,
    );
    const sized = new CustomDevice(customProtocolInput.parse(sizedMeter), {
      address: 4,
      values: { flow: 7.5, total: 40000 },
    });
    // 68 04 81 L=06 flow total sum: 11 bytes, shorter than the longest answer.
    expect(sized.answer().length).toBe(11);
    const dtu = startTestDtu(server, { sn: meter.sn, password: '12345678', framing: 'custom', customDevices: [sized] });
    try {
      await expect
        .poll(() => lastValues(meter.id, meter.ids), { timeout: 10_000 })
        .toEqual({ Flow: 7.5, Total: 40000 });
      // A device whose length byte says 20 bytes, more than the 16 the protocol takes: malformed.
      const connection = [...server.connections].find((c) => c.deviceId === meter.id);
      const liar = new CustomDevice(customProtocolInput.parse({ ...sizedMeter, lengthAdjust: -4 }), { address: 4 });
      dtu.options.customDevices = [liar];
      await expect.poll(() => connection?.counters.failures.malformed ?? 0, { timeout: 10_000 }).toBeGreaterThan(0);
    } finally {
      dtu.stop();
    }
  });

  it("checks a write's answer against its pattern: a refusal is an Execution failure and the value stays", async () => {
    const checked = {
      ...levelSensor,
      name: 'Level sensor checked',
      points: levelSensor.points.map((p) => (p.write ? { ...p, writeAnswer: '{addr:1} 06 00 02 ?? ?? ?? ??' } : p)),
    };
    const saved = await owner.post('/iot/protocols/custom', checked);
    expect(saved.statusCode, saved.body).toBe(200);
    const tank = await device(
      'Custom level checked',
      [1],
      [customPoint('Level setpoint', 'setpoint', { readWrite: 'readWrite' })],
      saved.json().data.id,
    );
    const sensor = new CustomDevice(customProtocolInput.parse(checked), { address: 1, values: { setpoint: 3 } });
    const dtu = startTestDtu(server, { sn: tank.sn, password: '12345678', framing: 'custom', customDevices: [sensor] });
    try {
      await expect.poll(() => lastValues(tank.id, tank.ids), { timeout: 10_000 }).toEqual({ 'Level setpoint': 3 });
      const connection = [...server.connections].find((c) => c.deviceId === tank.id);
      const setpoint = tank.ids.get('Level setpoint') ?? 0;
      await connection?.write(setpoint, 3.5);
      expect(sensor.values.get('setpoint')).toBe(3.5);
      // The device answers a Modbus exception instead: the write did not happen, and the user is told so.
      sensor.writeRefusal = Buffer.from('0186 02 C3A1'.replace(/ /g, ''), 'hex');
      await expect(connection?.write(setpoint, 4)).rejects.toMatchObject({ key: 'gateway.command.failed' });
      expect(sensor.values.get('setpoint')).toBe(3.5);
      await expect.poll(() => lastValues(tank.id, tank.ids), { timeout: 10_000 }).toEqual({ 'Level setpoint': 3.5 });
    } finally {
      dtu.stop();
    }
  });

  it("refuses a template point that is not one of the protocol's, or written without a write frame", async () => {
    const res = await owner.post('/iot/templates', {
      name: 'Custom level wrong',
      protocol: 'custom',
      customProtocolId: protocolId,
      slaves: [{ index: 1, name: 'Tank 1 sensor', address: 1 }],
      points: [customPoint('Tank depth', 'depth'), customPoint('Tank level', 'level', { readWrite: 'readWrite' })],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toEqual([
      { field: 'points[0].dataIdentifier', msg: 'The protocol "Level sensor" has no data point depth' },
      {
        field: 'points[1].readWrite',
        msg: 'Data point level of the protocol "Level sensor" has no write frame: read-only data points do not support this operation',
      },
    ]);
    const missing = await owner.post('/iot/templates', { name: 'Custom no protocol', protocol: 'custom' });
    expect(missing.json().data).toEqual([
      { field: 'customProtocolId', msg: 'Choose the custom protocol the devices speak' },
    ]);
  });
});
