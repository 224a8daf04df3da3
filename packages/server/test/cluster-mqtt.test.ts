import type { ChildProcess } from 'node:child_process';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { buildMqttWorld, type MqttWorld } from '../src/iot/mqtt/testing.ts';
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

describe.runIf(run)('MQTT devices of a cluster on the external broker', () => {
  it('takes a write issued on an API process to the device through Mosquitto and its answer back, or says it had none', async () => {
    const [api, gwA, gwB] = await Promise.all([
      start('api', 'api'),
      start('gw-a', 'gateway'),
      start('gw-b', 'gateway'),
    ]);
    onTestFailed(() => {
      for (const p of [api, gwA, gwB]) console.log(`--- ${p.name}\n${p.output().slice(-4000)}`);
    });
    await Promise.all([api, gwA, gwB].map((p) => untilRunning(p, 40_000)));

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
});
