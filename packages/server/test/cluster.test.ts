import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { buildContact, buildTrigger, outboxOf } from '../src/iot/alarms/testing.ts';
import { buildDevice, mainAccount, newSn } from '../src/iot/devices/testing.ts';
import { connectDtu, plantSlave, plantTemplate, registrationOf, type TestSlave } from '../src/iot/gateway/testing.ts';
import type { Caller } from '../src/portal/orgs/testing.ts';
import { buildTestApp, type TestApp } from './app.ts';
import { testEngine } from './db.ts';
import { as } from './factories.ts';
import { nginxRuns, type RunningNginx, startNginx } from './nginx.ts';
import { freePort, type MeridianProcess, spawnMeridian, untilRunning } from './processes.ts';

/**
 * The cluster of issue 28 on PostgreSQL behind nginx: two API processes, two gateway processes
 * and one job worker, started as an operator would; simulated DTUs connect through nginx's
 * stream port. Bounded: every wait has its timeout, everything started is stopped.
 */
const pg = testEngine() === 'postgres';
const withNginx = pg && nginxRuns();

interface Started extends MeridianProcess {
  name: string;
  port: number;
}

const children = new Set<ChildProcess>();
let t: TestApp;
let owner: Caller;
let nginx: RunningNginx | undefined;
let templateId: number;
let points: Map<string, number>;

async function start(name: string, services: string, env: Record<string, string> = {}): Promise<Started> {
  const port = await freePort();
  const p = spawnMeridian(
    {
      NODE_ENV: 'test',
      DEMO_DATA: 'off',
      DATABASE_URL: t.config.databaseUrl,
      PORT: String(port),
      DTU_PORT: String(port),
      MQTT_PORT: String(await freePort()),
      GATEWAY_ID: name,
      JOBS_POLL_MS: '200',
      ...env,
    },
    [`--services=${services}`],
  );
  children.add(p.child);
  void p.exited.then(() => children.delete(p.child));
  return { ...p, name, port };
}

/** A DTU behind nginx that reconnects 100 ms after its connection drops, until stopped. */
function reconnectingDtu(port: number, registration: Buffer, slave: TestSlave) {
  let stopped = false;
  let current: Awaited<ReturnType<typeof connectDtu>> | undefined;
  let connections = 0;
  const loop = async () => {
    while (!stopped) {
      try {
        current = await connectDtu(port, registration, [slave]);
        connections++;
        await current.closed;
      } catch {
        // nginx not accepting for a moment: try again.
      }
      if (!stopped) await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  void loop();
  return {
    slave,
    connections: () => connections,
    /** The port of its current connection, on its side: what the gateway should log, not nginx's. */
    localPort: () => current?.socket.localPort,
    stop() {
      stopped = true;
      current?.close();
    },
  };
}

const holderOf = async (deviceId: number) =>
  (await t.db.kysely.selectFrom('device_links').select('node').where('device_id', '=', deviceId).executeTakeFirst())
    ?.node;

beforeAll(async () => {
  if (!withNginx) return;
  t = await buildTestApp();
  owner = await mainAccount(t);
  const template = (await owner.post('/iot/templates', plantTemplate('Cluster plant'))).json().data;
  templateId = template.id;
  points = new Map(template.points.map((p: { id: number; name: string }) => [p.name, p.id]));
}, 30_000);
afterAll(async () => {
  if (!withNginx) return;
  await nginx?.stop();
  for (const child of children) child.kill('SIGKILL');
  await t.close();
});

describe.runIf(withNginx)('a cluster behind nginx', () => {
  it('routes writes from each API process, fires an alarm and a schedule once, and survives a gateway and an API process killed with -9', async () => {
    const [apiA, apiB, gwA, gwB, jobs] = await Promise.all([
      start('api-a', 'api'),
      start('api-b', 'api'),
      start('gw-a', 'gateway', { DTU_PROXY_PROTOCOL: 'on' }),
      start('gw-b', 'gateway', { DTU_PROXY_PROTOCOL: 'on' }),
      start('jobs', 'jobs'),
    ]);
    const all = [apiA, apiB, gwA, gwB, jobs];
    onTestFailed(() => {
      for (const p of all) console.log(`--- ${p.name}\n${p.output().slice(-4000)}`);
      console.log(`--- nginx\n${nginx?.log()}`);
    });
    await Promise.all(all.map((p) => untilRunning(p, 40_000)));
    const http = await freePort();
    const stream = await freePort();
    nginx = await startNginx({ http, dtu: stream, api: [apiA.port, apiB.port], gateways: [gwA.port, gwB.port] });

    // Four DTUs through nginx's stream port: least_conn spreads them over both gateway processes.
    const contact = await buildContact(owner);
    const devices = [];
    for (let i = 0; i < 4; i++) {
      const sn = newSn();
      const id = await buildDevice(owner, { sn, commPassword: 'secret12', templateId, queryInterval: 1 });
      devices.push({ id, sn, link: reconnectingDtu(stream, registrationOf(sn, 'secret12'), plantSlave()) });
    }
    try {
      for (const d of devices) await expect.poll(() => holderOf(d.id), { timeout: 15_000 }).toMatch(/^gw-[ab]$/);
      const holders = await Promise.all(devices.map((d) => holderOf(d.id)));
      expect(new Set(holders)).toEqual(new Set(['gw-a', 'gw-b']));
      // nginx's PROXY header gives the gateways each DTU's own address, not nginx's.
      const registeredFrom = await t.db.kysely
        .selectFrom('dtu_registrations')
        .select('address')
        .where('device_id', '=', devices[0]?.id as number)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      expect(registeredFrom?.address).toBe(`127.0.0.1:${devices[0]?.link.localPort()}`);

      // A write through each API process (straight to it, and through nginx), each for a device the other gateway holds.
      const writeVia = async (port: number, deviceId: number, value: number) => {
        const res = await fetch(
          `http://127.0.0.1:${port}/api/iot/devices/${deviceId}/points/${points.get('Setpoint')}/write`,
          {
            method: 'POST',
            headers: { ...as(owner.token), 'content-type': 'application/json' },
            body: JSON.stringify({ value }),
          },
        );
        return { status: res.status, body: await res.text() };
      };
      const [first, second] = [devices[0], devices[1]] as [(typeof devices)[0], (typeof devices)[0]];
      expect(await writeVia(apiA.port, first.id, 31)).toMatchObject({ status: 200 });
      expect(await writeVia(apiB.port, second.id, 32)).toMatchObject({ status: 200 });
      expect(first.link.slave.holding.get(10)).toBe(310);
      expect(second.link.slave.holding.get(10)).toBe(320);
      expect(await writeVia(http, first.id, 33)).toMatchObject({ status: 200 });
      expect(first.link.slave.holding.get(10)).toBe(330);

      // An alarm: humidity 65.5 > 60 on the third device, polled every second; notified once.
      const third = devices[2] as (typeof devices)[0];
      const triggerId = await buildTrigger(owner, {
        scope: 'device',
        deviceId: third.id,
        contactIds: [contact],
        conditions: [{ kind: 'gt', pointId: points.get('Humidity'), value: 60 }],
      });
      const alarmsOf = () =>
        t.db.kysely.selectFrom('alarms').select('id').where('trigger_id', '=', triggerId).execute();
      await expect.poll(async () => (await alarmsOf()).length, { timeout: 15_000 }).toBe(1);
      const polled = third.link.slave.requests.length;
      await expect.poll(() => third.link.slave.requests.length, { timeout: 10_000 }).toBeGreaterThan(polled + 3);
      const alarms = await alarmsOf();
      expect(alarms).toHaveLength(1);
      expect(await outboxOf(t, Number(alarms[0]?.id))).toEqual(['fire']);

      // A schedule: a task that runs once, 2 s from now, run by the job worker through the gateway holding the device.
      const fourth = devices[3] as (typeof devices)[0];
      const task = await owner.post('/iot/tasks', {
        name: 'Once',
        schedule: { kind: 'once' },
        startAt: Date.now() + 2000,
        endAt: null,
        targets: [{ deviceId: fourth.id, pointId: points.get('Setpoint'), value: 40 }],
      });
      expect(task.statusCode, task.body).toBe(200);
      const taskId = task.json().data.id;
      const recordsOf = async () =>
        (await owner.get(`/iot/tasks/records?taskId=${taskId}&size=100`)).json().data.list as Array<{
          outcome: string;
        }>;
      await expect
        .poll(async () => (await recordsOf()).map((r) => r.outcome), { timeout: 15_000 })
        .toEqual(['success']);
      expect(fourth.link.slave.holding.get(10)).toBe(400);
      const writes = () => fourth.link.slave.requests.filter((r) => r.fn === 6 && r.address === 10).length;
      expect(writes()).toBe(1);

      // kill -9 gw-a: its DTUs reconnect through nginx to gw-b and are polled again.
      gwA.child.kill('SIGKILL');
      await gwA.exited;
      const moved = devices.filter((_, i) => holders[i] === 'gw-a');
      for (const d of moved) await expect.poll(() => holderOf(d.id), { timeout: 30_000 }).toBe('gw-b');
      for (const d of moved) {
        const before = d.link.slave.requests.length;
        await expect.poll(() => d.link.slave.requests.length, { timeout: 10_000 }).toBeGreaterThan(before + 1);
      }
      // A write through nginx still reaches a moved device.
      const again = moved[0] as (typeof devices)[0];
      expect(await writeVia(http, again.id, 35)).toMatchObject({ status: 200 });
      expect(again.link.slave.holding.get(10)).toBe(350);
      // The schedule did not fire again; the alarm was not notified again.
      expect(writes()).toBe(1);
      expect(await alarmsOf()).toHaveLength(1);

      // kill -9 api-a: requests through nginx go on to api-b, and the signed-in owner stays signed in.
      apiA.child.kill('SIGKILL');
      await apiA.exited;
      for (let i = 0; i < 6; i++) {
        const res = await fetch(`http://127.0.0.1:${http}/api/iot/devices?page=1&size=10`, {
          headers: as(owner.token),
        });
        const body = (await res.json()) as { code: number; data: { total: number } };
        expect([res.status, body.code, body.data.total]).toEqual([200, 200, devices.length]);
      }
      expect(await writeVia(http, first.id, 36)).toMatchObject({ status: 200 });
      expect(first.link.slave.holding.get(10)).toBe(360);
    } finally {
      for (const d of devices) d.link.stop();
      await Promise.all(
        [apiA, apiB, gwB, jobs].map(async (p) => {
          p.child.kill('SIGTERM');
          await p.exited;
        }),
      );
    }
  }, 90_000);
});
