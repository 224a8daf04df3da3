import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/app.ts';
import { buildUser } from '../../../../test/factories.ts';
import { buildSchoolWorld, type Caller, callerFor, type SchoolWorld } from '../testing.ts';

let t: TestApp;
let w: SchoolWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await buildSchoolWorld(t);
});
afterAll(() => t.close());

let seq = 0;
const newRole = (c: Caller, body: Record<string, unknown>) =>
  c.post('/apis-rbac/role/new', { app: 'mind', name: `Role ${++seq}`, ...body });

describe('the role list', () => {
  it("shows the platform's roles and the caller's organisations' roles, not another school's", async () => {
    const mine = (await newRole(w.schoolAdmin, { orgId: w.orgs.school.id, name: 'Counsellor' })).json().data;
    const theirs = (await newRole(w.otherSchoolAdmin, { orgId: w.orgs.otherSchool.id, name: 'Counsellor' })).json()
      .data;
    const res = await w.schoolAdmin.post('/apis-rbac/role/page', { app: 'mind', size: 100 });
    const ids = res.json().data.list.map((r: { id: number }) => r.id);
    expect(ids).toEqual(expect.arrayContaining([1, 2, 3, 4, mine.id]));
    expect(ids).not.toContain(theirs.id);
    expect(res.json().data.list.find((r: { id: number }) => r.id === mine.id)).toMatchObject({
      name: 'Counsellor',
      orgId: w.orgs.school.id,
      orgName: 'First School',
      builtin: false,
      users: 0,
    });
    expect((await w.schoolAdmin.get(`/apis-rbac/role/detail?roleId=${theirs.id}`)).json()).toMatchObject({
      code: 404,
      message: 'No such role',
    });
    const byName = await w.schoolAdmin.post('/apis-rbac/role/page', { name: 'counsel' });
    expect(byName.json().data.list.map((r: { id: number }) => r.id)).toEqual([mine.id]);
  });
});

describe('creating and changing roles', () => {
  it('creates an organisation role with normalised grants, and audits it', async () => {
    const res = await newRole(w.schoolAdmin, {
      orgId: w.orgs.school.id,
      perms: [
        { path: '/system/user', perms: 'view' },
        { path: '/system/user', perms: 'edit,view' },
        { path: '/data/home', perms: '*' },
      ],
    });
    expect(res.statusCode).toBe(200);
    const role = res.json().data;
    expect(role.perms).toEqual([
      { path: '/data/home', perms: '*' },
      { path: '/system/user', perms: 'edit,view' },
    ]);
    const entry = await t.db.kysely
      .selectFrom('audit_log')
      .select(['user_id'])
      .where('action', '=', 'createRole')
      .where('target_id', '=', String(role.id))
      .executeTakeFirst();
    expect(entry).toEqual({ user_id: w.schoolAdmin.user.id });
  });

  it('keeps an organisation administrator to their own organisations', async () => {
    const away = await newRole(w.schoolAdmin, { orgId: w.orgs.otherSchool.id });
    expect(away.json()).toMatchObject({ code: 404, message: 'No such organisation' });
    for (const body of [{}, { app: 'iot' }, { orgId: w.orgs.school.id, isDefault: true }]) {
      const res = await newRole(w.schoolAdmin, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(
        'Only the platform administrator can manage platform-wide roles and the default role',
      );
    }
  });

  it('checks every field of a role', async () => {
    const res = await w.platform.post('/apis-rbac/role/new', {
      app: 'mind',
      name: '',
      code: '9bad',
      perms: [{ path: '/data/home', perms: 'view;edit' }],
    });
    expect(res.json().data).toEqual([
      { field: 'name', msg: 'Role name: 1-30 characters' },
      { field: 'code', msg: 'Role code: 2-40 lower-case letters, digits or underscores, starting with a letter' },
      { field: 'perms[0].perms', msg: 'Permission codes are separated by commas; * means all' },
    ]);
    const unknown = await newRole(w.platform, {
      perms: [
        { path: '/nowhere', perms: 'view' },
        { path: '/data/home', perms: 'view,fly' },
      ],
    });
    expect(unknown.json()).toMatchObject({
      code: 400,
      data: [
        { field: 'perms[0].path', msg: 'Unknown feature path: /nowhere' },
        { field: 'perms[1].perms', msg: 'The feature /data/home has no permission code fly' },
      ],
    });
    const menus = await newRole(w.platform, { menuPerms: ['/iot/devices'] });
    expect(menus.json().message).toBe('Menu and data-point permissions belong to Device Cloud roles');
  });

  it('stores Device Cloud menus and data-point permissions, checking their shape', async () => {
    const bad = await newRole(w.platform, {
      app: 'iot',
      menuPerms: ['/iot/devices', '/data/home'],
      pointPerms: [
        { templateId: 3, pointKey: 't1', read: true, write: false },
        { templateId: 3, pointKey: 't1', read: true, write: true },
      ],
    });
    expect(bad.json().data).toEqual([
      { field: 'menuPerms[1]', msg: 'Only Device Cloud menus can be chosen: /data/home' },
      { field: 'pointPerms[1]', msg: 'Duplicate data-point permission: t1 of template 3' },
    ]);
    const shape = await newRole(w.platform, {
      app: 'iot',
      pointPerms: [{ templateId: 0, pointKey: 'a b', read: true, write: 'yes' }],
    });
    expect(shape.json().data).toEqual([
      { field: 'pointPerms[0].templateId', msg: 'must be greater than 0' },
      { field: 'pointPerms[0].pointKey', msg: 'Data point key: 1-64 letters, digits, underscores, dots or hyphens' },
      { field: 'pointPerms[0].write', msg: 'must be true or false' },
    ]);
    const good = await newRole(w.platform, {
      app: 'iot',
      perms: [{ path: '/iot/devices', perms: 'view' }],
      menuPerms: ['/iot/home', '/iot/devices'],
      pointPerms: [{ templateId: 3, pointKey: 'temperature.1', read: true, write: false }],
    });
    expect(good.json().data).toMatchObject({
      app: 'iot',
      orgId: null,
      menuPerms: ['/iot/home', '/iot/devices'],
      pointPerms: [{ templateId: 3, pointKey: 'temperature.1', read: true, write: false }],
    });
  });

  it('keeps one default role per app', async () => {
    const role = (await newRole(w.platform, { app: 'iot', isDefault: true })).json().data;
    const defaults = async () =>
      (
        await t.db.kysely
          .selectFrom('roles')
          .select('id')
          .where('app', '=', 'iot')
          .where('is_default', '=', true)
          .execute()
      ).map((r) => r.id);
    expect(await defaults()).toEqual([role.id]);
    await w.platform.post('/apis-rbac/role/update', { roleId: 10, isDefault: true });
    expect(await defaults()).toEqual([10]);
  });

  it('refuses duplicate names and codes', async () => {
    await newRole(w.schoolAdmin, { orgId: w.orgs.school.id, name: 'Duty Teacher', code: 'duty_teacher' });
    const name = await newRole(w.schoolAdmin, { orgId: w.orgs.school.id, name: 'Duty Teacher' });
    expect(name.json()).toMatchObject({ code: 409, message: 'A role with this name already exists' });
    const code = await newRole(w.platform, { code: 'duty_teacher' });
    expect(code.json()).toMatchObject({ code: 409, message: 'This role code is already taken' });
  });

  it('leaves built-in roles to the platform administrator, who cannot remove them', async () => {
    const changed = await w.schoolAdmin.post('/apis-rbac/role/update', { roleId: 3, name: 'Counsellor' });
    expect(changed.json()).toMatchObject({
      code: 403,
      message: 'Only the platform administrator can change built-in roles',
    });
    const removed = await w.platform.post('/apis-rbac/role/remove', { roleId: 3 });
    expect(removed.json()).toMatchObject({ code: 400, message: 'Built-in roles cannot be removed' });
  });
});

describe('removing a role', () => {
  it('keeps a role still held unless asked to take it from its holders, whose sessions then end', async () => {
    const role = (
      await newRole(w.schoolAdmin, { orgId: w.orgs.school.id, perms: [{ path: '/data/home', perms: 'view' }] })
    ).json().data;
    const holder = await buildUser(t.db.kysely, { roleIds: [role.id], orgId: w.orgs.school.id });
    const session = await callerFor(t, holder);
    const kept = await w.schoolAdmin.post('/apis-rbac/role/remove', { roleId: role.id });
    expect(kept.json()).toEqual({
      code: 409,
      message: 'This role is still assigned to 1 users; take it from them first',
      data: { users: 1 },
    });
    const gone = await w.schoolAdmin.post('/apis-rbac/role/remove', { roleId: role.id, takeFromUsers: true });
    expect(gone.json().data).toEqual({ takenFrom: 1 });
    expect((await session.post('/apis-rbac/role/perms/current')).json().code).toBe(10029);
    expect(
      await t.db.kysely.selectFrom('roles').select('id').where('id', '=', role.id).executeTakeFirst(),
    ).toBeUndefined();
  });
});

describe('the feature tree', () => {
  it("lists an app's features with the role's grants marked, and counts them per app", async () => {
    const role = (
      await newRole(w.schoolAdmin, {
        orgId: w.orgs.school.id,
        perms: [
          { path: '/data/scaleMeasurement', perms: 'view,export' },
          { path: '/system/user', perms: '*' },
        ],
      })
    ).json().data;
    const tree = (await w.schoolAdmin.get(`/apis-rbac/feature/tree?app=mind&roleId=${role.id}`)).json().data;
    const assessments = tree.find((g: { key: string }) => g.key === 'mind:assessments');
    expect(assessments.name).toBe('Assessments');
    const scale = assessments.children.find((f: { path: string }) => f.path === '/data/scaleMeasurement');
    expect(scale).toMatchObject({ name: 'Scale assessments', granted: true, all: false });
    expect(scale.codes.filter((c: { granted: boolean }) => c.granted).map((c: { code: string }) => c.code)).toEqual([
      'view',
      'export',
    ]);
    expect(tree.every((g: { app: string }) => g.app === 'mind')).toBe(true);
    const counts = (await w.schoolAdmin.post('/apis-rbac/role/permsAppCount', { roleId: role.id })).json().data;
    expect(counts.find((c: { app: string }) => c.app === 'mind')).toMatchObject({ granted: 1 });
    expect(counts.find((c: { app: string }) => c.app === 'portal')).toMatchObject({
      name: 'Portal',
      granted: 1,
      total: 6,
    });
    expect(counts.find((c: { app: string }) => c.app === 'iot')).toMatchObject({ granted: 0 });
  });

  it('needs the role view permission', async () => {
    const teacher = await callerFor(t, await buildUser(t.db.kysely, { roleIds: [4], orgId: w.orgs.klass.id }));
    expect((await teacher.get('/apis-rbac/feature/tree')).statusCode).toBe(403);
  });
});

describe('a holder of a changed role', () => {
  it('gets the new permissions on the very next call, though they are cached between changes', async () => {
    const role = (
      await newRole(w.schoolAdmin, { orgId: w.orgs.school.id, perms: [{ path: '/system/org', perms: 'view' }] })
    ).json().data;
    const holder = await callerFor(t, await buildUser(t.db.kysely, { roleIds: [role.id], orgId: w.orgs.school.id }));
    const children = `/apis-rbac/org/children?parentId=${w.orgs.school.id}`;
    expect((await holder.get(children)).statusCode).toBe(200);
    expect((await holder.get(children)).statusCode).toBe(200);
    // Twice within one millisecond or not, each change is seen at once.
    for (const perms of [[{ path: '/data/home', perms: '*' }], [{ path: '/system/org', perms: 'view' }], []]) {
      const changed = await w.schoolAdmin.post('/apis-rbac/role/update', { roleId: role.id, perms });
      expect(changed.json().code).toBe(200);
      expect((await holder.get(children)).statusCode).toBe(perms.some((p) => p.path === '/system/org') ? 200 : 403);
    }
  });
});
