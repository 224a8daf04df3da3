import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, memoryLogger, type TestApp } from '../../../test/app.ts';
import { type RunningBroker, startBroker } from './broker.ts';
import { BadMessage, decodeAck, decodeStatus, decodeUp, devicePoints } from './decode.ts';
import { buildMqttWorld, connectDevice, type MqttWorld, RecordingTelemetry } from './testing.ts';

/** A small seeded generator, so that a failure can be replayed. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  const int = (n: number) => Math.floor(next() * n);
  return { next, int, pick: <T>(list: readonly T[]) => list[int(list.length)] as T };
}

const GOOD = [
  '{"values":{"Temperature":21.5,"Pump":true}}',
  '{"ts":1767225600000,"values":{"Label":"ok","Place":"113.9,22.5"}}',
  '{"signal":-71,"battery":88}',
  '{"id":"a","ok":false,"error":"x"}',
];
const PIECES = [
  '{',
  '}',
  '[',
  ']',
  '"',
  ':',
  ',',
  'null',
  'true',
  '1e999',
  '-0',
  '"values"',
  '"ts"',
  '\\u0000',
  '\u00ff',
  ' ',
  'NaN',
  '{"values":',
];

/** A random or mutated payload: random bytes, a good message cut, bytes flipped, or pieces glued. */
function payloadOf(g: ReturnType<typeof generator>): Buffer {
  const base = Buffer.from(g.pick(GOOD));
  switch (g.int(4)) {
    case 0:
      return Buffer.from(Array.from({ length: g.int(200) }, () => g.int(256)));
    case 1:
      return base.subarray(0, g.int(base.length));
    case 2: {
      const copy = Buffer.from(base);
      for (let i = 0; i < 1 + g.int(4); i++) copy[g.int(copy.length)] = g.int(256);
      return copy;
    }
    default:
      return Buffer.from(Array.from({ length: 1 + g.int(12) }, () => g.pick(PIECES)).join(''));
  }
}

describe('fuzzing the decoder', () => {
  it('never throws anything but a refusal on 20,000 random and mutated payloads', () => {
    const g = generator(5);
    const points = devicePoints([
      { id: 1, name: 'Temperature', dataType: 'numeric', precision: 1 },
      { id: 2, name: 'Pump', dataType: 'switch', precision: 0 },
      { id: 3, name: 'Label', dataType: 'character', precision: 0 },
      { id: 4, name: 'Place', dataType: 'location', precision: 0 },
    ]);
    let refused = 0;
    const strays: unknown[] = [];
    for (let i = 0; i < 20_000; i++) {
      const payload = payloadOf(g);
      for (const decode of [
        () => decodeUp(payload, points, Date.now(), 35 * 86_400_000),
        () => decodeStatus(payload),
        () => decodeAck(payload),
      ]) {
        try {
          const result = decode();
          if ('readings' in result && result.readings.some((r) => !points.byId.has(r.pointId))) strays.push(result);
        } catch (error) {
          if (error instanceof BadMessage) refused++;
          else strays.push(error);
        }
      }
    }
    expect(strays).toEqual([]);
    expect(refused).toBeGreaterThan(20_000);
  });

  it('refuses a name two points share as ambiguous', () => {
    const points = devicePoints([
      { id: 1, name: 'Level', dataType: 'numeric', precision: 0 },
      { id: 2, name: 'Level', dataType: 'numeric', precision: 0 },
    ]);
    expect(decodeUp('{"values":{"Level":3}}', points, Date.now(), 1e9).refused).toEqual([
      { name: 'Level', reason: 'ambiguousPoint' },
    ]);
  });
});

describe('fuzzing the broker', () => {
  let t: TestApp;
  let world: MqttWorld;
  let broker: RunningBroker;
  const telemetry = new RecordingTelemetry();

  beforeAll(async () => {
    t = await buildTestApp();
    world = await buildMqttWorld(t);
    broker = await startBroker({
      db: t.db,
      log: memoryLogger().logger,
      telemetry,
      port: 0,
      host: '127.0.0.1',
      retentionDays: 35,
    });
  });
  afterAll(async () => {
    await broker.stop();
    await t.close();
  });

  it('survives 3,000 random payloads on a device’s topics, counting them, and still stores a good message', async () => {
    const g = generator(11);
    const d = await world.addDevice();
    const client: MqttClient = await connectDevice(broker.port, d.sn);
    const counts = { ...broker.counters.counts };
    const sends: Array<Promise<unknown>> = [];
    for (let i = 0; i < 3000; i++) {
      const kind = g.pick(['up', 'status', 'ack'] as const);
      sends.push(client.publishAsync(`devices/${d.sn}/${kind}`, payloadOf(g), { qos: 1 }));
    }
    await Promise.all(sends);
    const bad = broker.counters.counts.malformed - counts.malformed;
    expect(bad).toBeGreaterThan(1000);
    expect(client.connected).toBe(true);
    await client.publishAsync(`devices/${d.sn}/up`, '{"values":{"Temperature":42}}', { qos: 1 });
    expect(telemetry.records.at(-1)).toEqual(
      expect.objectContaining({ deviceId: d.id, readings: [{ pointId: world.points.temperature, value: 42 }] }),
    );
    await client.endAsync();
  });

  it('survives garbage bytes and half packets on the raw socket, and still lets a device in', async () => {
    const g = generator(17);
    const { createConnection } = await import('node:net');
    for (let i = 0; i < 200; i++) {
      await new Promise<void>((resolve) => {
        const socket = createConnection(broker.port, '127.0.0.1', () => {
          socket.end(Buffer.from(Array.from({ length: 1 + g.int(300) }, () => g.int(256))));
        });
        socket.on('error', () => resolve());
        socket.on('close', () => resolve());
        socket.resume();
      });
    }
    const d = await world.addDevice();
    const client = await connectDevice(broker.port, d.sn);
    expect(client.connected).toBe(true);
    await client.endAsync();
  });
});
