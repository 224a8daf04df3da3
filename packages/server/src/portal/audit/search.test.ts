import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { type BuiltUser, buildUser, signIn } from '../../../test/factories.ts';
import { buildSchoolWorld, type Caller, callerFor, type SchoolWorld } from '../orgs/testing.ts';

let t: TestApp;
let w: SchoolWorld;
let teacher: BuiltUser;
let stranger: BuiltUser;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildSchoolWorld(t);
  const db = t.db.kysely;
  teacher = await buildUser(db, { account: 'teacher_zhao', roleIds: [4], orgId: w.orgs.klass.id });
  stranger = await buildUser(db, { roleIds: [4], orgId: w.orgs.otherSchool.id });
  await signIn(t.app, teacher);
  await signIn(t.app, stranger);
  await t.app.inject({
    method: 'POST',
    url: '/api/apis-authz/authz/login',
    payload: { account: 'nobody_at_all', password: 'Wrong#123' },
  });
  await t.app.inject({
    method: 'POST',
    url: '/api/apis-authz/authz/login',
    payload: { account: teacher.account, password: 'Wrong#123' },
  });
  // Three probes at known times, to search by time.
  for (const at of [1_000, 2_000, 3_000]) {
    await db
      .insertInto('audit_log')
      .values({
        at,
        user_id: teacher.id,
        account: teacher.account,
        action: 'probe',
        result: 'ok',
        target_type: null,
        target_id: null,
        detail: '{}',
        ip: null,
        user_agent: null,
      })
      .execute();
  }
});
afterAll(() => t.close());

const search = async (c: Caller, filters: Record<string, unknown> = {}) =>
  (await c.post('/apis-authz/audit/page', { size: 500, ...filters })).json().data;

describe('the audit search', () => {
  it("shows a school administrator the entries of their scope's users only", async () => {
    const { list } = await search(w.schoolAdmin, { action: 'signIn' });
    const accounts = new Set(list.map((e: { account: string }) => e.account));
    expect(accounts.has(teacher.account)).toBe(true);
    expect(accounts.has(stranger.account)).toBe(false);
    expect(accounts.has('nobody_at_all')).toBe(false);
  });

  it('shows the platform administrator everything, unknown accounts included', async () => {
    const { list } = await search(w.platform, { action: 'signIn', result: 'fail' });
    expect(list.map((e: { account: string }) => e.account)).toEqual(
      expect.arrayContaining(['nobody_at_all', teacher.account]),
    );
    expect(list.every((e: { result: string }) => e.result === 'fail')).toBe(true);
  });

  it('filters by account and time, newest first, with paging', async () => {
    const probes = await search(w.schoolAdmin, { account: 'ZHAO', action: 'probe' });
    expect(probes.list.map((e: { at: number }) => e.at)).toEqual([3_000, 2_000, 1_000]);
    const window = await search(w.schoolAdmin, { action: 'probe', from: 1_500, to: 3_000 });
    expect(window.list.map((e: { at: number }) => e.at)).toEqual([2_000]);
    const page = (await w.schoolAdmin.post('/apis-authz/audit/page', { action: 'probe', page: 2, size: 2 })).json()
      .data;
    expect(page).toMatchObject({ total: 3, page: 2, size: 2 });
    expect(page.list.map((e: { at: number }) => e.at)).toEqual([1_000]);
    const newest = await search(w.platform, { size: 2 });
    expect(newest.list[0].at).toBeGreaterThanOrEqual(newest.list[1].at);
  });

  it('carries who, what, when and from where', async () => {
    const [entry] = (await search(w.schoolAdmin, { account: teacher.account, action: 'signIn', result: 'ok' })).list;
    expect(entry).toMatchObject({
      userId: teacher.id,
      account: teacher.account,
      result: 'ok',
      detail: { method: 'password' },
    });
    expect(entry.ip).toBe('127.0.0.1');
  });

  it('refuses a time range that ends before it starts', async () => {
    const res = await w.schoolAdmin.post('/apis-authz/audit/page', { from: 2_000, to: 2_000 });
    expect(res.json().data).toEqual([{ field: 'to', msg: 'The start time must be before the end time' }]);
  });

  it('needs the audit view permission', async () => {
    const c = await callerFor(t, teacher);
    expect((await c.post('/apis-authz/audit/page', {})).statusCode).toBe(403);
  });
});
