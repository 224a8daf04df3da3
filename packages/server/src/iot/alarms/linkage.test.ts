import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import { buildDevice, mainAccount, newSn } from '../devices/testing.ts';
import type { DtuServer } from '../gateway/server.ts';
import {
  connectDtu,
  plantSlave,
  plantTemplate,
  registrationOf,
  startTestDtuServer,
  type TestDtu,
} from '../gateway/testing.ts';
import { telemetryFor } from '../telemetry/index.ts';
import { quietLog } from '../telemetry/testing.ts';
import { alarmsOf, buildTrigger } from './testing.ts';

let t: TestApp;
let owner: Caller;
let server: DtuServer;
let templateId: number;
let points: Map<string, number>;
const dtus: TestDtu[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  owner = await mainAccount(t);
  const res = await owner.post('/iot/templates', plantTemplate('Linked plant'));
  expect(res.statusCode, res.body).toBe(200);
  templateId = res.json().data.id;
  points = new Map(res.json().data.points.map((p: { id: number; name: string }) => [p.name, p.id]));
  // The real telemetry writer: the alarm engine hears its batches, as in a running gateway.
  server = await startTestDtuServer(
    t.db,
    quietLog,
    { readTimeoutMs: 150, retries: 1 },
    telemetryFor(t.db, t.config, quietLog),
  );
  // A new database and a world of devices: slow on a busy machine.
}, 30_000);
afterAll(async () => {
  for (const dtu of dtus) dtu.close();
  await server.stop();
  await t.close();
});

let seq = 0;
async function connectedDevice(slave = plantSlave()) {
  const sn = newSn();
  const password = `lk${String(++seq).padStart(6, '0')}`;
  const deviceId = await buildDevice(owner, { sn, commPassword: password, templateId, queryInterval: 1 });
  return { deviceId, slave, register: () => connectDtu(server.port, registrationOf(sn, password), [slave]) };
}

const humidityAbove60 = (deviceId: number) => ({
  scope: 'device',
  deviceId,
  conditions: [{ kind: 'gt', pointId: points.get('Humidity'), value: 60 }],
  linkage: { enabled: true, pointId: points.get('Setpoint'), value: 30 },
});

describe('linkage', () => {
  it('writes the value through the DTU connection when the alarm fires (inverse formula applied)', async () => {
    const { deviceId, slave, register } = await connectedDevice();
    const triggerId = await buildTrigger(owner, humidityAbove60(deviceId));
    dtus.push(await register());
    // The slave reports 65.5 %RH: the alarm fires and linkage writes 30.0 as the raw 300.
    await expect.poll(async () => (await alarmsOf(t, triggerId))[0]?.linkage_outcome, { timeout: 8000 }).toBe('ok');
    expect(slave.holding.get(10)).toBe(300);
    expect(slave.requests).toContainEqual({ fn: 6, address: 10, count: 1 });
    const record = (await owner.get(`/iot/alarms?triggerId=${triggerId}`)).json().data.list;
    expect(record).toHaveLength(1);
    expect(record[0]).toMatchObject({ value: '65.5', linkage: 'Linkage done' });
  });

  it('keeps a failed write on the alarm', async () => {
    const slave = plantSlave();
    const answer = slave.answer.bind(slave);
    // Reads answer; writes get an exception reply.
    slave.answer = (pdu: Buffer) => (pdu[0] === 6 ? Buffer.from([0x86, 0x02]) : answer(pdu));
    const { deviceId, register } = await connectedDevice(slave);
    const triggerId = await buildTrigger(owner, humidityAbove60(deviceId));
    dtus.push(await register());
    await expect
      .poll(async () => (await alarmsOf(t, triggerId))[0]?.linkage_outcome ?? 'pending', { timeout: 8000 })
      .not.toBe('pending');
    const record = (await owner.get(`/iot/alarms?triggerId=${triggerId}`)).json().data.list;
    expect(record[0].linkage).toMatch(/^Linkage failed: .*slave error reply/i);
  });
});
