import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/app.ts';
import { type BuiltUser, buildUser } from '../../../../test/factories.ts';
import { buildSchoolWorld, type Caller, callerFor, type SchoolWorld } from '../testing.ts';

let t: TestApp;
let w: SchoolWorld;
/** A school's role manager: may manage roles and see users, and holds only the home page besides. */
let manager: Caller;
let managerRoleId: number;
let teacher: BuiltUser;
let homeRoleId: number;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildSchoolWorld(t);
  const role = await w.schoolAdmin.post('/apis-rbac/role/new', {
    app: 'mind',
    name: 'Role manager',
    orgId: w.orgs.school.id,
    perms: [
      { path: '/system/role', perms: 'view,add,edit' },
      { path: '/system/user', perms: 'view' },
      { path: '/data/home', perms: 'view' },
    ],
  });
  managerRoleId = role.json().data.id;
  manager = await callerFor(t, await buildUser(t.db.kysely, { roleIds: [managerRoleId], orgId: w.orgs.school.id }));
  teacher = await buildUser(t.db.kysely, { roleIds: [4], orgId: w.orgs.klass.id });
});
afterAll(() => t.close());

const escalation = { code: 403, message: 'You cannot grant permissions that your own role does not have', data: null };

describe('no privilege escalation', () => {
  it('refuses a role granting more than the creator holds', async () => {
    const more = await manager.post('/apis-rbac/role/new', {
      app: 'mind',
      name: 'Assessor',
      orgId: w.orgs.school.id,
      perms: [{ path: '/data/scaleMeasurement', perms: 'view' }],
    });
    expect(more.json()).toEqual(escalation);
    const all = await manager.post('/apis-rbac/role/new', {
      app: 'mind',
      name: 'Everything',
      orgId: w.orgs.school.id,
      perms: [{ path: '/system/role', perms: '*' }],
    });
    expect(all.json()).toEqual(escalation);
    const same = await manager.post('/apis-rbac/role/new', {
      app: 'mind',
      name: 'Home only',
      orgId: w.orgs.school.id,
      perms: [{ path: '/data/home', perms: 'view' }],
    });
    expect(same.statusCode).toBe(200);
    homeRoleId = same.json().data.id;
  });

  it("refuses widening one's own role", async () => {
    const res = await manager.post('/apis-rbac/role/update', {
      roleId: managerRoleId,
      perms: [
        { path: '/system/role', perms: 'view,add,edit' },
        { path: '/system/org', perms: 'view' },
      ],
    });
    expect(res.json()).toEqual(escalation);
  });

  it('refuses handing on a role that grants more than the caller holds', async () => {
    const admin = await manager.post('/apis-rbac/role/user/assign', {
      userId: teacher.id,
      roleId: 2,
      orgId: w.orgs.school.id,
    });
    expect(admin.json()).toEqual(escalation);
    const platform = await w.schoolAdmin.post('/apis-rbac/role/user/assign', { userId: teacher.id, roleId: 5 });
    expect(platform.statusCode).toBe(403);
  });
});

describe('assigning roles within the scope', () => {
  it('gives a user in scope a role the caller may hand on, at an organisation in scope, and audits it', async () => {
    const res = await manager.post('/apis-rbac/role/user/assign', {
      userId: teacher.id,
      roleId: homeRoleId,
      orgId: w.orgs.klass.id,
    });
    expect(res.statusCode).toBe(200);
    const holders = await manager.get(`/apis-rbac/role/user/list?roleId=${homeRoleId}`);
    expect(holders.json().data.list).toEqual([
      {
        id: teacher.id,
        account: teacher.account,
        nickname: `Nick ${teacher.account}`,
        status: 'enabled',
        orgId: w.orgs.klass.id,
        orgName: 'Class 7-1',
      },
    ]);
    const entry = await t.db.kysely
      .selectFrom('audit_log')
      .select(['user_id', 'target_id'])
      .where('action', '=', 'assignRole')
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ user_id: manager.user.id, target_id: String(teacher.id) });
  });

  it("refuses a user or an organisation outside the caller's scope", async () => {
    const stranger = await buildUser(t.db.kysely, { roleIds: [4], orgId: w.orgs.otherSchool.id });
    const user = await manager.post('/apis-rbac/role/user/assign', {
      userId: stranger.id,
      roleId: homeRoleId,
      orgId: w.orgs.school.id,
    });
    expect(user.json()).toMatchObject({ code: 404, message: 'No such user' });
    const org = await manager.post('/apis-rbac/role/user/assign', {
      userId: teacher.id,
      roleId: 4,
      orgId: w.orgs.otherSchool.id,
    });
    expect(org.json()).toMatchObject({ code: 404, message: 'No such organisation' });
  });

  it('places a Mind role at an organisation, and a Device Cloud role at none', async () => {
    const noOrg = await w.schoolAdmin.post('/apis-rbac/role/user/assign', { userId: teacher.id, roleId: 3 });
    expect(noOrg.json()).toMatchObject({
      code: 400,
      message: 'Choose the organisation where the user holds this role',
    });
    const iot = await w.platform.post('/apis-rbac/role/user/assign', {
      userId: teacher.id,
      roleId: 11,
      orgId: w.orgs.school.id,
    });
    expect(iot.json()).toMatchObject({
      code: 400,
      message: 'Device Cloud and platform roles do not belong to an organisation',
    });
  });

  it("takes a role away, ending the holder's sessions on it", async () => {
    const holder = await buildUser(t.db.kysely, { roleIds: [], orgId: w.orgs.school.id });
    await manager.post('/apis-rbac/role/user/assign', {
      userId: holder.id,
      roleId: homeRoleId,
      orgId: w.orgs.school.id,
    });
    const session = await callerFor(t, holder);
    expect((await session.post('/apis-rbac/role/perms/current')).json().data).toEqual([
      { path: '/data/home', perms: 'view' },
    ]);
    const res = await manager.post('/apis-rbac/role/user/revoke', {
      userId: holder.id,
      roleId: homeRoleId,
      orgId: w.orgs.school.id,
    });
    expect(res.statusCode).toBe(200);
    expect((await session.post('/apis-rbac/role/perms/current')).json()).toMatchObject({
      code: 10029,
      message: 'Your role has changed: please sign in again',
    });
    const again = await manager.post('/apis-rbac/role/user/revoke', {
      userId: holder.id,
      roleId: homeRoleId,
      orgId: w.orgs.school.id,
    });
    expect(again.json()).toMatchObject({ code: 404, message: 'The user does not hold this role' });
  });

  it('does not let the caller take away the role they are using', async () => {
    const res = await manager.post('/apis-rbac/role/user/revoke', {
      userId: manager.user.id,
      roleId: managerRoleId,
      orgId: w.orgs.school.id,
    });
    expect(res.json()).toMatchObject({ code: 400, message: 'You cannot take away the role you are currently using' });
  });
});
