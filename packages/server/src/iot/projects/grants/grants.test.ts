import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/app.ts';
import { type BuiltUser, buildUser } from '../../../../test/factories.ts';
import { accountScopeOf } from '../../../portal/access/scope.ts';
import { type Caller, callerFor } from '../../../portal/orgs/testing.ts';
import type { Auth } from '../../../portal/sessions/service.ts';
import { devicesWithRight } from '../repository.ts';
import { buildDevice } from '../testing.ts';

let t: TestApp;
let owner: Caller;
let rival: Caller;
/** A sub-user who runs sub-users of their own (the main-account role, below the owner). */
let foreman: Caller;
let fitter: BuiltUser;
let rivalSub: BuiltUser;
let meter: { id: number; name: string };
let valve: { id: number; name: string };
let pump: { id: number; name: string };
let rivalDevice: { id: number; name: string };

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.db.kysely;
  const main = { roleIds: [10], userType: 'main' as const, identityId: null };
  owner = await callerFor(t, await buildUser(db, main));
  rival = await callerFor(t, await buildUser(db, main));
  foreman = await callerFor(t, await buildUser(db, { ...main, userType: 'sub', parentId: owner.user.id }));
  fitter = await buildUser(db, { roleIds: [11], userType: 'sub', parentId: foreman.user.id, identityId: null });
  rivalSub = await buildUser(db, { roleIds: [11], userType: 'sub', parentId: rival.user.id, identityId: null });
  meter = await buildDevice(db, { ownerId: owner.user.id, name: 'Meter' });
  valve = await buildDevice(db, { ownerId: owner.user.id, name: 'Valve' });
  pump = await buildDevice(db, { ownerId: owner.user.id, name: 'Pump' });
  rivalDevice = await buildDevice(db, { ownerId: rival.user.id, name: 'Rival meter' });
});
afterAll(() => t.close());

const grantsOf = async (c: Caller, userId: number) =>
  (await c.get(`/iot/users/${userId}/device-grants`))
    .json()
    .data.list.map((g: { deviceId: number; view: boolean; edit: boolean; delete: boolean }) => [
      g.deviceId,
      g.view,
      g.edit,
      g.delete,
    ]);
const grant = (deviceId: number, view: boolean, edit = false, del = false) => ({ deviceId, view, edit, delete: del });

describe('granting devices to sub-users', () => {
  it('grants view, edit and delete per device (edit or delete implies view), and audits it', async () => {
    const res = await owner.call('PUT', `/iot/users/${foreman.user.id}/device-grants`, {
      grants: [grant(meter.id, true), grant(valve.id, false, true)],
    });
    expect(res.statusCode).toBe(200);
    expect(await grantsOf(owner, foreman.user.id)).toEqual([
      [meter.id, true, false, false],
      [valve.id, true, true, false],
    ]);
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select('user_id')
      .where('action', '=', 'setDeviceGrants')
      .where('target_id', '=', String(foreman.user.id))
      .executeTakeFirstOrThrow();
    expect(audit.user_id).toBe(owner.user.id);
  });

  it('refuses a device listed twice, and more than 1000 at once', async () => {
    const res = await owner.call('PUT', `/iot/users/${foreman.user.id}/device-grants`, {
      grants: [grant(meter.id, true), grant(meter.id, true, true)],
    });
    expect(res.json().data).toEqual([{ field: 'grants', msg: 'Each device can appear only once' }]);
    const many = Array.from({ length: 1001 }, (_, i) => grant(i + 1, true));
    const tooMany = await owner.call('PUT', `/iot/users/${foreman.user.id}/device-grants`, { grants: many });
    expect(tooMany.json().data).toEqual([{ field: 'grants', msg: 'At most 1000 devices can be granted at once' }]);
  });

  it('grants only to sub-users below the caller, and only devices the caller can see', async () => {
    const self = await owner.call('PUT', `/iot/users/${owner.user.id}/device-grants`, { grants: [] });
    expect(self.json()).toMatchObject({ code: 403, message: 'You can grant devices only to your own sub-users' });
    const foreign = await owner.call('PUT', `/iot/users/${rivalSub.id}/device-grants`, {
      grants: [grant(meter.id, true)],
    });
    expect(foreign.json()).toMatchObject({ code: 404, message: 'No such user' });
    const theirDevice = await owner.call('PUT', `/iot/users/${foreman.user.id}/device-grants`, {
      grants: [grant(rivalDevice.id, true)],
    });
    expect(theirDevice.json()).toMatchObject({
      code: 404,
      message: `Device ${rivalDevice.id} does not exist or you may not change it`,
    });
    expect((await rival.get(`/iot/users/${foreman.user.id}/device-grants`)).statusCode).toBe(404);
    // Nothing changed by the refused calls.
    expect(await grantsOf(owner, foreman.user.id)).toEqual([
      [meter.id, true, false, false],
      [valve.id, true, true, false],
    ]);
  });

  it('never grants more than the granter holds: view only on a device cannot be passed on as edit', async () => {
    const refused = await foreman.call('PUT', `/iot/users/${fitter.id}/device-grants`, {
      grants: [grant(meter.id, true, true)],
    });
    expect(refused.json()).toMatchObject({
      code: 403,
      message: `You do not hold the edit permission on device ${meter.id}, so you cannot grant it`,
    });
    const passed = await foreman.call('PUT', `/iot/users/${fitter.id}/device-grants`, {
      grants: [grant(meter.id, true), grant(valve.id, true, true)],
    });
    expect(passed.statusCode).toBe(200);
    expect(await grantsOf(foreman, fitter.id)).toEqual([
      [meter.id, true, false, false],
      [valve.id, true, true, false],
    ]);
  });

  it('the rule of which devices a caller may see gives a view-only grant no edit or delete', async () => {
    const auth = { userId: foreman.user.id, superAdmin: false, roleId: 10, identityId: null } as Auth;
    const scope = await accountScopeOf(t.db.kysely, auth);
    const ids = [meter.id, valve.id, pump.id];
    const names = async (right: 'view' | 'edit' | 'delete') =>
      (await devicesWithRight(t.db.kysely, scope, right, ids)).map((d) => d.name).sort();
    expect(await names('view')).toEqual(['Meter', 'Valve']);
    expect(await names('edit')).toEqual(['Valve']);
    expect(await names('delete')).toEqual([]);
  });

  it("keeps grants given by others on devices out of the granter's sight", async () => {
    await owner.call('PUT', `/iot/users/${fitter.id}/device-grants`, {
      grants: [grant(meter.id, true), grant(valve.id, true, true), grant(pump.id, true, false, true)],
    });
    await foreman.call('PUT', `/iot/users/${fitter.id}/device-grants`, { grants: [] });
    expect(await grantsOf(owner, fitter.id)).toEqual([[pump.id, true, false, true]]);
  });

  it('revokes everything the granter can see when given an empty list', async () => {
    await owner.call('PUT', `/iot/users/${fitter.id}/device-grants`, { grants: [] });
    expect(await grantsOf(owner, fitter.id)).toEqual([]);
  });
});

describe('device level and slave-count authorization', () => {
  it('refuses device level 0 and 4 and a slave count of 0', async () => {
    const url = `/iot/users/${foreman.user.id}/device-authorization`;
    for (const deviceLevel of [0, 4, 1.5]) {
      const res = await owner.call('PUT', url, { deviceLevel });
      expect(res.json().data).toEqual([
        { field: 'deviceLevel', msg: 'The device level must be greater than 0 and less than 4' },
      ]);
    }
    const quota = await owner.call('PUT', url, { slaveQuota: 0 });
    expect(quota.json().data).toEqual([{ field: 'slaveQuota', msg: 'The slave count must be greater than 0' }]);
    expect((await owner.get(url)).json().data).toEqual({
      userId: foreman.user.id,
      deviceLevel: null,
      slaveQuota: null,
    });
  });

  it('sets them for a sub-user below the caller, never for oneself or another account', async () => {
    const url = `/iot/users/${foreman.user.id}/device-authorization`;
    const res = await owner.call('PUT', url, { deviceLevel: 3, slaveQuota: 10 });
    expect(res.json().data).toEqual({ userId: foreman.user.id, deviceLevel: 3, slaveQuota: 10 });
    expect((await owner.call('PUT', url, { deviceLevel: 1 })).json().data).toMatchObject({
      deviceLevel: 1,
      slaveQuota: 10,
    });
    const self = await foreman.call('PUT', url, { deviceLevel: 3 });
    expect(self.json()).toMatchObject({ code: 403, message: 'You can grant devices only to your own sub-users' });
    expect((await rival.call('PUT', url, { deviceLevel: 3 })).statusCode).toBe(404);
    expect((await owner.get(url)).json().data.deviceLevel).toBe(1);
  });
});
