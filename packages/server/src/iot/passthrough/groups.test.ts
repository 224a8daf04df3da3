import { ModbusSlave, type SimulatedDtu } from '@meridian/simulator';
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
  type TestDtu,
} from '../gateway/testing.ts';
import { type GroupBridges, startGroupBridges } from './groups.ts';
import { masterReads, oneRegisterTemplate } from './testing.ts';

const memory = memoryLogger();

let t: TestApp;
let owner: Caller;
let server: DtuServer;
let groups: GroupBridges;
let telemetry: RecordingTelemetry;
const templates = new Map<number, number>();
const dtus: SimulatedDtu[] = [];
const raw: TestDtu[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  owner = await mainAccount(t);
  telemetry = new RecordingTelemetry();
  server = await startTestDtuServer(t.db, memory.logger, { readTimeoutMs: 300 }, telemetry);
  groups = startGroupBridges(t.db, memory.logger, { syncMs: 100, bufferCap: 64 * 1024 });
  for (const address of [1, 2]) {
    const res = await owner.post('/iot/templates', oneRegisterTemplate(`Edge PLC ${address}`, address, 'Level'));
    expect(res.statusCode, res.body).toBe(200);
    templates.set(address, res.json().data.id);
  }
});
afterAll(async () => {
  for (const dtu of dtus) dtu.stop();
  for (const dtu of raw) dtu.close();
  await groups.stop();
  await server.stop();
  await t.close();
});

let seq = 0;
async function dtuDevice(templateId: number | null) {
  const sn = newSn();
  const password = `pg${String(++seq).padStart(6, '0')}`;
  const id = await buildDevice(owner, { sn, commPassword: password, templateId, queryInterval: 1 });
  return { id, sn, password };
}

const connected = (deviceId: number) => [...server.connections].find((c) => c.deviceId === deviceId && !c.isClosed);

function connectionOf(deviceId: number): DtuConnection {
  const found = connected(deviceId);
  if (!found) throw new Error(`device ${deviceId} not connected`);
  return found;
}

/** An edge: a simulated DTU whose serial bus has one Modbus slave at `address`, polled by its template. */
async function edgeDtu(address: number, value: number) {
  const device = await dtuDevice(templates.get(address) ?? null);
  const dtu = startTestDtu(server, {
    sn: device.sn.padEnd(20, ' '),
    password: device.password,
    slaves: [
      new ModbusSlave(address, [
        {
          name: 'Level',
          table: 'holdingRegister',
          address: 0,
          encoding: 'uint16',
          initial: value,
          drift: { kind: 'fixed' },
        },
      ]),
    ],
  });
  dtus.push(dtu);
  await dtu.ready();
  await expect.poll(() => telemetry.batches.some((b) => b.deviceId === device.id), { timeout: 10_000 }).toBe(true);
  return device;
}

/** The management side: a DTU whose serial device is the master (a PLC or SCADA) writing requests on the line. */
async function managementDtu() {
  const device = await dtuDevice(null);
  const dtu = await connectDtu(server.port, registrationOf(device.sn, device.password), []);
  raw.push(dtu);
  await expect.poll(() => Boolean(connected(device.id)), { timeout: 10_000 }).toBe(true);
  return { device, dtu };
}

const batchesOf = (deviceId: number) => telemetry.batches.filter((b) => b.deviceId === deviceId).length;

describe('passthrough groups: a management DTU bridged with edge DTUs', () => {
  it("relays the master's Modbus request to every edge and the addressed slave's reply back, polling paused while enabled", async () => {
    const { device: management, dtu: master } = await managementDtu();
    const edgeOne = await edgeDtu(1, 1111);
    const edgeTwo = await edgeDtu(2, 2222);

    const res = await owner.post('/iot/passthrough', {
      name: 'Pump station bus',
      kind: 'group',
      deviceId: management.id,
      edgeIds: [edgeOne.id, edgeTwo.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    const strategy = res.json().data;
    expect(strategy.edges.map((e: { deviceId: number }) => e.deviceId)).toEqual([edgeOne.id, edgeTwo.id]);

    // Every member is bridged: its polling pauses.
    for (const id of [management.id, edgeOne.id, edgeTwo.id])
      await expect.poll(() => connectionOf(id).inPassthrough, { timeout: 10_000 }).toBe(true);
    expect(await masterReads(master, 2)).toBe(2222);
    expect(await masterReads(master, 1)).toBe(1111);
    const listed = await owner.get('/iot/passthrough');
    expect(listed.json().data.list.find((s: { id: number }) => s.id === strategy.id).inSession).toBe(true);

    // No poll cycle runs on the edges while the group is enabled: a tick passes without a batch.
    const before = batchesOf(edgeOne.id);
    const dueAt = connectionOf(edgeOne.id).dueAt;
    await expect.poll(() => connectionOf(edgeOne.id).dueAt, { timeout: 10_000 }).toBeGreaterThan(dueAt);
    expect(await masterReads(master, 1)).toBe(1111);
    expect(batchesOf(edgeOne.id)).toBe(before);

    // Switched off: the members leave the bridge and the edges are polled again.
    const off = await owner.call('PUT', `/iot/passthrough/${strategy.id}`, {
      name: 'Pump station bus',
      kind: 'group',
      deviceId: management.id,
      edgeIds: [edgeOne.id, edgeTwo.id],
      enabled: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.enabled).toBe(false);
    for (const id of [management.id, edgeOne.id, edgeTwo.id])
      await expect.poll(() => connectionOf(id).inPassthrough, { timeout: 10_000 }).toBe(false);
    await expect.poll(() => batchesOf(edgeOne.id), { timeout: 10_000 }).toBeGreaterThan(before);
  });

  it('keeps a DTU in one strategy at most and says what is wrong with a group in words', async () => {
    const management = await dtuDevice(null);
    const edge = await dtuDevice(null);
    const other = await dtuDevice(null);
    const taken = await owner.post('/iot/passthrough', { name: 'PC link', deviceId: other.id });
    expect(taken.statusCode, taken.body).toBe(200);

    const group = (edgeIds: number[], name = 'Tank farm') =>
      owner.post('/iot/passthrough', { name, kind: 'group', deviceId: management.id, edgeIds });
    const noEdge = await group([]);
    expect(noEdge.statusCode).toBe(400);
    expect(noEdge.body).toContain('Choose at least one edge DTU');
    const twice = await group([edge.id, management.id]);
    expect(twice.statusCode).toBe(400);
    expect(twice.body).toContain('A DTU cannot be in the group twice');
    const inOther = await group([edge.id, other.id]);
    expect(inOther.statusCode).toBe(400);
    expect(inOther.body).toContain('An edge DTU is already in another passthrough strategy');

    const made = await group([edge.id]);
    expect(made.statusCode, made.body).toBe(200);
    // The edge is taken now, as a PC strategy's DTU too.
    const again = await owner.post('/iot/passthrough', { name: 'Edge PC link', deviceId: edge.id });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('This DTU is already in another passthrough strategy');
  });
});
