import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { type BuiltUser, buildUser } from '../../../test/factories.ts';
import { type Caller, callerFor } from '../../portal/orgs/testing.ts';
import { buildDevice } from './testing.ts';

let t: TestApp;
let owner: Caller;
let rival: Caller;
let engineer: BuiltUser;
let rivalSub: BuiltUser;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.db.kysely;
  const main = { roleIds: [10], userType: 'main' as const, identityId: null };
  owner = await callerFor(t, await buildUser(db, main));
  rival = await callerFor(t, await buildUser(db, main));
  engineer = await buildUser(db, { roleIds: [11], userType: 'sub', parentId: owner.user.id, identityId: null });
  rivalSub = await buildUser(db, { roleIds: [11], userType: 'sub', parentId: rival.user.id, identityId: null });
});
afterAll(() => t.close());

let seq = 0;
const newProject = async (c: Caller, body: Record<string, unknown> = {}) =>
  c.post('/iot/projects', { name: `Pump station ${++seq}`, ...body });

describe('creating and editing projects', () => {
  it('creates a project with a manager from the account tree, and lists it with its counts', async () => {
    const res = await newProject(owner, { name: 'Water works', managerId: engineer.id, phone: '13800000001' });
    expect(res.statusCode).toBe(200);
    const project = res.json().data;
    expect(project).toMatchObject({
      name: 'Water works',
      ownerId: owner.user.id,
      managerId: engineer.id,
      managerName: `Nick ${engineer.account}`,
      phone: '13800000001',
      userCount: 0,
      deviceCount: 0,
    });
    await buildDevice(t.db.kysely, { ownerId: owner.user.id, projectId: project.id });
    const list = (await owner.get('/iot/projects?keyword=water')).json().data;
    expect(list).toMatchObject({ total: 1, page: 1, list: [{ id: project.id, deviceCount: 1 }] });
  });

  it("checks the name, the manager's name and the phone", async () => {
    const res = await owner.post('/iot/projects', { name: '', managerName: 'x'.repeat(51), phone: '12345' });
    expect(res.json().data).toEqual([
      { field: 'name', msg: 'Project name: 1-50 characters' },
      { field: 'managerName', msg: 'Project manager name: 1-50 characters' },
      { field: 'phone', msg: 'The phone number is not valid' },
    ]);
    const long = await owner.post('/iot/projects', { name: 'x'.repeat(51), remark: 'x'.repeat(201) });
    expect(long.json().data).toEqual([
      { field: 'name', msg: 'Project name: 1-50 characters' },
      { field: 'remark', msg: 'Remarks: up to 200 characters' },
    ]);
    const both = await newProject(owner, { managerId: engineer.id, managerName: 'Zhang' });
    expect(both.json()).toMatchObject({
      code: 400,
      message: 'Choose a user as project manager or type a manager name, not both',
    });
  });

  it('refuses a second project of the same name for the same account, not for another', async () => {
    await newProject(owner, { name: 'Boiler room' });
    const again = await newProject(owner, { name: 'Boiler room' });
    expect(again.json()).toMatchObject({ code: 409, message: 'A project with this name already exists' });
    expect((await newProject(rival, { name: 'Boiler room' })).statusCode).toBe(200);
    const other = (await newProject(owner)).json().data;
    const rename = await owner.call('PUT', `/iot/projects/${other.id}`, { name: 'Boiler room' });
    expect(rename.json().message).toBe('A project with this name already exists');
  });

  it('takes managers and associated users only from the account tree', async () => {
    const outside = await newProject(owner, { managerId: rivalSub.id });
    expect(outside.json()).toMatchObject({
      code: 400,
      data: [{ field: 'managerId', msg: `User ${rivalSub.id} is not the project's account or one of its sub-users` }],
    });
    const project = (await newProject(owner)).json().data;
    const users = await owner.call('PUT', `/iot/projects/${project.id}/users`, { userIds: [engineer.id, rivalSub.id] });
    expect(users.json().data).toEqual([
      { field: 'userIds', msg: `User ${rivalSub.id} is not the project's account or one of its sub-users` },
    ]);
    const crowd = Array.from({ length: 501 }, (_, i) => i + 1);
    const tooMany = await owner.call('PUT', `/iot/projects/${project.id}/users`, { userIds: crowd });
    expect(tooMany.json().data).toEqual([{ field: 'userIds', msg: 'At most 500 associated users' }]);
    const set = await owner.call('PUT', `/iot/projects/${project.id}/users`, { userIds: [engineer.id] });
    expect(set.json().data).toEqual([
      { id: engineer.id, account: engineer.account, nickname: `Nick ${engineer.account}`, phone: null },
    ]);
    expect((await owner.get(`/iot/projects/${project.id}`)).json().data.userCount).toBe(1);
  });

  it('creates a project for a sub-user below the caller, never for another account', async () => {
    const res = await newProject(owner, { ownerId: engineer.id });
    expect(res.json().data.ownerId).toBe(engineer.id);
    expect((await newProject(owner, { ownerId: rival.user.id })).json()).toMatchObject({
      code: 404,
      message: 'No such owning account',
    });
  });
});

describe('deleting projects and dismissing managers', () => {
  it('refuses to delete a project while it has a manager, then deletes it once dismissed; its devices stay', async () => {
    const project = (await newProject(owner, { managerName: 'Manager Wang', phone: '13800000002' })).json().data;
    const device = await buildDevice(t.db.kysely, { ownerId: owner.user.id, projectId: project.id });
    const refused = await owner.call('DELETE', `/iot/projects/${project.id}`);
    expect(refused.json()).toMatchObject({
      code: 409,
      message: 'The project manager must be dismissed before deleting the project',
    });
    const inChinese = await t.app.inject({
      method: 'DELETE',
      url: `/api/iot/projects/${project.id}`,
      headers: { 'x-authorization': owner.token, 'accept-language': 'zh-CN' },
    });
    expect(inChinese.json().message).toBe('请先解除项目经理再删除项目');
    const dismissed = await owner.post(`/iot/projects/${project.id}/dismiss-manager`);
    expect(dismissed.json().data).toMatchObject({ managerId: null, managerName: null, phone: null });
    const again = await owner.post(`/iot/projects/${project.id}/dismiss-manager`);
    expect(again.json()).toMatchObject({ code: 409, message: 'This project has no project manager' });
    expect((await owner.call('DELETE', `/iot/projects/${project.id}`)).statusCode).toBe(200);
    expect((await owner.get(`/iot/projects/${project.id}`)).json()).toMatchObject({
      code: 404,
      message: 'No such project',
    });
    const kept = await t.db.kysely
      .selectFrom('devices')
      .select(['id', 'project_id'])
      .where('id', '=', device.id)
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({ id: device.id, project_id: null });
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select('user_id')
      .where('action', '=', 'deleteProject')
      .where('target_id', '=', String(project.id))
      .executeTakeFirstOrThrow();
    expect(audit.user_id).toBe(owner.user.id);
  });
});

describe("another account's projects", () => {
  it('are not seen, edited, deleted or given devices, and nothing changes', async () => {
    const theirs = (await newProject(rival, { name: 'Rival plant' })).json().data;
    expect(JSON.stringify((await owner.get('/iot/projects?size=100')).json().data)).not.toContain('Rival plant');
    for (const res of [
      await owner.get(`/iot/projects/${theirs.id}`),
      await owner.call('PUT', `/iot/projects/${theirs.id}`, { name: 'Taken over' }),
      await owner.call('DELETE', `/iot/projects/${theirs.id}`),
      await owner.get(`/iot/projects/${theirs.id}/users`),
      await owner.call('PUT', `/iot/projects/${theirs.id}/users`, { userIds: [] }),
      await owner.post(`/iot/projects/${theirs.id}/dismiss-manager`),
    ]) {
      expect(res.json()).toMatchObject({ code: 404, message: 'No such project' });
    }
    expect((await rival.get(`/iot/projects/${theirs.id}`)).json().data.name).toBe('Rival plant');
  });

  it('needs the projects permission', async () => {
    const sub = await callerFor(t, engineer);
    expect((await sub.get('/iot/projects')).statusCode).toBe(403);
    expect((await newProject(sub)).statusCode).toBe(403);
  });
});

describe('attaching devices to a project', () => {
  it("attaches devices without a project; a device's project cannot be changed after selection", async () => {
    const first = (await newProject(owner)).json().data;
    const second = (await newProject(owner)).json().data;
    const free = await buildDevice(t.db.kysely, { ownerId: owner.user.id, name: 'Flow meter 1' });
    const attached = await owner.post(`/iot/projects/${first.id}/devices`, { deviceIds: [free.id] });
    expect(attached.json().data.deviceCount).toBe(1);
    const moved = await owner.post(`/iot/projects/${second.id}/devices`, { deviceIds: [free.id] });
    expect(moved.json()).toMatchObject({
      code: 409,
      message: `Device "Flow meter 1" already has a project; a device's project cannot be changed after selection`,
    });
    const row = await t.db.kysely
      .selectFrom('devices')
      .select('project_id')
      .where('id', '=', free.id)
      .executeTakeFirst();
    expect(row?.project_id).toBe(first.id);
  });

  it("refuses another account's device and an empty or oversized list", async () => {
    const project = (await newProject(owner)).json().data;
    const theirs = await buildDevice(t.db.kysely, { ownerId: rival.user.id });
    expect((await owner.post(`/iot/projects/${project.id}/devices`, { deviceIds: [theirs.id] })).json()).toMatchObject({
      code: 404,
      message: `Device ${theirs.id} does not exist or you may not change it`,
    });
    const empty = await owner.post(`/iot/projects/${project.id}/devices`, { deviceIds: [] });
    expect(empty.json().data).toEqual([{ field: 'deviceIds', msg: 'Choose 1 to 100 devices' }]);
    const many = Array.from({ length: 101 }, (_, i) => i + 1);
    const tooMany = await owner.post(`/iot/projects/${project.id}/devices`, { deviceIds: many });
    expect(tooMany.json().data).toEqual([{ field: 'deviceIds', msg: 'Choose 1 to 100 devices' }]);
  });

  it("refuses a device of the owner's parent account for a sub-user's project", async () => {
    const project = (await newProject(owner, { ownerId: engineer.id })).json().data;
    const parents = await buildDevice(t.db.kysely, { ownerId: owner.user.id, name: 'Parent meter' });
    expect((await owner.post(`/iot/projects/${project.id}/devices`, { deviceIds: [parents.id] })).json()).toMatchObject(
      {
        code: 409,
        message: `Device "Parent meter" does not belong to the project's account or its sub-users`,
      },
    );
  });
});

describe('my projects', () => {
  it('lists the projects the caller manages or is associated with, and nobody else sees them there', async () => {
    const lead = await buildUser(t.db.kysely, {
      roleIds: [14],
      userType: 'sub',
      parentId: owner.user.id,
      identityId: null,
    });
    const managed = (await newProject(owner, { name: 'Managed by lead', managerId: lead.id })).json().data;
    const joined = (await newProject(owner, { name: 'Joined by lead' })).json().data;
    await owner.call('PUT', `/iot/projects/${joined.id}/users`, { userIds: [lead.id] });
    const me = await callerFor(t, lead);
    const all = (await me.get('/iot/projects/mine')).json().data;
    expect(all.list.map((p: { name: string; relation: string }) => [p.name, p.relation])).toEqual([
      ['Joined by lead', 'member'],
      ['Managed by lead', 'manager'],
    ]);
    const managing = (await me.get('/iot/projects/mine?relation=manager')).json().data;
    expect(managing.list.map((p: { id: number }) => p.id)).toEqual([managed.id]);
    expect((await rival.get('/iot/projects/mine')).json().data.list.map((p: { id: number }) => p.id)).not.toContain(
      managed.id,
    );
  });
});
