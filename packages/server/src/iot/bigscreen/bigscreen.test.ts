import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { filesEnv, uploadPicture } from '../../../test/files.ts';
import type { Database } from '../../platform/db/schema.ts';
import { DAY, HOUR, startOfDay } from '../../platform/time.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import { buildAlarm } from '../alarms/testing.ts';
import { buildDevice, mainAccount, subUser } from '../devices/testing.ts';

let t: TestApp;
let files: Awaited<ReturnType<typeof filesEnv>>;
let db: Kysely<Database>;
let owner: Caller;
let sub: Caller;
let other: Caller;
let pump: number;
let tank: number;
let subMeter: number;
const today = startOfDay(Date.now());

async function alarm(deviceId: number, ownerId: number, content: string, firedAt: number) {
  const id = await buildAlarm(db, { deviceId, ownerId, triggerName: content, content });
  await db.updateTable('alarms').set({ fired_at: firedAt }).where('id', '=', id).execute();
}

const view = async (by: Caller) => {
  const res = await by.get('/iot/bigscreen');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

beforeAll(async () => {
  files = await filesEnv('LOCAL');
  t = await buildTestApp(files.env);
  db = t.db.kysely;
  owner = await mainAccount(t);
  other = await mainAccount(t);
  sub = await subUser(t, owner.user.id);
  pump = await buildDevice(owner, { name: 'Pump' });
  tank = await buildDevice(owner, { name: 'Tank' });
  subMeter = await buildDevice(sub, { name: 'Sub meter' });
  const elsewhere = await buildDevice(other, { name: 'Elsewhere' });
  await db.updateTable('devices').set({ status: 'online' }).where('id', 'in', [pump, subMeter]).execute();
  await db.updateTable('devices').set({ status: 'alarm' }).where('id', '=', tank).execute();
  await alarm(tank, owner.user.id, 'Tank high', today + HOUR);
  await alarm(tank, owner.user.id, 'Tank high again', today + 2 * HOUR);
  await alarm(pump, owner.user.id, 'Pump hot', today - DAY + HOUR);
  await alarm(subMeter, sub.user.id, 'Meter low', today + 3 * HOUR);
  await alarm(elsewhere, other.user.id, 'Not yours', today + 4 * HOUR);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await files?.close();
});

describe('the large-screen monitor', () => {
  it("counts the account's devices by status, its sub-users' included, and nobody else's", async () => {
    const data = await view(owner);
    expect(data.devices).toMatchObject({ total: 3, online: 2, alarm: 1 });
    expect(data.followed.sort()).toEqual([pump, tank, subMeter].sort());
    expect(data.byProject.reduce((n: number, p: { total: number }) => n + p.total, 0)).toBe(3);
  });

  it('charts the week of alarms and ranks the devices with the most', async () => {
    const { alarms } = await view(owner);
    expect(alarms.today).toBe(3);
    expect(alarms.week).toHaveLength(7);
    expect(alarms.week.at(-1).raised).toBe(3);
    expect(alarms.week.at(-2).raised).toBe(1);
    expect(alarms.topDevices[0]).toEqual({ deviceId: tank, name: 'Tank', count: 2 });
    expect(alarms.topDevices.map((d: { name: string }) => d.name)).not.toContain('Elsewhere');
  });

  it('feeds the newest alarms first, only of visible devices', async () => {
    const { recent } = await view(owner);
    expect(recent.map((a: { content: string }) => a.content)).toEqual([
      'Meter low',
      'Tank high again',
      'Tank high',
      'Pump hot',
    ]);
    expect(recent[0]).toMatchObject({ deviceId: subMeter, deviceName: 'Sub meter', restored: false });
  });

  it('shows a sub-user their own devices and alarms only, and another account none of these', async () => {
    const mine = await view(sub);
    expect(mine.devices).toMatchObject({ total: 1, online: 1, alarm: 0 });
    expect(mine.followed).toEqual([subMeter]);
    expect(mine.recent.map((a: { content: string }) => a.content)).toEqual(['Meter low']);
    expect(mine.alarms.topDevices).toEqual([{ deviceId: subMeter, name: 'Sub meter', count: 1 }]);
    const theirs = await view(other);
    expect(theirs.devices.total).toBe(1);
    expect(theirs.recent.map((a: { content: string }) => a.content)).toEqual(['Not yours']);
  });

  it('maps the located devices in scope with their status, for the overview’s map (decision 0154)', async () => {
    expect((await view(owner)).map).toEqual({ list: [], truncated: false });
    await db
      .updateTable('devices')
      .set({ latitude: 31.23, longitude: 121.47, address: 'Pump house, Shanghai' })
      .where('id', '=', pump)
      .execute();
    await db.updateTable('devices').set({ latitude: 30.27, longitude: 120.15 }).where('id', '=', subMeter).execute();
    await db.updateTable('devices').set({ latitude: 39.9, longitude: 116.4 }).where('name', '=', 'Elsewhere').execute();
    const { map } = await view(owner);
    // The tank has no position: it is counted, not mapped.
    expect(map.truncated).toBe(false);
    expect(map.list).toEqual([
      {
        id: subMeter,
        name: 'Sub meter',
        status: 'online',
        enabled: true,
        latitude: 30.27,
        longitude: 120.15,
        address: null,
      },
      {
        id: pump,
        name: 'Pump',
        status: 'online',
        enabled: true,
        latitude: 31.23,
        longitude: 121.47,
        address: 'Pump house, Shanghai',
      },
    ]);
    await db.updateTable('devices').set({ status: 'alarm' }).where('id', '=', pump).execute();
    expect((await view(owner)).map.list.find((d: { id: number }) => d.id === pump).status).toBe('alarm');
    await db.updateTable('devices').set({ status: 'online' }).where('id', '=', pump).execute();
    expect((await view(sub)).map.list.map((d: { name: string }) => d.name)).toEqual(['Sub meter']);
    expect((await view(other)).map.list.map((d: { name: string }) => d.name)).toEqual(['Elsewhere']);
  });

  it('keeps each account its own title, logo and refresh, and takes only a picture it uploaded', async () => {
    expect((await view(owner)).settings).toEqual({ title: '', logo: null, refreshSeconds: 30 });
    const logo = await uploadPicture(t.app, owner.token, 'logo.png');

    const refused = await owner.call('PUT', '/iot/bigscreen/settings', {
      title: 'Plant wall',
      logo: '/files/not-uploaded.png',
      refreshSeconds: 10,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('The logo must be a jpg or png picture you uploaded');
    // Another account's picture is not theirs to show either.
    const borrowed = await sub.call('PUT', '/iot/bigscreen/settings', { title: '', logo, refreshSeconds: 10 });
    expect(borrowed.statusCode).toBe(400);

    const saved = await owner.call('PUT', '/iot/bigscreen/settings', { title: 'Plant wall', logo, refreshSeconds: 10 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await view(owner)).settings).toEqual({ title: 'Plant wall', logo, refreshSeconds: 10 });
    expect((await view(sub)).settings).toEqual({ title: '', logo: null, refreshSeconds: 30 });

    const long = await owner.call('PUT', '/iot/bigscreen/settings', {
      title: 'x'.repeat(41),
      logo,
      refreshSeconds: 10,
    });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('A monitor title is at most 40 characters');
    const odd = await owner.call('PUT', '/iot/bigscreen/settings', { title: '', logo: null, refreshSeconds: 7 });
    expect(odd.statusCode).toBe(400);
  });
});
