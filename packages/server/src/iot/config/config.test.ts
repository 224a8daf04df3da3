import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import { buildDevice, mainAccount, messageFor, subUser } from '../devices/testing.ts';

let t: TestApp;
let owner: Caller;
let stranger: Caller;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await mainAccount(t);
  stranger = await mainAccount(t);
});
afterAll(() => t.close());

const dtu = (change: Record<string, unknown> = {}) => ({
  baudRate: 9600,
  dataBits: 8,
  parity: 'none',
  stopBits: 1,
  heartbeat: '4842',
  heartbeatSeconds: 60,
  registrationPacket: null,
  serverHost: 'iot.example.com',
  serverPort: 15000,
  ...change,
});

describe('configuration profiles', () => {
  it('adds, lists, edits and deletes a DTU profile', async () => {
    const res = await owner.post('/iot/config/profiles', { kind: 'dtu', name: '泵站配置', dtu: dtu() });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id;
    expect(res.json().data.dtu).toMatchObject({ commandPassword: 'www.usr.cn', baudRate: 9600, heartbeat: '4842' });
    const edited = await owner.call('PUT', `/iot/config/profiles/${id}`, {
      kind: 'dtu',
      name: 'Pump station',
      dtu: dtu({ baudRate: 115200 }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const list = await owner.get('/iot/config/profiles?name=pump');
    expect(
      list.json().data.list.map((p: { name: string; dtu: { baudRate: number } }) => [p.name, p.dtu.baudRate]),
    ).toEqual([['Pump station', 115200]]);
    // Another account neither sees nor deletes it.
    expect((await stranger.get('/iot/config/profiles')).json().data.total).toBe(0);
    expect((await stranger.call('DELETE', `/iot/config/profiles/${id}`)).statusCode).toBe(404);
    expect((await owner.call('DELETE', `/iot/config/profiles/${id}`)).statusCode).toBe(200);
    expect((await owner.get(`/iot/config/profiles/${id}`)).statusCode).toBe(404);
  });

  it('refuses out-of-range values and a long name with a message per field, and saves nothing', async () => {
    const res = await owner.post('/iot/config/profiles', {
      kind: 'dtu',
      name: '一二三四五六七八九十一二三四五六七八九十一',
      dtu: dtu({
        baudRate: 9601,
        dataBits: 6,
        stopBits: 3,
        heartbeatSeconds: 0,
        serverPort: 70000,
        heartbeat: 'XYZ',
        serverHost: 'a b',
      }),
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(messageFor(body, 'name')).toEqual(['A configuration name is at most 20 Chinese or 40 Latin characters']);
    expect(messageFor(body, 'dtu.baudRate')[0]).toMatch(/^The baud rate must be 1200/);
    expect(messageFor(body, 'dtu.dataBits')).toEqual(['Data bits must be 7 or 8']);
    expect(messageFor(body, 'dtu.stopBits')).toEqual(['Stop bits must be 1 or 2']);
    expect(messageFor(body, 'dtu.heartbeatSeconds')).toEqual([
      'The heartbeat interval must be a whole number of seconds from 1 to 65535',
    ]);
    expect(messageFor(body, 'dtu.serverPort')).toEqual(['The server port must be from 1 to 65535']);
    expect(messageFor(body, 'dtu.heartbeat')).toEqual(['The heartbeat content must be hexadecimal, at most 40 bytes']);
    expect(messageFor(body, 'dtu.serverHost')[0]).toMatch(/host name or an IP address/);
    // Twenty Chinese characters are the limit, forty Latin ones too.
    const ok = await owner.post('/iot/config/profiles', {
      kind: 'dtu',
      name: '一二三四五六七八九十一二三四五六七八九十',
      dtu: dtu(),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const zh = await t.app.inject({
      method: 'POST',
      url: '/api/iot/config/profiles',
      headers: { 'x-authorization': owner.token, 'accept-language': 'zh-CN' },
      payload: { kind: 'mqtt', name: 'JSON', mqtt: { document: '[1,2]' } },
    });
    expect(messageFor(zh.json(), 'mqtt.document')).toEqual(['配置内容须为 JSON 对象，例如 {"interval": 60}']);
    expect((await owner.get('/iot/config/profiles?kind=mqtt')).json().data.total).toBe(0);
  });

  it('refuses a second profile of the same name', async () => {
    expect(
      (await owner.post('/iot/config/profiles', { kind: 'mqtt', name: 'Twice', mqtt: { document: '{}' } })).statusCode,
    ).toBe(200);
    const again = await owner.post('/iot/config/profiles', {
      kind: 'mqtt',
      name: 'Twice',
      mqtt: { document: '{"a":1}' },
    });
    expect(again.statusCode).toBe(400);
    expect(messageFor(again.json(), 'name')).toEqual(['A configuration with this name already exists']);
  });
});

describe('applying a profile', () => {
  it('queues devices as to be configured, only devices of its kind and of the caller, all or none', async () => {
    const a = await buildDevice(owner);
    const b = await buildDevice(owner);
    const mqttDevice = await buildDevice(owner, { protocol: 'mqttJson' });
    const foreign = await buildDevice(stranger);
    const id = (await owner.post('/iot/config/profiles', { kind: 'dtu', name: 'Apply', dtu: dtu() })).json().data.id;

    const wrongKind = await owner.post(`/iot/config/profiles/${id}/apply`, { deviceIds: [a, mqttDevice] });
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json().message).toMatch(/does not match the configuration/);
    expect((await owner.post(`/iot/config/profiles/${id}/apply`, { deviceIds: [a, foreign] })).statusCode).toBe(404);
    expect((await owner.get('/iot/config/devices')).json().data.total).toBe(0);

    const res = await owner.post(`/iot/config/profiles/${id}/apply`, { deviceIds: [a, b] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ queued: 2 });
    const list = (await owner.get('/iot/config/devices?state=pending')).json().data;
    expect(
      list.list
        .map((r: { deviceId: number; state: string; profileName: string }) => [r.deviceId, r.state, r.profileName])
        .sort(),
    ).toEqual(
      [
        [a, 'pending', 'Apply'],
        [b, 'pending', 'Apply'],
      ].sort(),
    );
    // Another account sees none of them, nor does a sub-user who was granted none of these devices.
    expect((await stranger.get('/iot/config/devices')).json().data.total).toBe(0);
    const sub = await subUser(t, owner.user.id);
    expect((await sub.get('/iot/config/devices')).json().data.total).toBe(0);
  });

  it('applies a profile with a registration packet to one device only', async () => {
    const a = await buildDevice(owner);
    const b = await buildDevice(owner);
    const id = (
      await owner.post('/iot/config/profiles', {
        kind: 'dtu',
        name: 'Packet',
        dtu: dtu({ registrationPacket: 'AA BB' }),
      })
    ).json().data.id;
    const many = await owner.post(`/iot/config/profiles/${id}/apply`, { deviceIds: [a, b] });
    expect(many.statusCode).toBe(400);
    expect(many.json().message).toMatch(/identifies one device/);
    expect((await owner.post(`/iot/config/profiles/${id}/apply`, { deviceIds: [a] })).statusCode).toBe(200);
  });
});
