import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { as, type BuiltUser, buildOrg, buildUser, signIn } from '../../../test/factories.ts';
import { fromJson } from '../../platform/db/sql.ts';

let t: TestApp;
let platformAdmin: string;
let schoolA: { id: number };
let schoolB: { id: number };
let adminA: string;
let adminB: string;
let teacherA: string;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.db.kysely;
  const bureau = await buildOrg(db, { type: 'bureau', name: 'Bureau' });
  schoolA = await buildOrg(db, { parentId: bureau.id, name: 'School A' });
  schoolB = await buildOrg(db, { parentId: bureau.id, name: 'School B' });
  platformAdmin = await signIn(t.app, await buildUser(db, { roleIds: [5], identityId: 4, superAdmin: true }));
  adminA = await signIn(t.app, await buildUser(db, { roleIds: [2], orgId: schoolA.id }));
  adminB = await signIn(t.app, await buildUser(db, { roleIds: [2], orgId: schoolB.id }));
  teacherA = await signIn(t.app, await buildUser(db, { roleIds: [4], orgId: schoolA.id }));
});
afterAll(() => t.close());

const post = (url: string, payload: object, token: string) =>
  t.app.inject({ method: 'POST', url: `/api/apis-authz/auth/user/${url}`, payload, headers: as(token) });
const reviewPage = (token: string, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/apis-authz/auth/user/review/page${query}`, headers: as(token) });
const login = (user: BuiltUser, password = user.password) =>
  t.app.inject({
    method: 'POST',
    url: '/api/apis-authz/authz/login',
    payload: { account: user.account, password },
    headers: { 'accept-language': 'en' },
  });
const auditOf = (action: string, targetId: number) =>
  t.db.kysely
    .selectFrom('audit_log')
    .select(['user_id', 'detail'])
    .where('action', '=', action)
    .where('target_id', '=', String(targetId))
    .execute();

describe('registrations awaiting review', () => {
  it('are listed, paged, to administrators whose scope holds them, and nobody else', async () => {
    const inA = await buildUser(t.db.kysely, { status: 'pending', orgId: schoolA.id });
    const inB = await buildUser(t.db.kysely, { status: 'pending', orgId: schoolB.id });
    const selfRegistered = await buildUser(t.db.kysely, { status: 'pending', identityId: 5, roleIds: [] });

    const a = (await reviewPage(adminA)).json().data;
    expect(a).toMatchObject({ total: 1, page: 1, size: 20, list: [{ id: inA.id, account: inA.account }] });
    const b = (await reviewPage(adminB)).json().data;
    expect(b.list.map((u: { id: number }) => u.id)).toEqual([inB.id]);
    // Accounts that belong to no organisation yet are the platform's to review.
    const all = (await reviewPage(platformAdmin, '?size=2&page=1')).json().data;
    expect(all).toMatchObject({ total: 3, size: 2 });
    expect(
      (await reviewPage(platformAdmin, '?size=2&page=2')).json().data.list.map((u: { id: number }) => u.id),
    ).toEqual([selfRegistered.id]);
    expect((await reviewPage(teacherA)).json()).toMatchObject({
      code: 403,
      message: 'You do not have permission to do this',
    });

    for (const id of [inA.id, inB.id, selfRegistered.id]) {
      await post('review', { userId: id, approve: false }, platformAdmin);
    }
  });

  it('are approved (enabled) or rejected (disabled), audited, once', async () => {
    const yes = await buildUser(t.db.kysely, { status: 'pending', orgId: schoolA.id });
    const no = await buildUser(t.db.kysely, { status: 'pending', orgId: schoolA.id });
    const approved = await post('review', { userId: yes.id, approve: true }, adminA);
    expect(approved.json().data).toMatchObject({ id: yes.id, status: 'enabled' });
    expect((await login(yes)).statusCode).toBe(200);

    await post('review', { userId: no.id, approve: false, reason: 'Not our staff' }, adminA);
    expect((await login(no)).json().message).toBe('This account is disabled; contact the administrator');
    const [entry] = await auditOf('registrationReview', no.id);
    expect(fromJson(entry?.detail)).toEqual({ decision: 'rejected', reason: 'Not our staff' });
    const record = await t.db.kysely
      .selectFrom('account_registrations')
      .selectAll()
      .where('user_id', '=', no.id)
      .executeTakeFirstOrThrow();
    expect(record).toMatchObject({ decision: 'rejected', reason: 'Not our staff' });

    const twice = await post('review', { userId: yes.id, approve: true }, adminA);
    expect(twice.json()).toMatchObject({ code: 409, message: 'This account is not awaiting review' });
  });

  it('of another school cannot be touched: "no such user"', async () => {
    const inB = await buildUser(t.db.kysely, { status: 'pending', orgId: schoolB.id });
    const res = await post('review', { userId: inB.id, approve: true }, adminA);
    expect(res.json()).toEqual({ code: 404, message: 'No such user', data: null });
    const row = await t.db.kysely
      .selectFrom('users')
      .select('status')
      .where('id', '=', inB.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
  });
});

describe('resetting a password', () => {
  it('puts the default password back, ends the sessions, and asks for a change at sign-in', async () => {
    const user = await buildUser(t.db.kysely, { orgId: schoolA.id });
    const token = await signIn(t.app, user);
    expect((await post('resetPassword', { userId: user.id }, adminA)).statusCode).toBe(200);
    const info = await t.app.inject({ method: 'POST', url: '/api/apis-authz/auth/user/queryInfo', headers: as(token) });
    expect(info.json().code).toBe(10026);
    const signedIn = await login(user, 'Meridian@2026');
    expect(signedIn.json().data.user.defaultPass).toBe(true);
    expect(await auditOf('passwordReset', user.id)).toHaveLength(1);
  });

  it('is refused outside the scope, without the permission, and on oneself', async () => {
    const inB = await buildUser(t.db.kysely, { orgId: schoolB.id });
    expect((await post('resetPassword', { userId: inB.id }, adminA)).json().message).toBe('No such user');
    expect((await login(inB)).statusCode).toBe(200);
    const inA = await buildUser(t.db.kysely, { orgId: schoolA.id });
    expect((await post('resetPassword', { userId: inA.id }, teacherA)).statusCode).toBe(403);
    const me = await buildUser(t.db.kysely, { roleIds: [2], orgId: schoolA.id });
    expect((await post('resetPassword', { userId: me.id }, await signIn(t.app, me))).json().message).toBe(
      'You cannot do this to your own account',
    );
  });
});

describe('enabling and disabling', () => {
  it('disables an account and its sessions end at once; enabling lets it back in', async () => {
    const user = await buildUser(t.db.kysely, { orgId: schoolA.id });
    const token = await signIn(t.app, user);
    const off = await post('status', { userId: user.id, status: 'disabled' }, adminA);
    expect(off.json().data.status).toBe('disabled');
    const info = await t.app.inject({ method: 'POST', url: '/api/apis-authz/auth/user/queryInfo', headers: as(token) });
    expect(info.json().code).toBe(10022);
    expect((await login(user)).json().message).toBe('This account is disabled; contact the administrator');
    await post('status', { userId: user.id, status: 'enabled' }, adminA);
    expect((await login(user)).statusCode).toBe(200);
    const audit = await auditOf('accountStatus', user.id);
    expect(audit.map((a) => fromJson(a.detail))).toEqual([
      { from: 'enabled', to: 'disabled' },
      { from: 'disabled', to: 'enabled' },
    ]);
  });

  it('sends a pending account to review, and refuses other schools and oneself', async () => {
    const pending = await buildUser(t.db.kysely, { status: 'pending', orgId: schoolA.id });
    expect((await post('status', { userId: pending.id, status: 'enabled' }, adminA)).json().message).toBe(
      'This account awaits review: approve or reject it first',
    );
    const inB = await buildUser(t.db.kysely, { orgId: schoolB.id });
    expect((await post('status', { userId: inB.id, status: 'disabled' }, adminA)).statusCode).toBe(404);
    const me = await buildUser(t.db.kysely, { roleIds: [2], orgId: schoolA.id });
    expect((await post('status', { userId: me.id, status: 'disabled' }, await signIn(t.app, me))).statusCode).toBe(400);
    expect((await post('status', { userId: inB.id, status: 'paused' }, adminB)).json().data).toEqual([
      { field: 'status', msg: 'must be one of: enabled, disabled' },
    ]);
  });
});

describe('Device Cloud membership and device levels', () => {
  it('set by an administrator within their own accounts only', async () => {
    const db = t.db.kysely;
    const owner1 = await buildUser(db, { roleIds: [12], userType: 'main', identityId: null });
    const owner2 = await buildUser(db, { roleIds: [12], userType: 'main', identityId: null });
    const sub1 = await buildUser(db, { roleIds: [11], userType: 'sub', parentId: owner1.id, identityId: null });
    const sub2 = await buildUser(db, { roleIds: [11], userType: 'sub', parentId: owner2.id, identityId: null });
    const token = await signIn(t.app, owner1);

    const vip = await post('vip', { userId: sub1.id, vipLevel: 2 }, token);
    expect(vip.json().data).toMatchObject({ id: sub1.id, vipLevel: 2 });
    const level = await post('deviceLevel', { userId: sub1.id, deviceLevel: 3, slaveQuota: 8 }, token);
    expect(level.json().data).toMatchObject({ deviceLevel: 3, slaveQuota: 8 });
    expect(await auditOf('vipLevel', sub1.id)).toHaveLength(1);

    expect((await post('vip', { userId: sub2.id, vipLevel: 1 }, token)).json().message).toBe('No such user');
    expect((await post('deviceLevel', { userId: sub2.id, deviceLevel: 1, slaveQuota: 1 }, token)).statusCode).toBe(404);
  });

  it('checks the spec’s limits: membership 0-2, device level 1-3, slave count above 0', async () => {
    const user = await buildUser(t.db.kysely, { orgId: schoolA.id });
    const cases: Array<[string, object, string, string]> = [
      ['vip', { vipLevel: 3 }, 'vipLevel', 'Membership: 0 (non-member), 1 (level-1 member) or 2 (neutral member)'],
      ['vip', { vipLevel: -1 }, 'vipLevel', 'Membership: 0 (non-member), 1 (level-1 member) or 2 (neutral member)'],
      [
        'deviceLevel',
        { deviceLevel: 0, slaveQuota: 1 },
        'deviceLevel',
        'The device level must be greater than 0 and less than 4',
      ],
      [
        'deviceLevel',
        { deviceLevel: 4, slaveQuota: 1 },
        'deviceLevel',
        'The device level must be greater than 0 and less than 4',
      ],
      [
        'deviceLevel',
        { deviceLevel: 1.5, slaveQuota: 1 },
        'deviceLevel',
        'The device level must be greater than 0 and less than 4',
      ],
      ['deviceLevel', { deviceLevel: 1, slaveQuota: 0 }, 'slaveQuota', 'The slave count must be greater than 0'],
    ];
    for (const [url, body, field, msg] of cases) {
      const res = await post(url, { userId: user.id, ...body }, adminA);
      expect(res.json().data, JSON.stringify(body)).toEqual([{ field, msg }]);
    }
  });
});

describe('super-administrator status', () => {
  it('is granted only by a super administrator, never to oneself, and protects its holder', async () => {
    const user = await buildUser(t.db.kysely, { orgId: schoolA.id });
    expect((await post('superAdmin', { userId: user.id, superAdmin: true }, adminA)).json()).toMatchObject({
      code: 403,
      message: 'Only a super administrator may do this',
    });
    const granted = await post('superAdmin', { userId: user.id, superAdmin: true }, platformAdmin);
    expect(granted.json().data).toMatchObject({ id: user.id, superAdmin: true });
    const [entry] = await auditOf('superAdmin', user.id);
    expect(fromJson(entry?.detail)).toEqual({ from: false, to: true });

    // A school administrator can no longer reset or disable the account it became.
    expect((await post('resetPassword', { userId: user.id }, adminA)).json().message).toBe(
      'Only a super administrator may do this',
    );
    const superToken = await signIn(t.app, user);
    const me = await t.app.inject({
      method: 'POST',
      url: '/api/apis-authz/auth/user/queryInfo',
      headers: as(superToken),
    });
    expect(
      (await post('superAdmin', { userId: me.json().data.id, superAdmin: false }, superToken)).json().message,
    ).toBe('You cannot do this to your own account');
    await post('superAdmin', { userId: user.id, superAdmin: false }, platformAdmin);
  });
});
