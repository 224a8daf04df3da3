import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildUser } from '../../../test/factories.ts';
import { buildSchoolWorld, type Caller, callerFor, type SchoolWorld } from '../orgs/testing.ts';

let t: TestApp;
let w: SchoolWorld;
let teacher: Caller;
let iotApp: number;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildSchoolWorld(t);
  teacher = await callerFor(t, await buildUser(t.db.kysely, { roleIds: [4], orgId: w.orgs.klass.id }));
  iotApp = (await t.db.kysely.selectFrom('apps').select('id').where('code', '=', 'iot').executeTakeFirstOrThrow()).id;
});
afterAll(() => t.close());

const launcherCodes = async (c: Caller) =>
  (await c.get('/apis-portal/app/getAppMenu')).json().data.map((g: { code: string }) => g.code);

describe('applying for an app', () => {
  it("offers the apps the caller's roles do not give", async () => {
    const offered = (await teacher.get('/apis-app/app/appUser/applyApp')).json().data;
    expect(offered).toEqual([expect.objectContaining({ appId: iotApp, publishUrl: '/iot/', application: null })]);
  });

  it('files one application at a time, and none for an app already open to the caller', async () => {
    const long = await teacher.post('/apis-app/app/apply', { appId: iotApp, reason: 'x'.repeat(201) });
    expect(long.json().data).toEqual([{ field: 'reason', msg: 'must be at most 200 characters' }]);
    const res = await teacher.post('/apis-app/app/apply', {
      appId: iotApp,
      reason: 'I look after the boiler room sensors',
    });
    expect(res.json().data).toMatchObject({ appCode: 'iot', status: 'pending', userId: teacher.user.id });
    const again = await teacher.post('/apis-app/app/apply', { appId: iotApp });
    expect(again.json()).toMatchObject({ code: 409, message: 'Your application for this app is awaiting review' });
    const mind = (
      await t.db.kysely.selectFrom('apps').select('id').where('code', '=', 'mind').executeTakeFirstOrThrow()
    ).id;
    const open = await teacher.post('/apis-app/app/apply', { appId: mind });
    expect(open.json()).toMatchObject({ code: 409, message: 'You can already use this app' });
    expect((await teacher.post('/apis-app/app/apply', { appId: 99999 })).json().message).toBe('No such app');
  });
});

describe('deciding applications', () => {
  it('shows administrators the pending applications of their scope only', async () => {
    const mine = (await w.schoolAdmin.get('/apis-app/app/apply/pendingList')).json().data;
    expect(mine.list.map((a: { userId: number }) => a.userId)).toEqual([teacher.user.id]);
    expect((await w.otherSchoolAdmin.get('/apis-app/app/apply/pendingList')).json().data.total).toBe(0);
    expect((await teacher.get('/apis-app/app/apply/pendingList')).statusCode).toBe(403);
  });

  it('lets an administrator grant only an app they can open themselves', async () => {
    const [pending] = (await w.schoolAdmin.get('/apis-app/app/apply/pendingList')).json().data.list;
    const res = await w.schoolAdmin.post('/apis-app/app/apply/decide', { id: pending.id, approve: true });
    expect(res.json()).toMatchObject({
      code: 403,
      message: 'You cannot grant permissions that your own role does not have',
    });
    const elsewhere = await w.otherSchoolAdmin.post('/apis-app/app/apply/decide', { id: pending.id, approve: false });
    expect(elsewhere.json()).toMatchObject({ code: 404, message: 'No such application' });
  });

  it('grants the app to the applicant alone on approval, once', async () => {
    const [pending] = (await w.platform.get('/apis-app/app/apply/pendingList')).json().data.list;
    const res = await w.platform.post('/apis-app/app/apply/decide', { id: pending.id, approve: true, remark: 'ok' });
    expect(res.json().data).toMatchObject({ status: 'approved', remark: 'ok' });
    expect(await launcherCodes(teacher)).toEqual(['iot', 'mind']);
    const roles = (await teacher.get('/apis-app/app/myAppRole')).json().data;
    expect(roles.find((a: { appCode: string }) => a.appCode === 'iot')).toMatchObject({ roles: [], personal: true });
    const twice = await w.platform.post('/apis-app/app/apply/decide', { id: pending.id, approve: false });
    expect(twice.json()).toMatchObject({ code: 409, message: 'This application has already been decided' });
    const info = await teacher.get(`/apis-app/app/queryApplyInfo?id=${pending.id}`);
    expect(info.json().data).toMatchObject({ id: pending.id, status: 'approved' });
    const entry = await t.db.kysely
      .selectFrom('audit_log')
      .select(['user_id', 'target_id'])
      .where('action', '=', 'decideAppApplication')
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ user_id: w.platform.user.id, target_id: String(teacher.user.id) });
  });

  it('rejects, leaving the app closed, and shows an application only to its applicant and their administrators', async () => {
    const other = await callerFor(t, await buildUser(t.db.kysely, { roleIds: [4], orgId: w.orgs.klass.id }));
    const filed = (await other.post('/apis-app/app/apply', { appId: iotApp })).json().data;
    const res = await w.platform.post('/apis-app/app/apply/decide', { id: filed.id, approve: false });
    expect(res.json().data.status).toBe('rejected');
    expect(await launcherCodes(other)).toEqual(['mind']);
    expect((await teacher.get(`/apis-app/app/queryApplyInfo?id=${filed.id}`)).json()).toMatchObject({
      code: 404,
      message: 'No such application',
    });
    expect((await w.schoolAdmin.get(`/apis-app/app/queryApplyInfo?id=${filed.id}`)).json().data.status).toBe(
      'rejected',
    );
  });
});
