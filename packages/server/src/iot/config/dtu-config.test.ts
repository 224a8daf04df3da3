import { type SimulatedDtu, Ticker } from '@meridian/simulator';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, memoryLogger, type TestApp } from '../../../test/app.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import { buildDevice, mainAccount, newSn } from '../devices/testing.ts';
import { findDtuById } from '../gateway/repository.ts';
import type { DtuServer } from '../gateway/server.ts';
import { startTestDtu, startTestDtuServer } from '../gateway/testing.ts';
import { type ConfigRunner, startConfigRunner } from './runner.ts';

const log = memoryLogger().logger;

let t: TestApp;
let owner: Caller;
let server: DtuServer;
let runner: ConfigRunner;
const ticker = new Ticker();
const dtus: SimulatedDtu[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  owner = await mainAccount(t);
  server = await startTestDtuServer(t.db, log, { atTimeoutMs: 400 });
  runner = await startConfigRunner(t.db, 'config-test', log, { everyMs: 100, claimMs: 10_000 });
});
afterEach(() => {
  for (const dtu of dtus.splice(0)) dtu.stop();
});
afterAll(async () => {
  await runner.stop();
  await server.stop();
  await t.close();
});

let seq = 0;
async function device() {
  const sn = newSn();
  const password = `cf${String(++seq).padStart(6, '0')}`;
  const id = await buildDevice(owner, { sn, commPassword: password });
  return { id, sn, password };
}

function simulate(d: { sn: string; password: string }, options: { commandPassword?: string } = {}) {
  const dtu = startTestDtu(server, {
    sn: d.sn.padEnd(20, ' '),
    password: d.password,
    restartMs: 300,
    ticker,
    ...options,
  });
  dtus.push(dtu);
  return dtu;
}

const dtuProfile = (name: string, change: Record<string, unknown> = {}) => ({
  kind: 'dtu',
  name,
  dtu: {
    commandPassword: 'www.usr.cn',
    baudRate: 19200,
    dataBits: 8,
    parity: 'even',
    stopBits: 1,
    heartbeat: '7777',
    heartbeatSeconds: 30,
    registrationPacket: null,
    serverHost: '127.0.0.1',
    serverPort: server.port,
    ...change,
  },
});

async function profileId(body: unknown): Promise<number> {
  const res = await owner.post('/iot/config/profiles', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id;
}

async function stateOf(deviceId: number) {
  const res = await owner.get('/iot/config/devices?size=100');
  expect(res.statusCode, res.body).toBe(200);
  const row = res.json().data.list.find((r: { deviceId: number }) => r.deviceId === deviceId);
  return row ? { state: row.state as string, reason: row.reason as string | null } : undefined;
}

const connected = (deviceId: number) => [...server.connections].some((c) => c.deviceId === deviceId && !c.isClosed);

describe('configuring a DTU with network AT commands over its link', () => {
  it('ends in success, and the DTU runs with the new serial, heartbeat and registration settings', async () => {
    const d = await device();
    const dtu = simulate(d);
    await expect.poll(() => connected(d.id), { timeout: 10_000 }).toBe(true);
    const id = await profileId(dtuProfile('Line 1', { registrationPacket: 'ABCD01' }));
    const res = await owner.post(`/iot/config/profiles/${id}/apply`, { deviceIds: [d.id] });
    expect(res.statusCode, res.body).toBe(200);
    await expect.poll(() => stateOf(d.id), { timeout: 10_000 }).toEqual({ state: 'success', reason: null });
    expect(dtu.commands[0]).toBe('www.usr.cn#AT+UART=19200,8,1,EVEN,NFC');
    expect(dtu.commands.at(-1)).toBe('www.usr.cn#AT+S');
    expect(dtu.settings.uart).toEqual({ baudRate: 19200, dataBits: 8, stopBits: 1, parity: 'EVEN' });
    expect(dtu.options.heartbeatHex).toBe('7777');
    expect(dtu.options.heartbeatSeconds).toBe(30);
    expect(dtu.options.registration?.hex).toBe('ABCD01');
    // The cloud knows the new packet and heartbeat: the restarted DTU registers with the packet and is back.
    expect(await findDtuById(t.db.kysely, d.id)).toMatchObject({ registration_packet: 'ABCD01', heartbeat: '7777' });
    await expect.poll(() => dtu.stats.connects, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    await expect.poll(() => connected(d.id), { timeout: 10_000 }).toBe(true);
  });

  it('ends in failure with the reason when the DTU answers ERROR (a wrong command password)', async () => {
    const d = await device();
    simulate(d, { commandPassword: 'other.pw' });
    await expect.poll(() => connected(d.id), { timeout: 10_000 }).toBe(true);
    const id = await profileId(dtuProfile('Wrong password'));
    expect((await owner.post(`/iot/config/profiles/${id}/apply`, { deviceIds: [d.id] })).statusCode).toBe(200);
    await expect.poll(async () => (await stateOf(d.id))?.state, { timeout: 10_000 }).toBe('failed');
    expect((await stateOf(d.id))?.reason).toBe(
      'The device refused AT+UART=19200,8,1,EVEN,NFC (it answered ERROR): check the command password and that the device supports the values',
    );
  });

  it('ends in failure by timeout when the DTU does not answer', async () => {
    const d = await device();
    const dtu = simulate(d);
    dtu.ignoreCommands();
    await expect.poll(() => connected(d.id), { timeout: 10_000 }).toBe(true);
    const id = await profileId(dtuProfile('Silent'));
    expect((await owner.post(`/iot/config/profiles/${id}/apply`, { deviceIds: [d.id] })).statusCode).toBe(200);
    await expect.poll(async () => (await stateOf(d.id))?.state, { timeout: 10_000 }).toBe('failed');
    expect((await stateOf(d.id))?.reason).toBe(
      'The device did not answer AT+UART=19200,8,1,EVEN,NFC within 1 s: check that it takes network AT commands',
    );
    expect(dtu.commands).toHaveLength(1);
  });

  it('keeps an offline DTU "to be configured" and configures it when it connects', async () => {
    const d = await device();
    const id = await profileId(dtuProfile('Later'));
    expect((await owner.post(`/iot/config/profiles/${id}/apply`, { deviceIds: [d.id] })).statusCode).toBe(200);
    // Several checks of the runner pass while the device is away: it stays to be configured.
    const checks = runner.ticks;
    await expect.poll(() => runner.ticks, { timeout: 10_000 }).toBeGreaterThan(checks + 2);
    expect(await stateOf(d.id)).toEqual({ state: 'pending', reason: null });
    const dtu = simulate(d);
    await expect.poll(() => stateOf(d.id), { timeout: 10_000 }).toEqual({ state: 'success', reason: null });
    expect(dtu.settings.uart.baudRate).toBe(19200);
  });

  it('sends again a configuration whose sender died mid-way (its claim ran out)', async () => {
    const d = await device();
    const id = await profileId(dtuProfile('After a crash'));
    expect((await owner.post(`/iot/config/profiles/${id}/apply`, { deviceIds: [d.id] })).statusCode).toBe(200);
    // Another gateway process took it, then died: its claim is left behind, already run out.
    await t.db.kysely
      .updateTable('device_configs')
      .set({ state: 'configuring', claimed_by: 'dead-gateway', claimed_until: Date.now() - 1 })
      .where('device_id', '=', d.id)
      .execute();
    const dtu = simulate(d);
    await expect.poll(() => stateOf(d.id), { timeout: 10_000 }).toEqual({ state: 'success', reason: null });
    expect(dtu.settings.uart.baudRate).toBe(19200);
  });
});
