import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/app.ts';
import { buildUser } from '../../../../test/factories.ts';
import { type Caller, callerFor } from '../../../portal/orgs/testing.ts';
import { buildDevice } from '../testing.ts';

let t: TestApp;
let owner: Caller;
let rival: Caller;
let member: Caller;
let lead: Caller;
let granted: Caller;
let plant: { id: number };
let depot: { id: number };
let plantDevices: number[] = [];

const counts = (c: Partial<Record<'total' | 'online' | 'offline' | 'alarm' | 'fault' | 'disabled', number>>) => ({
  total: 0,
  online: 0,
  offline: 0,
  alarm: 0,
  fault: 0,
  disabled: 0,
  ...c,
});

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.db.kysely;
  const main = { roleIds: [10], userType: 'main' as const, identityId: null };
  const sub = (parentId: number, roleId: number) =>
    buildUser(db, { roleIds: [roleId], userType: 'sub', parentId, identityId: null });
  owner = await callerFor(t, await buildUser(db, main));
  rival = await callerFor(t, await buildUser(db, main));
  member = await callerFor(t, await sub(owner.user.id, 11));
  lead = await callerFor(t, await sub(owner.user.id, 14));
  granted = await callerFor(t, await sub(owner.user.id, 11));
  plant = (await owner.post('/iot/projects', { name: 'Plant', managerId: lead.user.id })).json().data;
  depot = (await owner.post('/iot/projects', { name: 'Depot' })).json().data;
  await owner.call('PUT', `/iot/projects/${plant.id}/users`, { userIds: [member.user.id] });
  const inPlant = { ownerId: owner.user.id, projectId: plant.id };
  const online = await buildDevice(db, { ...inPlant, status: 'online' });
  const alarm = await buildDevice(db, { ...inPlant, status: 'alarm' });
  const fault = await buildDevice(db, { ...inPlant, status: 'fault' });
  const disabled = await buildDevice(db, { ...inPlant, status: 'offline', enabled: false });
  plantDevices = [online.id, alarm.id, fault.id, disabled.id].sort((a, b) => a - b);
  const loose = await buildDevice(db, { ownerId: owner.user.id, status: 'online' });
  await buildDevice(db, { ownerId: rival.user.id, status: 'online' });
  const tag = (await owner.post('/iot/tags', { name: 'Boilers' })).json().data;
  await owner.post(`/iot/tags/${tag.id}/devices`, { deviceIds: [online.id, loose.id] });
  await owner.call('PUT', `/iot/users/${granted.user.id}/device-grants`, {
    grants: [{ deviceId: loose.id, view: true, edit: false, delete: false }],
  });
});
afterAll(() => t.close());

describe('Device Overview', () => {
  it("counts the owner's devices by status, by project and by tag", async () => {
    const data = (await owner.get('/iot/overview')).json().data;
    expect(data.devices).toEqual(counts({ total: 5, online: 2, offline: 1, alarm: 1, fault: 1, disabled: 1 }));
    expect(data.byProject).toEqual(
      expect.arrayContaining([
        {
          projectId: plant.id,
          name: 'Plant',
          ...counts({ total: 4, online: 1, offline: 1, alarm: 1, fault: 1, disabled: 1 }),
        },
        { projectId: null, name: null, ...counts({ total: 1, online: 1 }) },
      ]),
    );
    expect(data.byProject).toHaveLength(2);
    expect(data.byTag).toEqual([{ tagId: expect.any(Number), name: 'Boilers', ...counts({ total: 2, online: 2 }) }]);
  });

  it("shows a project's associated user and manager all of the project's devices, and nothing else", async () => {
    for (const c of [member, lead]) {
      const data = (await c.get('/iot/overview')).json().data;
      expect(data.devices).toEqual(counts({ total: 4, online: 1, offline: 1, alarm: 1, fault: 1, disabled: 1 }));
      expect(data.byProject.map((p: { name: string }) => p.name)).toEqual(['Plant']);
    }
  });

  it("lists the project's devices, and only those, in an associated user's device list", async () => {
    const list = (await member.get('/iot/devices?size=100')).json().data;
    expect(list.total).toBe(4);
    expect(list.list.map((d: { id: number }) => d.id).sort((a: number, b: number) => a - b)).toEqual(plantDevices);
  });

  it('shows a sub-user the devices granted to them, and another account none of the owner', async () => {
    expect((await granted.get('/iot/overview')).json().data.devices).toEqual(counts({ total: 1, online: 1 }));
    const theirs = (await rival.get('/iot/overview')).json().data;
    expect(theirs.devices).toEqual(counts({ total: 1, online: 1 }));
    expect(theirs.byTag).toEqual([]);
  });
});

describe('Project Quantity Statistics', () => {
  it("counts each project's devices by status, a page at a time", async () => {
    const data = (await owner.get('/iot/statistics/projects?size=1')).json().data;
    expect(data).toMatchObject({ total: 2, page: 1, size: 1 });
    expect(data.list).toEqual([{ projectId: depot.id, name: 'Depot', managerName: null, ...counts({}) }]);
    const second = (await owner.get('/iot/statistics/projects?size=1&page=2')).json().data;
    expect(second.list).toEqual([
      {
        projectId: plant.id,
        name: 'Plant',
        managerName: `Nick ${lead.user.account}`,
        ...counts({ total: 4, online: 1, offline: 1, alarm: 1, fault: 1, disabled: 1 }),
      },
    ]);
  });

  it('shows a project manager their projects and another account none', async () => {
    const mine = (await lead.get('/iot/statistics/projects')).json().data;
    expect(mine.list.map((p: { name: string }) => p.name)).toEqual(['Plant']);
    expect((await rival.get('/iot/statistics/projects')).json().data.total).toBe(0);
    expect((await owner.get('/iot/statistics/projects?keyword=dep')).json().data.total).toBe(1);
  });
});
