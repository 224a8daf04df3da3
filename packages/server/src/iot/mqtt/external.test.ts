import { createHash, randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, memoryLogger, type TestApp } from '../../../test/app.ts';
import { mosquittoRuns as mosquittoRunsHere, type RunningMosquitto, startMosquitto } from '../../../test/mosquitto.ts';
import { linksFor } from '../gateway/links.ts';
import { simulatedDevice } from '../upgrade/testing.ts';
import type { RunningBroker } from './broker.ts';
import { startExternal } from './external.ts';
import { buildMqttWorld, type MqttWorld, RecordingTelemetry } from './testing.ts';

const mosquittoRuns = mosquittoRunsHere();

let t: TestApp;
let world: MqttWorld;
let mosquitto: RunningMosquitto;
let port: number;
let gateway: RunningBroker;
const telemetry = new RecordingTelemetry();

beforeAll(async () => {
  if (!mosquittoRuns) return;
  t = await buildTestApp();
  world = await buildMqttWorld(t);
  mosquitto = await startMosquitto();
  port = mosquitto.port;
  gateway = await startExternal({
    db: t.db,
    log: memoryLogger().logger,
    telemetry,
    url: `mqtt://127.0.0.1:${port}`,
    retentionDays: 35,
    clientId: `meridian-test-${port}`,
    commandTimeoutMs: 2000,
  });
});
afterAll(async () => {
  if (!mosquittoRuns) return;
  await gateway.stop();
  mosquitto.stop();
  await t.close();
});

/** The version a device last reported, as stored. */
async function versionOf(deviceId: number): Promise<string | undefined> {
  const row = await t.db.kysely
    .selectFrom('device_firmware')
    .select('version')
    .where('device_id', '=', deviceId)
    .executeTakeFirst();
  return row?.version ?? undefined;
}

/** A device on the external broker (which, here, lets anyone in). */
async function deviceClient(sn: string): Promise<MqttClient> {
  return mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { clientId: sn, username: sn, reconnectPeriod: 0 });
}

describe.runIf(mosquittoRuns)('an external broker (Mosquitto)', () => {
  it('stores what devices publish, through the shared subscription, and puts them online', async () => {
    const d = await world.addDevice();
    const client = await deviceClient(d.sn);
    await client.publishAsync(`devices/${d.sn}/up`, JSON.stringify({ values: { Temperature: 12.34 } }), { qos: 1 });
    await expect.poll(() => telemetry.records.some((r) => r.deviceId === d.id), { timeout: 5_000 }).toBe(true);
    expect(telemetry.records.find((r) => r.deviceId === d.id)?.readings).toEqual([
      { pointId: world.points.temperature, value: 12.3 },
    ]);
    expect(telemetry.online_).toContainEqual({ deviceId: d.id, via: 'mqtt' });
    await client.endAsync();
  });

  it('ignores, and counts, devices that are unknown or disabled', async () => {
    const disabled = await world.addDevice({ enabled: false });
    const before = gateway.counters.counts.forbiddenTopic;
    const client = await deviceClient(disabled.sn);
    await client.publishAsync(`devices/${disabled.sn}/up`, '{"values":{"Temperature":1}}', { qos: 1 });
    await client.publishAsync('devices/SN0000000000000000ZZ/up', '{"values":{"Temperature":1}}', { qos: 1 });
    await expect.poll(() => gateway.counters.counts.forbiddenTopic - before, { timeout: 5_000 }).toBe(2);
    expect(telemetry.records.some((r) => r.deviceId === disabled.id)).toBe(false);
    await client.endAsync();
  });

  it('does not acknowledge what it could not store, and gets it again', async () => {
    const d = await world.addDevice();
    const client = await deviceClient(d.sn);
    telemetry.fail = true;
    const failed = gateway.counters.counts.storeFailed;
    await client.publishAsync(`devices/${d.sn}/up`, '{"values":{"Temperature":7}}', { qos: 1 });
    await expect.poll(() => gateway.counters.counts.storeFailed, { timeout: 5_000 }).toBeGreaterThan(failed);
    telemetry.fail = false;
    await expect.poll(() => telemetry.records.some((r) => r.deviceId === d.id), { timeout: 10_000 }).toBe(true);
    await client.endAsync();
  });

  it('is not sent a message larger than it takes, and goes on receiving the next ones', async () => {
    const d = await world.addDevice();
    const client = await deviceClient(d.sn);
    const { tooLarge, messages } = { ...gateway.counters.counts };
    await client.publishAsync(`devices/${d.sn}/up`, Buffer.alloc(1024 * 1024, 0x20), { qos: 1 });
    await client.publishAsync(`devices/${d.sn}/up`, '{"values":{"Temperature":8}}', { qos: 1 });
    await expect.poll(() => telemetry.records.some((r) => r.deviceId === d.id), { timeout: 5_000 }).toBe(true);
    // One publisher's QoS 1 messages arrive in order: had the large one reached the gateway, it
    // would have been read whole and refused before the small one.
    expect(gateway.counters.counts.tooLarge - tooLarge).toBe(0);
    expect(gateway.counters.counts.messages - messages).toBe(1);
    await client.endAsync();
  });

  it('sends commands on the device’s down topic and settles them on its ack', async () => {
    const d = await world.addDevice();
    const client = await deviceClient(d.sn);
    await client.subscribeAsync(`devices/${d.sn}/down`, { qos: 1 });
    client.on('message', (_topic, payload) => {
      const { id } = JSON.parse(payload.toString()) as { id: string };
      void client.publishAsync(`devices/${d.sn}/ack`, JSON.stringify({ id, ok: true }), { qos: 1 });
    });
    await client.publishAsync(`devices/${d.sn}/status`, JSON.stringify({ battery: 50 }), { qos: 1 });
    await expect.poll(() => linksFor(t.db).get(d.id), { timeout: 5_000 }).not.toBeUndefined();
    await linksFor(t.db).get(d.id)?.write(world.points.pump, false);
    expect(telemetry.network_).toContainEqual({ deviceId: d.id, stats: { battery: 50 } });
    await client.endAsync();
  });
  it('configures a device and upgrades its firmware through the broker', async () => {
    const d = await world.addDevice();
    const device = simulatedDevice(port, d.sn);
    await device.start();
    try {
      // Its report on ota/inform reaches the gateway and is stored: the device is known to run 1.0.0.
      await expect.poll(async () => await versionOf(d.id), { timeout: 5_000 }).toBe('1.0.0');
      const link = linksFor(t.db).get(d.id);
      await link?.configure?.({ kind: 'mqtt', document: { reportSeconds: 30 } });
      expect(device.config).toEqual({ reportSeconds: 30 });

      const bytes = randomBytes(10_000);
      const acked: number[] = [];
      const version = await link?.upgrade?.({
        id: `external-${d.id}`,
        version: '1.1.0',
        bytes,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        chunkSize: 4096,
        from: 0,
        onAck: async (n) => void acked.push(n),
      });
      expect(acked).toEqual([1, 2, 3]);
      expect(version).toBe('1.1.0');
      await expect.poll(async () => await versionOf(d.id), { timeout: 5_000 }).toBe('1.1.0');
    } finally {
      await device.stop();
    }
  });
});
