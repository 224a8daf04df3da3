import { translate } from '@meridian/contracts';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, memoryLogger, type TestApp } from '../../../test/app.ts';
import type { AppError } from '../../platform/http/errors.ts';
import { linksFor } from '../gateway/links.ts';
import { telemetryFor } from '../telemetry/index.ts';
import { type RunningBroker, startBroker } from './broker.ts';
import { directoryFor } from './directory.ts';
import { buildMqttWorld, connectDevice, type MqttWorld, RecordingTelemetry } from './testing.ts';

let t: TestApp;
let world: MqttWorld;
let broker: RunningBroker;
const telemetry = new RecordingTelemetry();
const { logger, lines } = memoryLogger();
const clients: MqttClient[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  world = await buildMqttWorld(t);
  broker = await startBroker({
    db: t.db,
    log: logger,
    telemetry,
    port: 0,
    host: '127.0.0.1',
    retentionDays: 35,
    commandTimeoutMs: 300,
  });
});
afterAll(async () => {
  for (const c of clients) c.end(true);
  await broker.stop();
  await t.close();
});

async function device(body: Record<string, unknown> = {}) {
  const d = await world.addDevice(body);
  return {
    ...d,
    connect: async (options = {}) => {
      const client = await connectDevice(broker.port, d.sn, options);
      clients.push(client);
      return client;
    },
  };
}

const up = (client: MqttClient, sn: string, message: unknown, qos: 0 | 1 = 1) =>
  client.publishAsync(`devices/${sn}/up`, typeof message === 'string' ? message : JSON.stringify(message), { qos });

const closed = (client: MqttClient) =>
  new Promise<void>((resolve) => (client.connected ? client.once('close', () => resolve()) : resolve()));

describe('connecting an MQTT device', () => {
  it('lets in an enabled mqttJson device by SN and password, online over MQTT with a link', async () => {
    const d = await device();
    await d.connect();
    await expect.poll(() => telemetry.online_.some((o) => o.deviceId === d.id), { timeout: 5_000 }).toBe(true);
    expect(telemetry.online_.find((o) => o.deviceId === d.id)?.via).toBe('mqtt');
    expect(linksFor(t.db).get(d.id)?.transport).toBe('mqtt');
  });

  it('refuses an unknown SN, a wrong password, another client id, a disabled or non-MQTT device, each counted and logged', async () => {
    const good = await device();
    const disabled = await device({ enabled: false });
    const dtu = await device({ protocol: 'modbusRtu' });
    const before = broker.counters.counts.refusedConnect;
    const attempts: Array<[string, Record<string, unknown>, string]> = [
      ['SN00000000000000000X', { clientId: 'SN00000000000000000X', username: 'SN00000000000000000X' }, 'unknownSn'],
      [good.sn, { password: 'Wrong123' }, 'badPassword'],
      [good.sn, { clientId: 'someone-else' }, 'clientIdMismatch'],
      [disabled.sn, {}, 'disabled'],
      [dtu.sn, {}, 'notMqtt'],
    ];
    for (const [sn, options, reason] of attempts) {
      await expect(connectDevice(broker.port, sn, options)).rejects.toThrow(/Bad username or password/);
      expect(lines.some((l) => l.refused === 'refusedConnect' && l.detail === reason)).toBe(true);
    }
    expect(broker.counters.counts.refusedConnect - before).toBe(attempts.length);
    expect(telemetry.online_.some((o) => [good.id, disabled.id, dtu.id].includes(o.deviceId))).toBe(false);
  });

  it('slows connects from an address after repeated failures, without refusing the good ones', async () => {
    const d = await device();
    // A device let in clears the address's failures (the test before left some).
    (await d.connect()).end(true);
    for (let i = 0; i < 5; i++) {
      await expect(connectDevice(broker.port, d.sn, { password: 'Wrong123' })).rejects.toThrow(
        /Bad username or password/,
      );
    }
    const throttled = broker.counters.counts.throttled;
    const client = await d.connect();
    expect(client.connected).toBe(true);
    expect(broker.counters.counts.throttled - throttled).toBe(1);
    expect(lines.some((l) => l.msg === 'mqtt connects from this address slowed')).toBe(true);
  });
});

describe('values up', () => {
  it('maps point names to points, applies precision, and refuses unknown names and wrong types alone', async () => {
    const d = await device();
    const client = await d.connect();
    const ts = Date.now() - 60_000;
    await up(client, d.sn, {
      ts,
      values: { Temperature: 21.456, Pump: true, Label: 'running', Place: '113.94,22.54', Unknown: 1, Pump2: 'x' },
    });
    const record = telemetry.records.find((r) => r.deviceId === d.id);
    expect(record?.at).toBe(ts);
    expect(record?.readings).toEqual([
      { pointId: world.points.temperature, value: 21.5 },
      { pointId: world.points.pump, value: true },
      { pointId: world.points.label, value: 'running' },
      { pointId: world.points.place, value: '113.94,22.54' },
    ]);
    const before = broker.counters.counts.wrongType;
    await up(client, d.sn, { values: { Temperature: 'hot', Pump: 2, Place: '500,1', Label: 7 } });
    expect(broker.counters.counts.wrongType - before).toBe(4);
    expect(lines.some((l) => l.sn === d.sn && Array.isArray(l.refused))).toBe(true);
  });

  it('acknowledges a QoS 1 message only once its values are committed', async () => {
    const d = await device();
    const client = await d.connect();
    telemetry.hold = true;
    let acked = false;
    const publish = up(client, d.sn, { values: { Temperature: 30 } }).then(() => {
      acked = true;
    });
    await expect.poll(() => telemetry.heldCount, { timeout: 5_000 }).toBe(1);
    expect(acked).toBe(false);
    expect(telemetry.records.some((r) => r.deviceId === d.id)).toBe(false);
    telemetry.hold = false;
    telemetry.release();
    await publish;
    expect(acked).toBe(true);
    expect(telemetry.records.some((r) => r.deviceId === d.id)).toBe(true);
  });

  it('drops the connection without an ack when the values cannot be stored, so the device sends them again', async () => {
    const d = await device();
    const client = await d.connect();
    const before = broker.counters.counts.storeFailed;
    telemetry.fail = true;
    let acked = false;
    void up(client, d.sn, { values: { Temperature: 1 } }).then(
      () => {
        acked = true;
      },
      () => undefined,
    );
    await closed(client);
    telemetry.fail = false;
    expect(acked).toBe(false);
    expect(broker.counters.counts.storeFailed - before).toBe(1);
  });

  it('acknowledges and counts malformed JSON, keeping the connection', async () => {
    const d = await device();
    const client = await d.connect();
    const { malformed } = { ...broker.counters.counts };
    await up(client, d.sn, '{"values": {"Temperature": 1');
    await up(client, d.sn, '[1, 2]');
    await up(client, d.sn, { values: 'Temperature=1' });
    expect(broker.counters.counts.malformed - malformed).toBe(3);
    expect(client.connected).toBe(true);
    await up(client, d.sn, { values: { Temperature: 5 } });
    expect(telemetry.records.some((r) => r.deviceId === d.id)).toBe(true);
  });

  it('hands status messages to network monitoring', async () => {
    const d = await device();
    const client = await d.connect();
    await client.publishAsync(`devices/${d.sn}/status`, JSON.stringify({ signal: -71, battery: 88 }), { qos: 1 });
    expect(telemetry.network_).toContainEqual({ deviceId: d.id, stats: { signal: -71, battery: 88 } });
  });
});

describe('size limits', () => {
  const MB = 1024 * 1024;
  /** An up message of exactly `bytes` bytes: a good message padded with JSON whitespace. */
  const padded = (bytes: number, value: number) => {
    const message = JSON.stringify({ values: { Temperature: value } });
    return message + ' '.repeat(bytes - message.length);
  };
  /** MQTT's remaining length: seven bits a byte, least significant first. */
  const remainingLength = (n: number) => {
    const bytes: number[] = [];
    do {
      bytes.push((n % 128) | (n >= 128 ? 0x80 : 0));
      n = Math.floor(n / 128);
    } while (n > 0);
    return bytes;
  };

  it('stores a message of exactly 64 KiB, and closes and counts the connection of one a byte larger', async () => {
    const d = await device();
    const client = await d.connect();
    const before = broker.counters.counts.tooLarge;
    await up(client, d.sn, padded(64 * 1024, 64));
    expect(telemetry.records.at(-1)).toEqual(
      expect.objectContaining({ deviceId: d.id, readings: [{ pointId: world.points.temperature, value: 64 }] }),
    );
    expect(client.connected).toBe(true);
    const gone = closed(client);
    void up(client, d.sn, padded(64 * 1024 + 1, 65)).catch(() => undefined);
    await gone;
    expect(broker.counters.counts.tooLarge - before).toBe(1);
    expect(telemetry.records.some((r) => r.deviceId === d.id && r.readings[0]?.value === 65)).toBe(false);
    await expect.poll(() => telemetry.offline_.some((o) => o.deviceId === d.id), { timeout: 5_000 }).toBe(true);
    expect(telemetry.offline_.find((o) => o.deviceId === d.id)?.reason).toBe('disconnected');
  });

  it('closes a signed-in device streaming a 100 MB publish at its header, counted and logged', async () => {
    const d = await device();
    const client = await d.connect();
    const before = broker.counters.counts.tooLarge;
    const gone = closed(client);
    // A QoS 1 PUBLISH header announcing 100 MB, then its bytes, until the broker closes.
    client.stream.write(Buffer.from([0x32, ...remainingLength(100 * MB)]));
    const chunk = Buffer.alloc(64 * 1024);
    let written = 0;
    const stream = () => {
      while (written < 100 * MB && !client.stream.destroyed) {
        written += chunk.length;
        if (!client.stream.write(chunk)) return void client.stream.once('drain', stream);
      }
    };
    stream();
    await gone;
    expect(broker.counters.counts.tooLarge - before).toBe(1);
    expect(lines).toContainEqual(
      expect.objectContaining({
        refused: 'tooLarge',
        sn: d.sn,
        detail: expect.stringContaining(`a publish packet of ${100 * MB} bytes (at most`),
      }),
    );
    await expect.poll(() => telemetry.offline_.some((o) => o.deviceId === d.id), { timeout: 5_000 }).toBe(true);
    expect(telemetry.offline_.find((o) => o.deviceId === d.id)?.reason).toBe('disconnected');
  });

  it('closes a CONNECT larger than 4 KiB before signing anyone in, and counts it', async () => {
    const d = await device();
    const { tooLarge, refusedConnect, connected } = { ...broker.counters.counts };
    const will = { topic: `devices/${d.sn}/status`, payload: Buffer.alloc(5000), qos: 0 as const, retain: false };
    await expect(connectDevice(broker.port, d.sn, { will })).rejects.toThrow();
    expect(broker.counters.counts.tooLarge - tooLarge).toBe(1);
    expect(broker.counters.counts.refusedConnect - refusedConnect).toBe(0);
    expect(broker.counters.counts.connected - connected).toBe(0);
    expect(lines).toContainEqual(
      expect.objectContaining({ refused: 'tooLarge', detail: expect.stringContaining('before sign-in') }),
    );
  });

  it('closes a connection that trickles its CONNECT past the connect timeout, and counts it', async () => {
    const slow = await startBroker({
      db: t.db,
      log: logger,
      telemetry,
      port: 0,
      host: '127.0.0.1',
      retentionDays: 35,
      connectTimeoutMs: 300,
    });
    try {
      const before = slow.counters.counts.connectTimedOut;
      const { createConnection } = await import('node:net');
      const socket = createConnection(slow.port, '127.0.0.1');
      socket.on('error', () => undefined);
      const gone = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      // A CONNECT header announcing 60 bytes, then one byte every 50 ms: 3 s in all, if let.
      socket.write(Buffer.from([0x10, 60]));
      let sent = 0;
      const trickle = setInterval(() => {
        if (sent++ < 60 && !socket.destroyed) socket.write(Buffer.from([0]));
      }, 50);
      const started = Date.now();
      try {
        await gone;
      } finally {
        clearInterval(trickle);
      }
      expect(Date.now() - started).toBeLessThan(2000);
      expect(slow.counters.counts.connectTimedOut - before).toBe(1);
    } finally {
      await slow.stop();
    }
  });
});

describe('topics', () => {
  it('closes the connection of a device publishing on another device’s topic', async () => {
    const d = await device();
    const other = await device();
    const client = await d.connect();
    const before = broker.counters.counts.forbiddenTopic;
    void up(client, other.sn, { values: { Temperature: 1 } }).catch(() => undefined);
    await closed(client);
    expect(broker.counters.counts.forbiddenTopic - before).toBe(1);
    expect(telemetry.records.some((r) => r.deviceId === other.id)).toBe(false);
  });

  it('refuses a subscription to another device’s commands, keeping the connection', async () => {
    const d = await device();
    const other = await device();
    const client = await d.connect();
    const before = broker.counters.counts.forbiddenSubscribe;
    await expect(client.subscribeAsync(`devices/${other.sn}/down`, { qos: 1 })).rejects.toThrow(/Subscribe error/);
    expect(broker.counters.counts.forbiddenSubscribe - before).toBe(1);
    const own = await client.subscribeAsync(`devices/${d.sn}/down`, { qos: 1 });
    expect(own[0]?.qos).toBe(1);
    expect(client.connected).toBe(true);
  });
});

describe('commands down', () => {
  async function commanded(answer: ((id: string) => unknown) | null) {
    const d = await device();
    const client = await d.connect();
    const received: unknown[] = [];
    client.on('message', (_topic, payload) => {
      const command = JSON.parse(payload.toString()) as { id: string };
      received.push(command);
      if (answer) void client.publishAsync(`devices/${d.sn}/ack`, JSON.stringify(answer(command.id)), { qos: 1 });
    });
    await client.subscribeAsync(`devices/${d.sn}/down`, { qos: 1 });
    const link = linksFor(t.db).get(d.id);
    if (!link) throw new Error('no link');
    return { d, link, received };
  }

  it('publishes the write on the device’s down topic and resolves on its ack', async () => {
    const { link, received } = await commanded((id) => ({ id, ok: true }));
    await link.write(world.points.pump, true);
    expect(received).toEqual([{ id: expect.any(String), write: { Pump: true } }]);
  });

  it('reports an execution failure with the device’s reason', async () => {
    const { link } = await commanded((id) => ({ id, ok: false, error: 'valve jammed' }));
    const error = (await link.write(world.points.temperature, 40).catch((e: unknown) => e)) as AppError;
    expect(translate(error.key, 'en', error.params)).toBe('Execution failure: valve jammed');
  });

  it('reports no reply when the device does not ack in time', async () => {
    const { link } = await commanded(null);
    const error = (await link.write(world.points.temperature, 40).catch((e: unknown) => e)) as AppError;
    expect(translate(error.key, 'en', error.params)).toBe(
      'Device no reply: the command was not acknowledged within 1 s',
    );
  });

  it('refuses a point the device’s template does not have as a command format error', async () => {
    const { link } = await commanded(null);
    const error = (await link.write(999_999, 1).catch((e: unknown) => e)) as AppError;
    expect(translate(error.key, 'en', error.params)).toBe(
      'Command format error: the device template has no such data point',
    );
  });

  it('has no Data Debugging', async () => {
    const { link } = await commanded(null);
    expect(link.debug).toBeUndefined();
  });
});

describe('a second connection of the same device', () => {
  it('replaces the first without an offline record; closing the second records offline', async () => {
    const d = await device();
    const first = await d.connect();
    await expect.poll(() => linksFor(t.db).get(d.id), { timeout: 5_000 }).not.toBeUndefined();
    const firstLink = linksFor(t.db).get(d.id);
    const second = await d.connect();
    await closed(first);
    await expect.poll(() => linksFor(t.db).get(d.id), { timeout: 5_000 }).not.toBe(firstLink);
    expect(telemetry.offline_.some((o) => o.deviceId === d.id)).toBe(false);
    expect(second.connected).toBe(true);
    await second.endAsync();
    await expect.poll(() => telemetry.offline_.some((o) => o.deviceId === d.id), { timeout: 5_000 }).toBe(true);
    expect(telemetry.offline_.find((o) => o.deviceId === d.id)?.reason).toBe('disconnected');
    expect(linksFor(t.db).get(d.id)).toBeUndefined();
    expect(telemetry.network_.some((n) => n.deviceId === d.id && (n.stats.bytesIn ?? 0) > 0)).toBe(true);
  });
});

describe('with the real telemetry writer', () => {
  it('has every value it acknowledged in the history table', async () => {
    const real = await startBroker({
      db: t.db,
      log: logger,
      telemetry: telemetryFor(t.db, t.config, logger),
      port: 0,
      host: '127.0.0.1',
      retentionDays: 35,
    });
    try {
      const d = await world.addDevice();
      const client = await connectDevice(real.port, d.sn);
      const base = Date.now() - 100_000;
      // Ten in flight at once; each is looked up the moment its PUBACK arrives.
      const found = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          up(client, d.sn, { ts: base + i, values: { Temperature: i } }).then(() =>
            t.db.kysely
              .selectFrom('telemetry')
              .select('num')
              .where('device_id', '=', d.id)
              .where('ts', '=', base + i)
              .executeTakeFirst(),
          ),
        ),
      );
      expect(found.map((row) => row?.num)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
      await client.endAsync();
    } finally {
      await real.stop();
    }
  });
});

describe('a device disabled while connected', () => {
  it('is disconnected at once when disabled on the device page, offline as disabled', async () => {
    const d = await device();
    const client = await d.connect();
    await expect.poll(() => linksFor(t.db).get(d.id), { timeout: 5_000 }).not.toBeUndefined();
    const disabled = await world.owner.post(`/iot/devices/${d.id}/disable`);
    expect(disabled.statusCode).toBe(200);
    await closed(client);
    await expect.poll(() => telemetry.offline_.some((o) => o.deviceId === d.id), { timeout: 5_000 }).toBe(true);
    expect(telemetry.offline_.find((o) => o.deviceId === d.id)?.reason).toBe('disabled');
  });

  it('is let go at its next message when another process disabled it, its values not stored', async () => {
    const d = await device();
    const client = await d.connect();
    await t.db.kysely.updateTable('devices').set({ enabled: false }).where('id', '=', d.id).execute();
    directoryFor(t.db).clear();
    const gone = closed(client);
    void up(client, d.sn, { values: { Temperature: 3 } }).catch(() => undefined);
    await gone;
    await expect.poll(() => telemetry.offline_.some((o) => o.deviceId === d.id), { timeout: 5_000 }).toBe(true);
    expect(telemetry.offline_.find((o) => o.deviceId === d.id)?.reason).toBe('disabled');
    expect(telemetry.records.some((r) => r.deviceId === d.id)).toBe(false);
  });
});
