import type { ChildProcess } from 'node:child_process';
import { encodeRequest, parseReply } from '@meridian/simulator/modbus';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { buildDevice, mainAccount, newSn } from '../src/iot/devices/testing.ts';
import { connectDtu, registrationOf, TestSlave } from '../src/iot/gateway/testing.ts';
import { masterReads, oneRegisterTemplate, pcClient } from '../src/iot/passthrough/testing.ts';
import type { Caller } from '../src/portal/orgs/testing.ts';
import { buildTestApp, type TestApp } from './app.ts';
import { testEngine } from './db.ts';
import { freePort, spawnMeridian, untilRunning } from './processes.ts';

/**
 * Passthrough across gateway processes on PostgreSQL (decision 0163): two gateway processes as an
 * operator starts them; a DTU holds its link on one, the PC software connects to the other's
 * passthrough port and is handed over the direct hop to the holder, polling paused meanwhile.
 * A group (decision 0167) whose members are held by both bridges them over the same kind of hop.
 */
const pg = testEngine() === 'postgres';
const SECRET = 'relay-secret-of-this-test';

const children = new Set<ChildProcess>();
let t: TestApp;
let owner: Caller;

async function gateway(name: string, env: Record<string, string> = {}) {
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
      PASSTHROUGH_RELAY_SECRET: SECRET,
      ...env,
    },
    ['--services=gateway'],
  );
  children.add(p.child);
  void p.exited.then(() => children.delete(p.child));
  return { ...p, name, port };
}

/** How many times a gateway process logged `text`. */
const said = (p: { output(): string }, text: string) => p.output().split(text).length - 1;

/** Where a gateway process takes hops from the others (recorded in the database, decision 0163). */
async function relayPort(node: string): Promise<number> {
  const relay = await t.db.kysely
    .selectFrom('passthrough_relays')
    .select('address')
    .where('node', '=', node)
    .executeTakeFirstOrThrow();
  return Number(relay.address.split(':')[1]);
}

beforeAll(async () => {
  if (!pg) return;
  t = await buildTestApp();
  owner = await mainAccount(t);
}, 30_000);
afterAll(async () => {
  if (!pg) return;
  for (const child of children) child.kill('SIGKILL');
  await t.close();
});

describe.runIf(pg)('passthrough across gateway processes', () => {
  it("hands a PC client landing on the process without the DTU to the one holding it, pausing the DTU's polling meanwhile", async () => {
    const entry = await freePort();
    const [x, y] = await Promise.all([gateway('pt-x', { PASSTHROUGH_PORT: String(entry) }), gateway('pt-y')]);
    onTestFailed(() => {
      for (const p of [x, y]) console.log(`--- ${p.name}\n${p.output().slice(-4000)}`);
    });
    await Promise.all([untilRunning(x, 40_000), untilRunning(y, 40_000)]);

    const template = await owner.post('/iot/templates', oneRegisterTemplate('Passthrough across processes'));
    expect(template.statusCode, template.body).toBe(200);
    const sn = newSn();
    const deviceId = await buildDevice(owner, {
      sn,
      commPassword: 'hop12345',
      templateId: template.json().data.id,
      queryInterval: 1,
    });
    const slave = new TestSlave(1);
    slave.holding.set(0, 2718);
    slave.holding.set(7, 4242);
    // The DTU connects to process Y; the PC software will connect to X.
    const dtu = await connectDtu(y.port, registrationOf(sn, 'hop12345'), [slave]);
    try {
      const polls = () => slave.requests.filter((r) => r.address === 0).length;
      await expect.poll(polls, { timeout: 15_000 }).toBeGreaterThan(0);
      const res = await owner.post('/iot/passthrough', {
        name: 'Across processes',
        deviceId,
        allowList: ['127.0.0.1'],
      });
      expect(res.statusCode, res.body).toBe(200);

      const pcRead = { slave: 1, fn: 3, address: 7, count: 1 } as const;
      const pc = await pcClient(entry, `${res.json().data.token}\n`);
      for (let round = 0; round < 3; round++) {
        pc.clear();
        pc.socket.write(encodeRequest(pcRead, 'rtu'));
        await expect.poll(() => parseReply(pcRead, pc.received(), 'rtu').kind, { timeout: 10_000 }).toBe('ok');
        const verdict = parseReply(pcRead, pc.received(), 'rtu');
        expect(verdict.kind === 'ok' && Buffer.from(verdict.data).readUInt16BE(0)).toBe(4242);
      }
      // X handed the client over; Y ran the session and paused polling.
      expect(x.output()).toContain('passthrough client handed to the gateway holding its DTU');
      expect(y.output()).toContain('passthrough session started; polling paused');
      // While the session lasts the serial device hears only the PC: the last requests are its own.
      const sinceStart = slave.requests.slice(slave.requests.findIndex((r) => r.address === 7));
      expect(sinceStart.every((r) => r.address === 7)).toBe(true);

      // The PC leaves: Y's session ends and polling resumes.
      pc.socket.destroy();
      await pc.closed;
      await expect
        .poll(() => y.output().includes('passthrough session ended; polling resumes'), { timeout: 10_000 })
        .toBe(true);
      const before = polls();
      await expect.poll(polls, { timeout: 10_000 }).toBeGreaterThan(before);

      // A hop without the deployment's secret is refused without a byte.
      const intruder = await pcClient(
        await relayPort('pt-y'),
        `MERIDIAN-HOP wrong-secret 127.0.0.1 ${res.json().data.token}\n`,
      );
      await intruder.closed;
      expect(intruder.received().length).toBe(0);
      await expect
        .poll(() => y.output().includes('passthrough hop refused: not from a gateway process'), { timeout: 10_000 })
        .toBe(true);
    } finally {
      dtu.close();
    }
  }, 90_000);

  it('bridges a group whose edge DTUs are held by two gateway processes, polling paused on both while it is on', async () => {
    const [x, y] = await Promise.all([gateway('pg-x'), gateway('pg-y')]);
    onTestFailed(() => {
      for (const p of [x, y]) console.log(`--- ${p.name}\n${p.output().slice(-6000)}`);
    });
    await Promise.all([untilRunning(x, 40_000), untilRunning(y, 40_000)]);

    // Edge slave 1 behind a DTU on X, edge slave 2 behind a DTU on Y, polled at address 0 by their templates.
    const slaves = [new TestSlave(1), new TestSlave(2)];
    const edges: { id: number; sn: string; password: string }[] = [];
    for (const slave of slaves) {
      slave.holding.set(0, slave.address * 1111);
      slave.holding.set(7, slave.address * 1000 + 77);
      const template = await owner.post(
        '/iot/templates',
        oneRegisterTemplate(`Group edge across processes ${slave.address}`, slave.address, 'Level'),
      );
      expect(template.statusCode, template.body).toBe(200);
      const sn = newSn();
      const password = `edge${slave.address}234`;
      const id = await buildDevice(owner, {
        sn,
        commPassword: password,
        templateId: template.json().data.id,
        queryInterval: 1,
      });
      edges.push({ id, sn, password });
    }
    const managementSn = newSn();
    const managementId = await buildDevice(owner, {
      sn: managementSn,
      commPassword: 'mgmt1234',
      templateId: null,
      queryInterval: 1,
    });
    const [edgeOne, edgeTwo] = edges as [(typeof edges)[0], (typeof edges)[0]];
    const [slaveOne, slaveTwo] = slaves as [TestSlave, TestSlave];

    const master = await connectDtu(x.port, registrationOf(managementSn, 'mgmt1234'), []);
    const dtuOne = await connectDtu(x.port, registrationOf(edgeOne.sn, edgeOne.password), [slaveOne]);
    const dtuTwo = await connectDtu(y.port, registrationOf(edgeTwo.sn, edgeTwo.password), [slaveTwo]);
    try {
      const polls = (slave: TestSlave) => slave.requests.filter((r) => r.address === 0).length;
      for (const slave of slaves) await expect.poll(() => polls(slave), { timeout: 15_000 }).toBeGreaterThan(0);

      const body = {
        name: 'Bus across processes',
        kind: 'group',
        deviceId: managementId,
        edgeIds: [edgeOne.id, edgeTwo.id],
      };
      const res = await owner.post('/iot/passthrough', body);
      expect(res.statusCode, res.body).toBe(200);
      const strategyId = res.json().data.id;
      // The members each process records bridged, which the list reads.
      const recorded = () =>
        t.db.kysely
          .selectFrom('passthrough_bridged')
          .select('device_id')
          .where('strategy_id', '=', strategyId)
          .execute()
          .then((rows) => rows.length);

      // X holds the management DTU and edge 1, Y edge 2: all three leave polling, X hops to Y for edge 2.
      const bridged = 'passthrough group member bridged; polling paused';
      await expect.poll(() => said(x, bridged), { timeout: 15_000 }).toBe(2);
      await expect.poll(() => said(y, bridged), { timeout: 15_000 }).toBe(1);
      const hopped = 'passthrough group edge bridged through the gateway process holding it';
      await expect.poll(() => said(x, hopped), { timeout: 15_000 }).toBe(1);
      await expect
        .poll(
          () => y.output().includes('passthrough group edge bridged to the management DTU on another gateway process'),
          {
            timeout: 10_000,
          },
        )
        .toBe(true);
      // The list, read on a process holding none of them, says the group is bridged.
      await expect.poll(recorded, { timeout: 10_000 }).toBe(3);
      const listed = await owner.get('/iot/passthrough');
      expect(listed.json().data.list.find((s: { id: number }) => s.id === strategyId).inSession).toBe(true);

      // The master's requests reach both edges; the addressed slave's reply comes back, from either process.
      for (let round = 0; round < 3; round++) {
        expect(await masterReads(master, 2, 7)).toBe(2077);
        expect(await masterReads(master, 1, 7)).toBe(1077);
      }
      // Both buses heard every request of the master (a bus: each slave sees all), and no poll since the group took them.
      for (const slave of slaves) {
        const since = slave.requests.slice(slave.requests.findIndex((r) => r.address === 7));
        expect(since.length).toBeGreaterThanOrEqual(3);
        expect(since.every((r) => r.address === 7)).toBe(true);
      }

      // Switched off: the hop closes, every member leaves the bridge and both edges are polled again.
      const off = await owner.call('PUT', `/iot/passthrough/${strategyId}`, { ...body, enabled: false });
      expect(off.statusCode, off.body).toBe(200);
      const edgeLeft = 'passthrough group edge on another gateway process left the bridge';
      await expect.poll(() => said(x, edgeLeft), { timeout: 15_000 }).toBe(1);
      const left = 'passthrough group member left; polling resumes';
      await expect.poll(() => said(x, left), { timeout: 15_000 }).toBe(2);
      await expect.poll(() => said(y, left), { timeout: 15_000 }).toBe(1);
      await expect
        .poll(() => y.output().includes('passthrough group edge no longer bridged to the management DTU'), {
          timeout: 15_000,
        })
        .toBe(true);
      // Neither process still records a member of it bridged.
      await expect.poll(recorded, { timeout: 10_000 }).toBe(0);
      const before = slaves.map(polls);
      await expect.poll(() => polls(slaveOne), { timeout: 15_000 }).toBeGreaterThan(before[0] ?? 0);
      await expect.poll(() => polls(slaveTwo), { timeout: 15_000 }).toBeGreaterThan(before[1] ?? 0);

      // On again, then Y dies: X drops the hop to edge 2 and the rest of the group goes on.
      const on = await owner.call('PUT', `/iot/passthrough/${strategyId}`, { ...body, enabled: true });
      expect(on.statusCode, on.body).toBe(200);
      await expect.poll(() => said(x, hopped), { timeout: 15_000 }).toBe(2);
      await expect.poll(() => said(x, bridged), { timeout: 15_000 }).toBe(4);
      y.child.kill('SIGKILL');
      await dtuTwo.closed;
      await expect.poll(() => said(x, edgeLeft), { timeout: 15_000 }).toBe(2);
      expect(await masterReads(master, 1, 7)).toBe(1077);

      // A group hop without the deployment's secret, or for an edge X does not hold, is refused without a byte.
      const port = await relayPort('pg-x');
      const intruder = await pcClient(port, `MERIDIAN-GROUP wrong-secret ${strategyId} ${edgeOne.id}\n`);
      await intruder.closed;
      expect(intruder.received().length).toBe(0);
      await expect
        .poll(() => x.output().includes('passthrough hop refused: not from a gateway process'), { timeout: 10_000 })
        .toBe(true);
      const elsewhere = await pcClient(port, `MERIDIAN-GROUP ${SECRET} ${strategyId} ${edgeTwo.id}\n`);
      await elsewhere.closed;
      expect(elsewhere.received().length).toBe(0);
      await expect
        .poll(() => x.output().includes('passthrough group hop refused: the edge DTU is not held here'), {
          timeout: 10_000,
        })
        .toBe(true);
    } finally {
      for (const dtu of [master, dtuOne, dtuTwo]) dtu.close();
    }
  }, 120_000);
});
