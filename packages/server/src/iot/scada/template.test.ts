import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, memoryLogger, type TestApp } from '../../../test/app.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
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
import { sampleTemplate } from '../templates/testing.ts';

let t: TestApp;
let owner: Caller;
let stranger: Caller;
let server: DtuServer;
let templateId: number;
let points: Map<string, number>;
const devices: number[] = [];
const slaves: TestSlave[] = [];
const dtus: TestDtu[] = [];
let notApplied: number;
let otherTemplateDevice: number;
let strangerDevice: number;

const element = (id: string, kind: string, deviceId: number, point: string, writeValue: unknown = null) => ({
  id,
  kind,
  x: 100,
  y: 100,
  width: 60,
  height: 40,
  rotation: 0,
  text: id,
  writeValue,
  binding: { deviceId, pointId: points.get(point) ?? 0 },
});
const documentWith = (elements: unknown[]) => ({
  format: 1,
  width: 1280,
  height: 720,
  grid: 10,
  background: null,
  elements,
});

async function plantDevice(c: Caller, template: number) {
  const sn = newSn();
  const id = await buildDevice(c, { sn, commPassword: 'secret12', templateId: template, queryInterval: 3600 });
  return { id, sn };
}

/** A screen drawn against the first device: a set-point button and a level display. */
async function drawnScreen(name: string) {
  const made = await owner.post('/iot/scada', { name });
  const id = made.json().data.id as number;
  const saved = await owner.call('PUT', `/iot/scada/${id}`, {
    name,
    sharing: 'closed',
    revision: 1,
    document: documentWith([
      element('setpoint', 'button', devices[0] ?? 0, 'Setpoint', 30),
      element('level', 'number', devices[0] ?? 0, 'Setpoint'),
    ]),
  });
  expect(saved.statusCode, saved.body).toBe(200);
  // The viewer opens the published version (decision 0127).
  expect((await owner.post(`/iot/scada/${id}/publish`, { revision: 2 })).statusCode).toBe(200);
  return id;
}

const apply = (c: Caller, id: number, body: Record<string, unknown>) =>
  c.call('PUT', `/iot/scada/${id}/application`, body);

beforeAll(async () => {
  t = await buildTestApp();
  owner = await mainAccount(t);
  stranger = await mainAccount(t);
  const template = await owner.post('/iot/templates', plantTemplate('Plant Controller'));
  templateId = template.json().data.id;
  points = new Map(template.json().data.points.map((p: { id: number; name: string }) => [p.name, p.id]));
  server = await startTestDtuServer(t.db, memoryLogger().logger, { readTimeoutMs: 150 });
  for (let i = 0; i < 2; i += 1) {
    const { id, sn } = await plantDevice(owner, templateId);
    const slave = plantSlave();
    dtus.push(await connectDtu(server.port, registrationOf(sn, 'secret12'), [slave]));
    await vi.waitFor(() => expect(linksFor(t.db).get(id)).toBeDefined(), { timeout: 5_000 });
    devices.push(id);
    slaves.push(slave);
  }
  notApplied = (await plantDevice(owner, templateId)).id;
  const other = await owner.post('/iot/templates', sampleTemplate('Boiler Template'));
  otherTemplateDevice = await buildDevice(owner, { name: 'Boiler 7', templateId: other.json().data.id });
  const strangers = await stranger.post('/iot/templates', plantTemplate('Plant Controller'));
  strangerDevice = await buildDevice(stranger, { templateId: strangers.json().data.id });
});
afterAll(async () => {
  for (const dtu of dtus) dtu.close();
  await server?.stop();
  await t?.close();
});

describe('template-based configurations (Configuration Application)', () => {
  it('applies a screen to two devices of its template, opens it for the second and writes the second’s point', async () => {
    const id = await drawnScreen('Pump station template');
    const applied = await apply(owner, id, { templateId, devices, revision: 2 });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(
      applied
        .json()
        .data.devices.map((d: { id: number }) => d.id)
        .sort(),
    ).toEqual([...devices].sort());

    const second = devices[1] ?? 0;
    const opened = (await owner.get(`/iot/scada/${id}?device=${second}`)).json().data;
    expect(opened.device).toBe(second);
    expect(opened.document.elements.map((e: { binding: { deviceId: number } }) => e.binding.deviceId)).toEqual([
      second,
      second,
    ]);

    slaves[0]?.holding.set(10, 111);
    const pressed = await owner.post(`/iot/scada/${id}/press`, { elementId: 'setpoint', deviceId: second });
    expect(pressed.statusCode, pressed.body).toBe(200);
    expect(pressed.json().data.deviceId).toBe(second);
    // The inverse formula makes 30 into 300, on the second device's controller only.
    expect(slaves[1]?.holding.get(10)).toBe(300);
    expect(slaves[0]?.holding.get(10)).toBe(111);
  });

  it('does not offer the screen for a device it is not applied to, and asks a click which device', async () => {
    const id = await drawnScreen('Only two');
    expect((await apply(owner, id, { templateId, devices, revision: 2 })).statusCode).toBe(200);
    const opened = await owner.get(`/iot/scada/${id}?device=${notApplied}`);
    expect(opened.statusCode).toBe(404);
    expect(opened.json().message).toBe(
      `This configuration is not applied to device ${notApplied}, or you may not see it`,
    );
    const press = await owner.post(`/iot/scada/${id}/press`, { elementId: 'setpoint', deviceId: notApplied });
    expect(press.statusCode).toBe(404);
    const blind = await owner.post(`/iot/scada/${id}/press`, { elementId: 'setpoint' });
    expect(blind.statusCode).toBe(400);
    expect(blind.json().message).toBe('Choose a device before operating a template-based configuration');

    // Applied to every device of the template: the third opens too, and a stranger's never.
    const all = await apply(owner, id, { templateId, devices: null, revision: 3 });
    expect(all.json().data.devices.map((d: { id: number }) => d.id)).toContain(notApplied);
    expect((await owner.get(`/iot/scada/${id}?device=${notApplied}`)).statusCode).toBe(200);
    expect(all.json().data.devices.map((d: { id: number }) => d.id)).not.toContain(strangerDevice);
  });

  it('refuses a device of another template or outside the caller’s scope, in both languages, saving nothing', async () => {
    const id = await drawnScreen('Refusals');
    const other = await apply(owner, id, { templateId, devices: [devices[0], otherTemplateDevice], revision: 2 });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe(
      'Device “Boiler 7” is of another template: the configuration cannot be applied to it',
    );
    const outside = await apply(owner, id, { templateId, devices: [strangerDevice], revision: 2 });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toBe(`Device ${strangerDevice} does not exist or is outside what you may see`);
    const inChinese = await t.app.inject({
      method: 'PUT',
      url: `/api/iot/scada/${id}/application`,
      headers: { 'x-authorization': owner.token, 'accept-language': 'zh-CN' },
      payload: { templateId, devices: [otherTemplateDevice], revision: 2 },
    });
    expect(inChinese.json().message).toBe('设备“Boiler 7”不属于该组态的模板，不能应用');
    const detail = (await owner.get(`/iot/scada/${id}`)).json().data;
    expect(detail).toMatchObject({ revision: 2, devices: null, device: null });
  });

  it('refuses a binding to a point not in the template, in both languages', async () => {
    const id = await drawnScreen('Wrong points');
    const boiler = await owner.get(`/iot/devices/${otherTemplateDevice}`);
    expect(boiler.statusCode, boiler.body).toBe(200);
    const otherTemplate = boiler.json().data.templateId as number;
    const res = await apply(owner, id, { templateId: otherTemplate, devices: null, revision: 2 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'Component “setpoint” is bound to a data point that is not in this configuration’s template',
    );
    const inChinese = await t.app.inject({
      method: 'PUT',
      url: `/api/iot/scada/${id}/application`,
      headers: { 'x-authorization': owner.token, 'accept-language': 'zh-CN' },
      payload: { templateId: otherTemplate, devices: null, revision: 2 },
    });
    expect(inChinese.json().message).toBe('组件“setpoint”绑定的数据点不属于该组态的模板');
    // A stranger's template is not there to apply.
    const theirs = await apply(owner, id, { templateId: 999_999, devices: null, revision: 2 });
    expect(theirs.json().message).toBe('No such template, or you may not see it');
  });

  it('links a component to another screen of the account, and refuses one of another account', async () => {
    const target = await drawnScreen('Filter room');
    const theirs = (await stranger.post('/iot/scada', { name: 'Not yours' })).json().data.id as number;
    const made = await owner.post('/iot/scada', { name: 'Overview' });
    const id = made.json().data.id as number;
    const save = (opens: number) =>
      owner.call('PUT', `/iot/scada/${id}`, {
        name: 'Overview',
        sharing: 'closed',
        revision: 1,
        document: documentWith([
          { ...element('go', 'button', devices[0] ?? 0, 'Setpoint', 1), text: 'Filters', opens },
        ]),
      });
    const refused = await save(theirs);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'Component “Filters” opens a configuration that does not exist or is of another account',
    );
    const fine = await save(target);
    expect(fine.statusCode, fine.body).toBe(200);
    expect(fine.json().data.document.elements[0].opens).toBe(target);
    expect((await owner.post(`/iot/scada/${id}/publish`, { revision: 2 })).statusCode).toBe(200);
    // A link opens, it does not write.
    const press = await owner.post(`/iot/scada/${id}/press`, { elementId: 'go' });
    expect(press.statusCode).toBe(400);
  });
});
