import { PASSTHROUGH_MAX_PER_ACCOUNT } from '@meridian/contracts';
import { ModbusSlave, type SimulatedDtu } from '@meridian/simulator';
import { encodeRequest, parseReply } from '@meridian/simulator/modbus';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, memoryLogger, type TestApp } from '../../../test/app.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import { buildDevice, mainAccount, newSn } from '../devices/testing.ts';
import type { DtuConnection } from '../gateway/connection.ts';
import type { DtuServer } from '../gateway/server.ts';
import {
  connectDtu,
  RecordingTelemetry,
  registrationOf,
  startTestDtu,
  startTestDtuServer,
} from '../gateway/testing.ts';
import { type PassthroughServer, startPassthroughServer } from './relay.ts';
import { oneRegisterTemplate, pcClient } from './testing.ts';

const memory = memoryLogger();
const CAP = 64 * 1024;

let t: TestApp;
let owner: Caller;
let server: DtuServer;
let relay: PassthroughServer;
let telemetry: RecordingTelemetry;
let templateId: number;
const dtus: SimulatedDtu[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  owner = await mainAccount(t);
  telemetry = new RecordingTelemetry();
  server = await startTestDtuServer(t.db, memory.logger, { readTimeoutMs: 300 }, telemetry);
  relay = await startPassthroughServer(t.db, memory.logger, {
    host: '127.0.0.1',
    port: 0,
    tokenTimeoutMs: 2000,
    bufferCap: CAP,
  });
  const res = await owner.post('/iot/templates', oneRegisterTemplate('Passthrough PLC'));
  expect(res.statusCode, res.body).toBe(200);
  templateId = res.json().data.id;
});
afterAll(async () => {
  for (const dtu of dtus) dtu.stop();
  await relay.stop();
  await server.stop();
  await t.close();
});

let seq = 0;
async function dtuDevice(change: Record<string, unknown> = {}) {
  const sn = newSn();
  const password = `pt${String(++seq).padStart(6, '0')}`;
  const id = await buildDevice(owner, { sn, commPassword: password, templateId, queryInterval: 1, ...change });
  return { id, sn, password };
}

async function strategyFor(deviceId: number, name: string, allowList: string[] = []) {
  const res = await owner.post('/iot/passthrough', { name, deviceId, allowList });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; token: string; inSession: boolean };
}

const readCounter = { slave: 1, fn: 3, address: 0, count: 1 } as const;

/** Sends a Modbus RTU read through the session and waits for the slave's whole reply. */
async function exchange(pc: Awaited<ReturnType<typeof pcClient>>): Promise<number> {
  pc.clear();
  pc.socket.write(encodeRequest(readCounter, 'rtu'));
  await expect.poll(() => parseReply(readCounter, pc.received(), 'rtu').kind, { timeout: 10_000 }).toBe('ok');
  const verdict = parseReply(readCounter, pc.received(), 'rtu');
  return verdict.kind === 'ok' ? Buffer.from(verdict.data).readUInt16BE(0) : -1;
}

function connectionOf(deviceId: number): DtuConnection {
  const found = [...server.connections].find((c) => c.deviceId === deviceId && !c.isClosed);
  if (!found) throw new Error(`device ${deviceId} not connected`);
  return found;
}

async function simulatedDtu(device: { sn: string; password: string; id: number }) {
  const dtu = startTestDtu(server, {
    sn: device.sn.padEnd(20, ' '),
    password: device.password,
    slaves: [
      new ModbusSlave(1, [
        {
          name: 'Counter',
          table: 'holdingRegister',
          address: 0,
          encoding: 'uint16',
          initial: 4321,
          drift: { kind: 'fixed' },
        },
      ]),
    ],
  });
  dtus.push(dtu);
  await dtu.ready();
  // Polled at least once: the device is registered and its link is in use.
  await expect.poll(() => telemetry.batches.some((b) => b.deviceId === device.id), { timeout: 10_000 }).toBe(true);
  return dtu;
}

describe('passthrough strategies', () => {
  it('lets PC software exchange raw bytes with the serial device behind a DTU, pausing its polling meanwhile', async () => {
    const device = await dtuDevice();
    await simulatedDtu(device);
    const strategy = await strategyFor(device.id, 'Pump station link');
    const connection = connectionOf(device.id);

    const pc = await pcClient(relay.port, `${strategy.token}\r\n`);
    expect(await exchange(pc)).toBe(4321);
    expect(connection.inPassthrough).toBe(true);
    const listed = await owner.get('/iot/passthrough');
    expect(listed.json().data.list.find((s: { id: number }) => s.id === strategy.id).inSession).toBe(true);

    // Polling pauses: a poll tick passes during the session and no cycle is recorded.
    const batches = telemetry.batches.filter((b) => b.deviceId === device.id).length;
    const dueAt = connection.dueAt;
    await expect.poll(() => connection.dueAt, { timeout: 10_000 }).toBeGreaterThan(dueAt);
    expect(await exchange(pc)).toBe(4321);
    expect(telemetry.batches.filter((b) => b.deviceId === device.id).length).toBe(batches);
    // Commands are refused clearly rather than mixed into the PC's bytes.
    const debug = await owner.post(`/iot/devices/${device.id}/debug`, { payload: '010300000001840A' });
    expect(debug.json().message).toContain('passthrough');

    // The PC software leaves: polling resumes at once.
    pc.socket.destroy();
    await pc.closed;
    await expect
      .poll(() => telemetry.batches.filter((b) => b.deviceId === device.id).length, { timeout: 10_000 })
      .toBeGreaterThan(batches);
    expect(connection.inPassthrough).toBe(false);
  });

  it('refuses a client with a wrong token or from an address not allowed, and leaves polling alone', async () => {
    const device = await dtuDevice();
    await simulatedDtu(device);
    const strategy = await strategyFor(device.id, 'Allowed only', ['203.0.113.7']);
    for (const line of ['not-a-token\n', `${strategy.token}\n`]) {
      const pc = await pcClient(relay.port, line);
      pc.socket.write(encodeRequest(readCounter, 'rtu'));
      await pc.closed;
      expect(pc.received().length).toBe(0);
    }
    expect(connectionOf(device.id).inPassthrough).toBe(false);
    expect(memory.lines.some((l) => l.msg === 'passthrough client refused' && l.reason === 'address')).toBe(true);
    expect(memory.lines.some((l) => l.msg === 'passthrough client refused' && l.reason === 'unknownToken')).toBe(true);
  });

  it('closes only the session of a peer that floods, with the reason logged', async () => {
    const quiet = await dtuDevice();
    await simulatedDtu(quiet);
    const calm = await pcClient(relay.port, `${(await strategyFor(quiet.id, 'Calm link')).token}\n`);
    expect(await exchange(calm)).toBe(4321);

    // A DTU whose serial line does not keep up: it stops reading.
    const slow = await dtuDevice({ templateId: null });
    const stuck = await connectDtu(server.port, registrationOf(slow.sn, slow.password), []);
    await expect
      .poll(() => [...server.connections].some((c) => c.deviceId === slow.id), { timeout: 10_000 })
      .toBe(true);
    stuck.socket.pause();
    const flood = await pcClient(relay.port, `${(await strategyFor(slow.id, 'Flooded link')).token}\n`);
    const chunk = Buffer.alloc(64 * 1024, 0x55);
    let closed = false;
    void flood.closed.then(() => {
      closed = true;
    });
    // Bounded: 1,024 chunks are 64 MB, far past the cap and the kernel's buffers.
    for (let i = 0; i < 1024 && !closed; i++)
      if (!flood.socket.write(chunk))
        await Promise.race([new Promise((drained) => flood.socket.once('drain', drained)), flood.closed]);
    await flood.closed;
    expect(memory.lines.some((l) => l.reason === 'overflow' && l.deviceId === slow.id)).toBe(true);
    // The other session and the slow DTU's own link are unaffected.
    expect(await exchange(calm)).toBe(4321);
    expect(connectionOf(slow.id).inPassthrough).toBe(false);
    calm.socket.destroy();
    stuck.close();
  });

  it('limits the strategies of an account: "too many passthrough strategies"', async () => {
    const existing = Number((await owner.get('/iot/passthrough')).json().data.total);
    for (let i = existing; i < PASSTHROUGH_MAX_PER_ACCOUNT; i++) {
      const device = await dtuDevice({ templateId: null });
      await strategyFor(device.id, `Strategy ${i}`);
    }
    const device = await dtuDevice({ templateId: null });
    const res = await owner.post('/iot/passthrough', { name: 'One too many', deviceId: device.id, allowList: [] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `Too many passthrough strategies (at most ${PASSTHROUGH_MAX_PER_ACCOUNT} per account)`,
    );
  });
});
