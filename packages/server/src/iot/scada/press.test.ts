import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, memoryLogger, type TestApp } from '../../../test/app.ts';
import { buildUser } from '../../../test/factories.ts';
import { type Caller, callerFor } from '../../portal/orgs/testing.ts';
import { buildDevice, mainAccount, newSn } from '../devices/testing.ts';
import { linksFor } from '../gateway/links.ts';
import type { DtuServer } from '../gateway/server.ts';
import {
  connectDtu,
  plantSlave,
  plantTemplate,
  registrationOf,
  startTestDtuServer,
  type TestDtu,
  type TestSlave,
} from '../gateway/testing.ts';

let t: TestApp;
let owner: Caller;
let server: DtuServer;
let slave: TestSlave;
let dtu: TestDtu;
let screenId: number;

const element = (id: string, kind: string, binding: { deviceId: number; pointId: number }, writeValue: unknown) => ({
  id,
  kind,
  x: 100,
  y: 100,
  width: 60,
  height: 40,
  rotation: 0,
  text: id,
  writeValue,
  binding,
});

beforeAll(async () => {
  t = await buildTestApp();
  owner = await mainAccount(t);
  const template = await owner.post('/iot/templates', plantTemplate('Plant Controller'));
  const points = new Map<string, number>(
    template.json().data.points.map((p: { id: number; name: string }) => [p.name, p.id]),
  );
  const sn = newSn();
  const deviceId = await buildDevice(owner, {
    sn,
    commPassword: 'secret12',
    templateId: template.json().data.id,
    queryInterval: 3600,
  });
  server = await startTestDtuServer(t.db, memoryLogger().logger, { readTimeoutMs: 150 });
  slave = plantSlave();
  dtu = await connectDtu(server.port, registrationOf(sn, 'secret12'), [slave]);
  await vi.waitFor(() => expect(linksFor(t.db).get(deviceId)).toBeDefined(), { timeout: 5_000 });
  const made = await owner.post('/iot/scada', { name: 'Pump station', sharing: 'open' });
  screenId = made.json().data.id;
  const at = (name: string) => ({ deviceId, pointId: points.get(name) ?? 0 });
  const saved = await owner.call('PUT', `/iot/scada/${screenId}`, {
    name: 'Pump station',
    sharing: 'open',
    revision: 1,
    document: {
      format: 1,
      width: 1280,
      height: 720,
      grid: 10,
      background: null,
      elements: [
        element('pump-switch', 'switch', at('Pump Switch'), null),
        element('setpoint', 'button', at('Setpoint'), 30),
        element('humidity', 'button', at('Humidity'), 50),
        element('lamp', 'lamp', at('Pump Switch'), null),
        element('valve', 'valve', at('Pump Switch'), null),
      ],
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  // A running screen is the published version (decision 0127).
  expect((await owner.post(`/iot/scada/${screenId}/publish`, { revision: 2 })).statusCode).toBe(200);
});
afterAll(async () => {
  dtu.close();
  await server.stop();
  await t.close();
});

const press = (c: Caller, elementId: string, value: unknown = null) =>
  c.post(`/iot/scada/${screenId}/press`, { elementId, value });

describe('a click on a running configuration', () => {
  it('turns a switch over and writes a button’s value through the device write path', async () => {
    const off = await press(owner, 'pump-switch', 0);
    expect(off.statusCode, off.body).toBe(200);
    expect(slave.coils.get(0)).toBe(0);
    expect((await press(owner, 'pump-switch', true)).statusCode).toBe(200);
    expect(slave.coils.get(0)).toBe(1);
    // A valve turns its point over as a switch does.
    expect((await press(owner, 'valve', 0)).statusCode).toBe(200);
    expect(slave.coils.get(0)).toBe(0);
    expect((await press(owner, 'valve', 1)).statusCode).toBe(200);
    expect(slave.coils.get(0)).toBe(1);
    const set = await press(owner, 'setpoint', 99);
    expect(set.statusCode, set.body).toBe(200);
    // The screen's value, 30, not the one the caller sent: the inverse formula makes it 300.
    expect(slave.holding.get(10)).toBe(300);
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'result'])
      .where('action', '=', 'writePoint')
      .where('target_id', '=', String(set.json().data.deviceId))
      .execute();
    expect(audit.filter((a) => a.result === 'ok')).toHaveLength(5);
  });

  it('refuses a read-only point with the spec message, writing nothing', async () => {
    slave.holding.set(0, 655);
    const res = await press(owner, 'humidity');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Read-only data points do not support this operation');
    expect(slave.holding.get(0)).toBe(655);
  });

  it('refuses a user with view permission only, and says so in words', async () => {
    // Role 19, the test account, views configurations and does not operate them.
    const viewer = await callerFor(
      t,
      await buildUser(t.db.kysely, { roleIds: [19], userType: 'sub', parentId: owner.user.id, identityId: null }),
    );
    expect((await viewer.get(`/iot/scada/${screenId}`)).statusCode).toBe(200);
    slave.coils.set(0, 1);
    const res = await press(viewer, 'pump-switch', 0);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You do not have permission to do this');
    expect(slave.coils.get(0)).toBe(1);
  });

  it('refuses what is not a bound button or switch, and a switch asked for neither on nor off', async () => {
    const lamp = await press(owner, 'lamp', 1);
    expect(lamp.statusCode).toBe(400);
    expect(lamp.json().message).toBe('Component “lamp” is not a button, switch or valve bound to a data point');
    expect((await press(owner, 'nowhere', 1)).statusCode).toBe(400);
    const two = await press(owner, 'pump-switch', 2);
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toBe('A switch writes on or off (1 or 0)');
  });
});
