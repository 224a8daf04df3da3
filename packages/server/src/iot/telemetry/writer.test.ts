import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { samplePoint, sampleTemplate } from '../templates/testing.ts';
import { liveFor } from './live.ts';
import { buildTelemetryWorld, historyOf, quietLog, type TelemetryWorld } from './testing.ts';
import { TelemetryWriter } from './writer.ts';

let t: TestApp;
let w: TelemetryWorld;
const T0 = Date.UTC(2025, 0, 10, 8, 0, 0);

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildTelemetryWorld(t);
});
afterAll(async () => {
  await w.telemetry.close();
  await t.close();
});

const latestOf = (deviceId: number) =>
  t.db.kysely
    .selectFrom('telemetry_latest')
    .select(['point_id', 'ts', 'num', 'text'])
    .where('device_id', '=', deviceId)
    .execute();

describe('telemetry storage rules', () => {
  it('timed stores every reading, none stores nothing, and the latest value of every point is kept', async () => {
    const device = await w.addDevice();
    const { humidity, setpoint } = w.points;
    for (let i = 0; i < 3; i++) {
      await w.telemetry.record({
        deviceId: device,
        at: T0 + i * 1000,
        readings: [
          { pointId: humidity, value: 40 + i },
          { pointId: setpoint, value: 20 + i },
        ],
      });
    }
    expect((await historyOf(t, device, humidity)).map((r) => r.num)).toEqual([40, 41, 42]);
    expect(await historyOf(t, device, setpoint)).toEqual([]);
    const latest = await latestOf(device);
    expect(latest.find((r) => r.point_id === setpoint)).toMatchObject({ ts: T0 + 2000, num: 22 });
    expect(latest.find((r) => r.point_id === humidity)).toMatchObject({ ts: T0 + 2000, num: 42 });
  });

  it('on change stores the first reading, then only a move of more than the amplitude from the last stored value', async () => {
    const device = await w.addDevice();
    const { temperature } = w.points;
    // 0.5 is the amplitude: exactly 0.5 away does not store, 0.51 away does; small steps add up
    // against the last stored value, not the last reading.
    const values = [20, 20.5, 19.5, 20.51, 20.8, 21.0, 21.02];
    for (const [i, value] of values.entries()) {
      await w.telemetry.record({ deviceId: device, at: T0 + i * 1000, readings: [{ pointId: temperature, value }] });
    }
    expect((await historyOf(t, device, temperature)).map((r) => r.num)).toEqual([20, 20.51, 21.02]);
    expect((await latestOf(device)).find((r) => r.point_id === temperature)).toMatchObject({ num: 21.02 });
  });

  it('measures the amplitude from what is stored after a restart', async () => {
    const device = await w.addDevice();
    const { temperature } = w.points;
    await w.telemetry.record({ deviceId: device, at: T0, readings: [{ pointId: temperature, value: 30 }] });
    await w.telemetry.close();
    const { telemetryFor } = await import('./index.ts');
    w.telemetry = telemetryFor(t.db, t.config, quietLog);
    await w.telemetry.record({ deviceId: device, at: T0 + 1000, readings: [{ pointId: temperature, value: 30.4 }] });
    await w.telemetry.record({ deviceId: device, at: T0 + 2000, readings: [{ pointId: temperature, value: 30.6 }] });
    expect((await historyOf(t, device, temperature)).map((r) => r.num)).toEqual([30, 30.6]);
  });

  it('keeps the newest value when an older reading arrives late', async () => {
    const device = await w.addDevice();
    const { setpoint } = w.points;
    await w.telemetry.record({ deviceId: device, at: T0 + 5000, readings: [{ pointId: setpoint, value: 5 }] });
    await w.telemetry.record({ deviceId: device, at: T0, readings: [{ pointId: setpoint, value: 1 }] });
    expect((await latestOf(device)).find((r) => r.point_id === setpoint)).toMatchObject({ ts: T0 + 5000, num: 5 });
  });

  it('writes many records in one flush and resolves each once committed', async () => {
    const devices = [await w.addDevice(), await w.addDevice(), await w.addDevice()];
    const { humidity } = w.points;
    const writes = devices.flatMap((deviceId, d) =>
      Array.from({ length: 50 }, (_, i) =>
        w.telemetry.record({ deviceId, at: T0 + i * 1000, readings: [{ pointId: humidity, value: d * 100 + i }] }),
      ),
    );
    await Promise.all(writes);
    for (const [d, deviceId] of devices.entries()) {
      const rows = await historyOf(t, deviceId, humidity);
      expect(rows).toHaveLength(50);
      expect(rows[49]?.num).toBe(d * 100 + 49);
    }
  });

  it('keeps strings as text and switches as 1 and 0, and skips empty values', async () => {
    const device = await w.addDevice();
    const { humidity, setpoint } = w.points;
    await w.telemetry.record({
      deviceId: device,
      at: T0,
      readings: [
        { pointId: humidity, value: 'E01' },
        { pointId: setpoint, value: true },
      ],
    });
    await w.telemetry.record({ deviceId: device, at: T0 + 1, readings: [{ pointId: setpoint, value: null }] });
    expect(await historyOf(t, device, humidity)).toEqual([{ ts: T0, num: null, text: 'E01' }]);
    expect((await latestOf(device)).find((r) => r.point_id === setpoint)).toMatchObject({ ts: T0, num: 1 });
  });

  it('keeps text with quotes, backslashes, braces, commas and the word NULL exactly as sent', async () => {
    const device = await w.addDevice();
    const { humidity, setpoint } = w.points;
    const odd = ['say "hi", {x}\\y', 'NULL'];
    await w.telemetry.record({ deviceId: device, at: T0, readings: [{ pointId: humidity, value: odd[0] as string }] });
    await w.telemetry.record({
      deviceId: device,
      at: T0 + 1,
      readings: [{ pointId: humidity, value: odd[1] as string }],
    });
    await w.telemetry.record({ deviceId: device, at: T0 + 2, readings: [{ pointId: setpoint, value: -1.5e-7 }] });
    expect((await historyOf(t, device, humidity)).map((r) => r.text)).toEqual(odd);
    expect((await latestOf(device)).find((r) => r.point_id === humidity)).toMatchObject({ text: 'NULL', num: null });
    expect((await latestOf(device)).find((r) => r.point_id === setpoint)).toMatchObject({ num: -1.5e-7 });
  });

  it('keeps nothing of a disabled device', async () => {
    const device = await w.addDevice({ enabled: false });
    await w.telemetry.record({ deviceId: device, at: T0, readings: [{ pointId: w.points.humidity, value: 1 }] });
    expect(await latestOf(device)).toEqual([]);
  });

  it('follows an edited template: a point that stored nothing stores once the template says so', async () => {
    const device = await w.addDevice();
    const writer = new TelemetryWriter(t.db, liveFor(t.db, t.config.databaseUrl, quietLog), quietLog, {
      rulesRecheckMs: 0,
    });
    await writer.record({ deviceId: device, at: T0, readings: [{ pointId: w.points.setpoint, value: 1 }] });
    expect(await historyOf(t, device, w.points.setpoint)).toEqual([]);

    const template = (await w.owner.get(`/iot/templates/${w.templateId}`)).json().data;
    const edited = await w.owner.call('PUT', `/iot/templates/${w.templateId}`, {
      name: template.name,
      protocol: template.protocol,
      description: template.description,
      slaves: template.slaves.map((s: Record<string, unknown>) => ({
        index: s.index,
        name: s.name,
        address: s.address,
      })),
      points: [...(sampleTemplate('x').points as object[]), samplePoint({ storage: 'timed' })],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const setpoint = (edited.json().data.points as Array<{ id: number; name: string }>).find(
      (p) => p.name === 'Setpoint',
    )?.id as number;
    await writer.record({ deviceId: device, at: T0 + 1000, readings: [{ pointId: setpoint, value: 2 }] });
    expect((await historyOf(t, device, setpoint)).map((r) => r.num)).toEqual([2]);
    await writer.close();
  });
});
