import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/app.ts';
import { type BuiltUser, buildUser } from '../../../../test/factories.ts';
import { buildSchoolWorld, type Caller, callerFor, type SchoolWorld } from '../testing.ts';

let t: TestApp;
let w: SchoolWorld;
let pupil: BuiltUser;
let colleague: BuiltUser;
let stranger: BuiltUser;
let farTeacher: BuiltUser;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildSchoolWorld(t);
  const db = t.db.kysely;
  pupil = await buildUser(db, { roleIds: [], identityId: 2, orgId: w.orgs.klass.id, phone: '13900000001' });
  colleague = await buildUser(db, { account: 'teacher_wang', roleIds: [4], orgId: w.orgs.klass.id });
  stranger = await buildUser(db, { roleIds: [4], orgId: w.orgs.otherSchool.id });
  farTeacher = await buildUser(db, { roleIds: [3], orgId: w.orgs.farSchool.id });
});
afterAll(() => t.close());

const ids = async (c: Caller, filters: Record<string, unknown> = {}) =>
  (await c.post('/apis-authz/auth/user/queryAllAccount', { size: 500, ...filters }))
    .json()
    .data.list.map((u: { id: number }) => u.id);

describe('the data scope of the account list', () => {
  it("keeps one school's administrator out of another school's users", async () => {
    const mine = await ids(w.schoolAdmin);
    expect(mine).toEqual(expect.arrayContaining([pupil.id, colleague.id, w.schoolAdmin.user.id]));
    expect(mine).not.toContain(stranger.id);
    expect(mine).not.toContain(w.otherSchoolAdmin.user.id);
    const read = await w.schoolAdmin.post('/apis-authz/auth/user/queryAccountInfo', { userId: stranger.id });
    expect(read.statusCode).toBe(404);
    expect(read.json()).toEqual({ code: 404, message: 'No such user', data: null });
    expect(await ids(w.otherSchoolAdmin)).not.toContain(pupil.id);
  });

  it("gives a bureau its schools' users and no other bureau's", async () => {
    const seen = await ids(w.bureauAdmin);
    expect(seen).toEqual(expect.arrayContaining([pupil.id, stranger.id, w.schoolAdmin.user.id]));
    expect(seen).not.toContain(farTeacher.id);
  });

  it('gives the platform administrator everyone', async () => {
    expect(await ids(w.platform)).toEqual(expect.arrayContaining([pupil.id, stranger.id, farTeacher.id]));
  });
});

describe('filters', () => {
  it('matches account, nickname or phone, and pages', async () => {
    expect(await ids(w.schoolAdmin, { keyword: 'WANG' })).toEqual([colleague.id]);
    expect(await ids(w.schoolAdmin, { keyword: '1390000' })).toEqual([pupil.id]);
    const page = (await w.schoolAdmin.post('/apis-authz/auth/user/queryAllAccount', { size: 1, page: 2 })).json().data;
    expect(page).toMatchObject({ page: 2, size: 1 });
    expect(page.list).toHaveLength(1);
    expect(page.total).toBeGreaterThanOrEqual(3);
  });

  it('filters by organisation, role, status and user type', async () => {
    expect(await ids(w.schoolAdmin, { orgId: w.orgs.klass.id, roleId: 4 })).toEqual([colleague.id]);
    expect(await ids(w.schoolAdmin, { orgId: w.orgs.klass.id })).toEqual(
      expect.arrayContaining([pupil.id, colleague.id]),
    );
    expect(await ids(w.schoolAdmin, { status: 'disabled' })).toEqual([]);
    expect(await ids(w.schoolAdmin, { userType: 'main' })).toEqual([]);
    const away = await w.schoolAdmin.post('/apis-authz/auth/user/queryAllAccount', { orgId: w.orgs.otherSchool.id });
    expect(away.json()).toMatchObject({ code: 404, message: 'No such organisation' });
  });

  it('refuses unknown filters and bad values', async () => {
    const res = await w.schoolAdmin.post('/apis-authz/auth/user/queryAllAccount', { status: 'gone', admin: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toEqual([
      { field: 'status', msg: 'must be one of: enabled, disabled, pending' },
      { field: 'body', msg: 'unknown field(s): admin' },
    ]);
  });
});

describe('one account', () => {
  it('shows the identities and roles of a user in scope', async () => {
    const res = await w.schoolAdmin.post('/apis-authz/auth/user/queryAccountInfo', { userId: colleague.id });
    expect(res.json().data).toMatchObject({
      id: colleague.id,
      account: 'teacher_wang',
      deptId: w.orgs.klass.id,
      deptName: 'Class 7-1',
      roles: [{ roleId: 4, roleName: '班主任', orgId: w.orgs.klass.id }],
      identities: [{ identityId: 1, identityName: 'Staff', orgId: w.orgs.klass.id, orgName: 'Class 7-1' }],
    });
  });

  it('needs the user view permission', async () => {
    const teacher = await callerFor(t, colleague);
    expect((await teacher.post('/apis-authz/auth/user/queryAllAccount', {})).statusCode).toBe(403);
  });
});

describe('Device Cloud accounts', () => {
  it("keeps one main account out of another's sub-users", async () => {
    const db = t.db.kysely;
    const ownerA = await buildUser(db, { roleIds: [10], userType: 'main', identityId: null });
    const subA = await buildUser(db, { roleIds: [11], userType: 'sub', parentId: ownerA.id, identityId: null });
    const ownerB = await buildUser(db, { roleIds: [10], userType: 'main', identityId: null });
    const subB = await buildUser(db, { roleIds: [11], userType: 'sub', parentId: ownerB.id, identityId: null });
    const a = await callerFor(t, ownerA);
    expect((await ids(a)).sort()).toEqual([ownerA.id, subA.id].sort());
    const read = await a.post('/apis-authz/auth/user/queryAccountInfo', { userId: subB.id });
    expect(read.json()).toMatchObject({ code: 404, message: 'No such user' });
    const b = await callerFor(t, ownerB);
    expect(await ids(b)).not.toContain(subA.id);
    expect((await a.post('/apis-authz/auth/user/queryAccountInfo', { userId: subA.id })).json().data).toMatchObject({
      userType: 'sub',
      parentId: ownerA.id,
    });
  });
});
