import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { as, buildUser } from '../../../test/factories.ts';
import { type Caller, callerFor } from '../../portal/orgs/testing.ts';
import { sampleTemplate } from '../templates/testing.ts';
import { buildDevice, mainAccount } from './testing.ts';

let t: TestApp;
let owner: Caller;
let fitter: Caller;
let deviceId: number;
let templateId: number;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await mainAccount(t);
  fitter = await callerFor(
    t,
    await buildUser(t.db.kysely, { roleIds: [11], userType: 'sub', parentId: owner.user.id, identityId: null }),
  );
  templateId = (await owner.post('/iot/templates', sampleTemplate('Level Template'))).json().data.id as number;
  deviceId = await buildDevice(owner, { templateId });
});
afterAll(() => t.close());

const setLevel = (c: Caller, userId: number, deviceLevel: number | null) =>
  c.call('PUT', `/iot/users/${userId}/device-authorization`, { deviceLevel });
const grant = (edit: boolean, del: boolean) =>
  owner.call('PUT', `/iot/users/${fitter.user.id}/device-grants`, {
    grants: [{ deviceId, view: true, edit, delete: del }],
  });
const viewOnly = 'Your device level is 1: you may only view devices; editing and operating them needs level 2';
const noDelete = 'Your device level is 2: deleting devices needs level 3';

describe('device level when granting', () => {
  it('refuses a right above the sub-user’s level, naming the level and the right', async () => {
    expect((await setLevel(owner, fitter.user.id, 1)).statusCode).toBe(200);
    const edit = await grant(true, false);
    expect(edit.statusCode).toBe(400);
    expect(edit.json().message).toBe("This user's device level is 1: the edit right needs level 2");
    expect((await grant(false, false)).statusCode).toBe(200);

    await setLevel(owner, fitter.user.id, 2);
    const del = await grant(true, true);
    expect(del.json().message).toBe("This user's device level is 2: the delete right needs level 3");
    expect((await grant(true, false)).statusCode).toBe(200);
  });
});

describe('device level when using devices', () => {
  it('lets level 1 view only: no edit, add, debugging or choices, in both languages', async () => {
    await setLevel(owner, fitter.user.id, null);
    expect((await grant(true, true)).statusCode).toBe(200);
    // Lowering the level keeps the grants; the level caps them while it stays lowered.
    await setLevel(owner, fitter.user.id, 1);
    expect((await fitter.get(`/iot/devices/${deviceId}`)).statusCode).toBe(200);
    const edit = await fitter.call('PUT', `/iot/devices/${deviceId}`, { name: 'Renamed' });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().message).toBe(viewOnly);
    const zh = await t.app.inject({
      method: 'PUT',
      url: `/api/iot/devices/${deviceId}`,
      headers: { ...as(fitter.token), 'accept-language': 'zh-CN' },
      payload: { name: 'Renamed' },
    });
    expect(zh.json().message).toBe('您的设备等级为 1 级，只能查看设备；编辑和操作设备需要 2 级');
    const add = await fitter.post('/iot/devices', { name: 'Own meter', deviceNo: 4321 });
    expect(add.json().message).toBe(viewOnly);
    const batch = await fitter.post('/iot/devices/batch', { count: 2, namePrefix: 'M', startNo: 4400 });
    expect(batch.json().message).toBe(viewOnly);
    const debug = await fitter.post(`/iot/devices/${deviceId}/debug`, { payload: '01 03 00 00 00 01' });
    expect(debug.json().message).toBe(viewOnly);
    expect((await fitter.get(`/iot/devices/choices?deviceId=${deviceId}`)).json().message).toBe(viewOnly);
    const removed = await fitter.call('DELETE', `/iot/devices/${deviceId}`);
    expect(removed.statusCode).toBe(403);
    expect(removed.json().message).toBe('Your device level is 1: deleting devices needs level 3');
  });

  it('lets level 2 edit but not delete, and level 3 delete', async () => {
    await setLevel(owner, fitter.user.id, 2);
    const edit = await fitter.call('PUT', `/iot/devices/${deviceId}`, { name: 'Renamed' });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().data.name).toBe('Renamed');
    const removed = await fitter.call('DELETE', `/iot/devices/${deviceId}`);
    expect(removed.statusCode).toBe(403);
    expect(removed.json().message).toBe(noDelete);

    await setLevel(owner, fitter.user.id, 3);
    expect((await fitter.call('DELETE', `/iot/devices/${deviceId}`)).statusCode).toBe(200);
  });

  it("caps an account's own devices too: a level-1 main account applies no template but still lists its devices", async () => {
    const main = await mainAccount(t);
    const own = await buildDevice(main);
    const template = (await main.post('/iot/templates', sampleTemplate('Own Template'))).json().data.id as number;
    await t.db.kysely.updateTable('users').set({ device_level: 1 }).where('id', '=', main.user.id).execute();
    const apply = await main.post(`/iot/templates/${template}/apply`, { deviceIds: [own] });
    expect(apply.statusCode).toBe(403);
    expect(apply.json().message).toBe(viewOnly);
    expect((await main.get('/iot/devices?page=1&size=10')).json().data.total).toBe(1);
  });
});
