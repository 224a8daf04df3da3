import type { ChildProcess } from 'node:child_process';
import { crc16 } from '@meridian/simulator/modbus';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { testEngine } from '../../../test/db.ts';
import { freePort, type MeridianProcess, spawnMeridian, untilRunning } from '../../../test/processes.ts';
import { type Db, openDatabase } from '../../platform/db/database.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import { buildDevice, mainAccount, newSn } from '../devices/testing.ts';
import { CommandBus } from './commands.ts';
import { type DeviceLink, linksFor } from './links.ts';
import { connectDtu, plantSlave, plantTemplate, registrationOf, type TestDtu } from './testing.ts';

/**
 * Commands across processes (decision 0076), on PostgreSQL: this test process serves the API, the
 * DTUs connect to gateway processes started as an operator would (`main.ts --services=gateway`).
 */
interface Gateway extends MeridianProcess {
  name: string;
  dtuPort: number;
}

const running = new Set<ChildProcess>();
const quiet = pino({ level: 'silent' });

async function startGateway(name: string): Promise<Gateway> {
  const dtuPort = await freePort();
  const gateway = spawnMeridian(
    {
      NODE_ENV: 'test',
      DEMO_DATA: 'off',
      DATABASE_URL: t.config.databaseUrl,
      DTU_PORT: String(dtuPort),
      MQTT_PORT: String(await freePort()),
      GATEWAY_ID: name,
    },
    ['--services=gateway'],
  );
  running.add(gateway.child);
  void gateway.exited.then(() => running.delete(gateway.child));
  await untilRunning(gateway);
  return { ...gateway, name, dtuPort };
}

let t: TestApp;
let owner: Caller;
let templateId: number;
let points: Map<string, number>;
const dtus: TestDtu[] = [];

const pg = testEngine() === 'postgres';

beforeAll(async () => {
  if (!pg) return;
  t = await buildTestApp();
  owner = await mainAccount(t);
  const template = (await owner.post('/iot/templates', plantTemplate('Plant Controller'))).json().data;
  templateId = template.id;
  points = new Map(template.points.map((p: { id: number; name: string }) => [p.name, p.id]));
});
afterAll(async () => {
  if (!pg) return;
  for (const dtu of dtus) dtu.close();
  for (const child of running) child.kill('SIGKILL');
  await t.close();
});

async function dtuDevice(queryInterval: number) {
  const sn = newSn();
  const id = await buildDevice(owner, { sn, commPassword: 'secret12', templateId, queryInterval });
  return { id, registration: registrationOf(sn, 'secret12') };
}

async function connect(port: number, registration: Buffer, slave = plantSlave()) {
  const dtu = await connectDtu(port, registration, [slave]);
  dtus.push(dtu);
  return { dtu, slave };
}

const holderOf = async (deviceId: number) =>
  (await t.db.kysely.selectFrom('device_links').select('node').where('device_id', '=', deviceId).executeTakeFirst())
    ?.node;

const write = (deviceId: number, name: string, value: unknown) =>
  owner.post(`/iot/devices/${deviceId}/points/${points.get(name)}/write`, { value });

describe.skipIf(!pg)('a cluster on PostgreSQL', () => {
  it('a write and a debugging frame issued on the API process reach the DTU held by a gateway process, answers and errors come back', async () => {
    const b = await startGateway('gw-b');
    onTestFailed(() => console.log(b.output()));
    const device = await dtuDevice(3600);
    const { slave } = await connect(b.dtuPort, device.registration);
    await expect.poll(() => holderOf(device.id), { timeout: 15_000 }).toBe('gw-b');
    // This process holds no link: the command goes to gw-b and back.
    expect(linksFor(t.db).get(device.id)).toBeUndefined();

    const res = await write(device.id, 'Setpoint', 25.5);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ pointId: points.get('Setpoint'), raw: 255 });
    expect(slave.holding.get(10)).toBe(255);

    const frame = Buffer.from('0103000A0001', 'hex');
    const crc = crc16(frame);
    const payload = Buffer.concat([frame, Buffer.from([crc & 0xff, crc >> 8])]).toString('hex');
    const debug = await owner.post(`/iot/devices/${device.id}/debug`, { payload });
    expect(debug.statusCode, debug.body).toBe(200);
    expect(debug.json().data.reply).toMatch(/^01030200FF/);

    slave.fault = 'exception';
    const exception = await write(device.id, 'Setpoint', 20);
    expect([exception.statusCode, exception.json().message]).toEqual([502, 'Slave error reply (exception code 2)']);
    slave.fault = 'noReply';
    const silent = await write(device.id, 'Setpoint', 20);
    expect([silent.statusCode, silent.json().message]).toEqual([504, 'Slave no reply']);
    slave.fault = 'none';

    // The DTU goes away: the same sentence as on one process.
    dtus.at(-1)?.close();
    await expect.poll(() => holderOf(device.id), { timeout: 15_000 }).toBeUndefined();
    const offline = await write(device.id, 'Setpoint', 20);
    expect(offline.statusCode).toBe(409);
    expect(offline.json().message).toMatch(/^The device is offline/);
  }, 60_000);

  it('a device that reconnects to another gateway process has its old link closed there, and only the new one polls it', async () => {
    const [c, d] = await Promise.all([startGateway('gw-c'), startGateway('gw-d')]);
    onTestFailed(() => console.log(c.output(), d.output()));
    const device = await dtuDevice(1);
    const first = await connect(c.dtuPort, device.registration);
    await expect.poll(() => holderOf(device.id), { timeout: 15_000 }).toBe('gw-c');
    await expect.poll(() => first.slave.requests.length, { timeout: 15_000 }).toBeGreaterThan(0);

    // The device opens a new connection through gw-d while its old one to gw-c is still open.
    const second = await connect(d.dtuPort, device.registration);
    await expect.poll(() => holderOf(device.id), { timeout: 15_000 }).toBe('gw-d');
    let firstClosed = false;
    void first.dtu.closed.then(() => {
      firstClosed = true;
    });
    await expect.poll(() => firstClosed, { timeout: 15_000 }).toBe(true);
    const polledBefore = first.slave.requests.length;
    await expect.poll(() => second.slave.requests.length, { timeout: 15_000 }).toBeGreaterThan(2);
    expect(first.slave.requests.length).toBe(polledBefore);

    const res = await write(device.id, 'Setpoint', 30);
    expect(res.statusCode, res.body).toBe(200);
    expect(second.slave.holding.get(10)).toBe(300);
    const { status } = await t.db.kysely
      .selectFrom('devices')
      .select('status')
      .where('id', '=', device.id)
      .executeTakeFirstOrThrow();
    expect(status).toBe('online');
  }, 60_000);

  it('a frame too large for NOTIFY goes through a row, and its answer comes back', async () => {
    const device = await dtuDevice(3600);
    // A second handle on the database stands for another process: it serves gw-x, holding a link that echoes.
    const other: Db = openDatabase(t.config.databaseUrl);
    const served = new CommandBus(other, quiet);
    const echo: DeviceLink = {
      transport: 'tcp',
      holder: 'gw-x',
      write: async () => undefined,
      debug: async (payload) => Buffer.concat([payload, payload]),
      ask: async (request) => ({ echoed: request }),
      close: () => undefined,
    };
    linksFor(other).set(device.id, echo);
    const asking = new CommandBus(t.db, quiet);
    try {
      await served.serve('gw-x');
      const big = Buffer.alloc(6000, 0xab);
      const reply = await asking.ask('gw-x', { op: 'debug', deviceId: device.id, hex: big.toString('hex') });
      expect(Buffer.from(reply.hex ?? '', 'hex').equals(Buffer.concat([big, big]))).toBe(true);
      // An edge gateway's request (decision 0160) goes the same way, and its result comes back.
      const asked = await asking.ask('gw-x', { op: 'ask', deviceId: device.id, request: { discover: 'onvif' } });
      expect(asked.result).toEqual({ echoed: { discover: 'onvif' } });
      // Each kept row was taken by its addressee.
      expect(await t.db.kysely.selectFrom('gateway_messages').select('id').execute()).toEqual([]);
      // Nobody serves gw-y: after the wait, "device offline".
      asking.replyWaitMs = 300;
      await expect(asking.ask('gw-y', { op: 'write', deviceId: device.id, pointId: 1, raw: 1 })).rejects.toMatchObject({
        key: 'gateway.offline',
      });
    } finally {
      await asking.close();
      await served.close();
      await other.close();
    }
  });
});
