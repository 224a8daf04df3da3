import type { ChildProcess } from 'node:child_process';
import { encodeRequest, parseReply } from '@meridian/simulator/modbus';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { buildDevice, mainAccount, newSn } from '../src/iot/devices/testing.ts';
import { connectDtu, registrationOf, TestSlave } from '../src/iot/gateway/testing.ts';
import { oneRegisterTemplate, pcClient } from '../src/iot/passthrough/testing.ts';
import type { Caller } from '../src/portal/orgs/testing.ts';
import { buildTestApp, type TestApp } from './app.ts';
import { testEngine } from './db.ts';
import { freePort, spawnMeridian, untilRunning } from './processes.ts';

/**
 * Passthrough across gateway processes on PostgreSQL (decision 0163): two gateway processes as an
 * operator starts them; a DTU holds its link on one, the PC software connects to the other's
 * passthrough port and is handed over the direct hop to the holder, polling paused meanwhile.
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
      const relay = await t.db.kysely
        .selectFrom('passthrough_relays')
        .select('address')
        .where('node', '=', 'pt-y')
        .executeTakeFirstOrThrow();
      const intruder = await pcClient(
        Number(relay.address.split(':')[1]),
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
});
