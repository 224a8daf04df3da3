import type { ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { buildMqttWorld, type MqttWorld } from '../src/iot/mqtt/testing.ts';
import { simulatedDevice, uploadFirmware } from '../src/iot/upgrade/testing.ts';
import { buildTestApp, type TestApp } from './app.ts';
import { testEngine } from './db.ts';
import { as } from './factories.ts';
import { mosquittoRuns, type RunningMosquitto, startMosquitto } from './mosquitto.ts';
import { freePort, type MeridianProcess, spawnMeridian, untilRunning } from './processes.ts';

/**
 * Commands to MQTT devices in a cluster on the external broker (decision 0131): one API process
 * and two gateway processes on PostgreSQL and Mosquitto. The devices are connected to the broker,
 * not to any Meridian process; a write issued on the API process reaches the device through the
 * broker and the device's answer comes back to that process, whichever gateway reads the rest.
 */
const run = testEngine() === 'postgres' && mosquittoRuns();

const children = new Set<ChildProcess>();
let t: TestApp;
let world: MqttWorld;
let broker: RunningMosquitto;

async function start(name: string, services: string): Promise<MeridianProcess & { name: string; port: number }> {
  const port = await freePort();
  const p = spawnMeridian(
    {
      NODE_ENV: 'test',
      DEMO_DATA: 'off',
      DATABASE_URL: t.config.databaseUrl,
      PORT: String(port),
      DTU_PORT: String(port),
      MQTT_URL: broker.url,
      GATEWAY_ID: name,
      // The firmware images the test uploads, read by the gateway processes' upgrade runners.
      DATA_DIR: resolve(t.config.DATA_DIR),
    },
    [`--services=${services}`],
  );
  children.add(p.child);
  void p.exited.then(() => children.delete(p.child));
  return { ...p, name, port };
}

/** A device on the broker: it reports a value, and answers each command as `answer` says (or not at all). */
async function device(sn: string, answer: (id: string) => object | null) {
  const client: MqttClient = await mqtt.connectAsync(broker.url, { clientId: sn, reconnectPeriod: 0 });
  const commands: Array<Record<string, unknown>> = [];
  await client.subscribeAsync(`devices/${sn}/down`, { qos: 1 });
  client.on('message', (_topic, payload) => {
    const command = JSON.parse(payload.toString()) as { id: string; write: Record<string, unknown> };
    commands.push(command.write);
    const ack = answer(command.id);
    if (ack) void client.publishAsync(`devices/${sn}/ack`, JSON.stringify(ack), { qos: 1 });
  });
  await client.publishAsync(`devices/${sn}/up`, JSON.stringify({ values: { Temperature: 21.5 } }), { qos: 1 });
  return { client, commands };
}

beforeAll(async () => {
  if (!run) return;
  t = await buildTestApp();
  world = await buildMqttWorld(t);
  broker = await startMosquitto();
}, 30_000);
afterAll(async () => {
  if (!run) return;
  for (const child of children) child.kill('SIGKILL');
  broker.stop();
  await t.close();
});

type Started = Awaited<ReturnType<typeof start>>;
let started: Promise<Started[]> | undefined;

/** One API process and two gateway processes, started by the first test that needs them. */
async function cluster(): Promise<Started[]> {
  started ??= (async () => {
    const processes = await Promise.all([start('api', 'api'), start('gw-a', 'gateway'), start('gw-b', 'gateway')]);
    await Promise.all(processes.map((p) => untilRunning(p, 40_000)));
    return processes;
  })();
  const processes = await started;
  onTestFailed(() => {
    for (const p of processes) console.log(`--- ${p.name}\n${p.output().slice(-4000)}`);
  });
  return processes;
}

describe.runIf(run)('MQTT devices of a cluster on the external broker', () => {
  it('takes a write issued on an API process to the device through Mosquitto and its answer back, or says it had none', async () => {
    const [api] = (await cluster()) as [Started];

    const answering = await world.addDevice();
    const silent = await world.addDevice();
    const ok = await device(answering.sn, (id) => ({ id, ok: true }));
    const jammed = await device(silent.sn, () => null);
    const statusOf = async (id: number) =>
      (await t.db.kysely.selectFrom('devices').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
    try {
      // A gateway process read their reports through the shared subscription: they are online.
      for (const d of [answering, silent]) await expect.poll(() => statusOf(d.id), { timeout: 15_000 }).toBe('online');

      const write = async (deviceId: number, value: boolean) => {
        const started = performance.now();
        const res = await fetch(
          `http://127.0.0.1:${api.port}/api/iot/devices/${deviceId}/points/${world.points.pump}/write`,
          {
            method: 'POST',
            headers: { ...as(world.owner.token), 'content-type': 'application/json' },
            body: JSON.stringify({ value }),
          },
        );
        return { status: res.status, body: await res.text(), ms: performance.now() - started };
      };
      // Several writes in a row: each answer comes back to the API process, not to a gateway of the shared group.
      for (const value of [true, false, true, false]) {
        const res = await write(answering.id, value);
        expect(res.status, res.body).toBe(200);
      }
      expect(ok.commands).toEqual([{ Pump: 1 }, { Pump: 0 }, { Pump: 1 }, { Pump: 0 }]);

      // No answer: "Device no reply" after the same 10 s as on one process.
      const unanswered = await write(silent.id, true);
      expect(unanswered.status).toBe(504);
      expect(JSON.parse(unanswered.body).message).toMatch(/no reply|无应答|未响应/i);
      expect(unanswered.ms).toBeGreaterThanOrEqual(9_500);
      expect(unanswered.ms).toBeLessThan(15_000);
      expect(jammed.commands).toEqual([{ Pump: 1 }]);
    } finally {
      await ok.client.endAsync();
      await jammed.client.endAsync();
    }
  }, 90_000);

  it('configures and upgrades a device on the broker, whichever gateway process the broker gives its replies to, each once', async () => {
    await cluster();
    const d = await world.addDevice();
    // What the cloud sends the device, seen on the broker: each configuration and each transfer goes out once.
    const watcher = await mqtt.connectAsync(broker.url, { clientId: `watch-${d.sn}`, reconnectPeriod: 0 });
    const sent = { configs: 0, begins: 0 };
    await watcher.subscribeAsync([`devices/${d.sn}/config`, `devices/${d.sn}/ota`], { qos: 1 });
    watcher.on('message', (topic, payload) => {
      if (topic.endsWith('/config')) sent.configs++;
      else if ((JSON.parse(payload.toString()) as { op?: string }).op === 'begin') sent.begins++;
    });
    const sim = simulatedDevice(broker.port, d.sn);
    const deviceRow = () =>
      t.db.kysely.selectFrom('devices').select(['status', 'version']).where('id', '=', d.id).executeTakeFirstOrThrow();
    try {
      await sim.start();
      // Its report on ota/inform reached the gateway processes: online, known to run 1.0.0.
      await expect.poll(deviceRow, { timeout: 15_000 }).toEqual({ status: 'online', version: '1.0.0' });

      const profile = await world.owner.post('/iot/config/profiles', {
        kind: 'mqtt',
        name: 'Report every minute (cluster)',
        mqtt: { document: '{"interval": 60}' },
      });
      expect(profile.statusCode, profile.body).toBe(200);
      const applied = await world.owner.post(`/iot/config/profiles/${profile.json().data.id}/apply`, {
        deviceIds: [d.id],
      });
      expect(applied.statusCode, applied.body).toBe(200);
      const configState = async () => {
        const list = (await world.owner.get(`/iot/config/devices?sn=${d.sn}`)).json().data.list as Array<{
          deviceId: number;
          state: string;
          reason: string | null;
        }>;
        const row = list.find((r) => r.deviceId === d.id);
        return { state: row?.state, reason: row?.reason ?? null };
      };
      await expect.poll(configState, { timeout: 20_000 }).toEqual({ state: 'success', reason: null });
      expect(sim.config).toEqual({ interval: 60 });

      // A transfer of several chunks: each of its replies may land on either gateway process.
      const firmwareId = await uploadFirmware(t, world.owner, '1.1.0', 20_000);
      const job = await t.app.inject({
        method: 'POST',
        url: '/api/iot/upgrades',
        headers: as(world.owner.token),
        payload: { firmwareId, deviceIds: [d.id], waveSize: 1, failPercent: 100 },
      });
      expect(job.statusCode, job.body).toBe(200);
      const jobId = job.json().data.id as number;
      const upgradeState = async () => {
        const list = (await world.owner.get(`/iot/upgrades/${jobId}/devices?size=50`)).json().data.list as Array<{
          deviceId: number;
          state: string;
          reason: string | null;
        }>;
        const row = list.find((r) => r.deviceId === d.id);
        return { state: row?.state, reason: row?.reason ?? null };
      };
      await expect.poll(upgradeState, { timeout: 40_000 }).toEqual({ state: 'success', reason: null });
      expect(await deviceRow()).toEqual({ status: 'online', version: '1.1.0' });
      // Not applied twice: one process claimed each, and the other did not send them again.
      expect(sent).toEqual({ configs: 1, begins: 1 });
    } finally {
      await sim.stop();
      await watcher.endAsync();
    }
  }, 120_000);
});
