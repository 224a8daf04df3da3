import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { as, buildUser, PASSWORD, signIn } from '../../../test/factories.ts';
import { fromJson } from '../../platform/db/sql.ts';

let t: TestApp;
let adminToken: string;
let teacherToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  adminToken = await signIn(t.app, await buildUser(t.db.kysely, { roleIds: [5], identityId: 4, superAdmin: true }));
  teacherToken = await signIn(t.app, await buildUser(t.db.kysely));
});
afterAll(() => t.close());

const policy = (url: string, payload: object = {}, headers: Record<string, string> = { 'accept-language': 'en' }) =>
  t.app.inject({ method: 'POST', url: `/api/apis-authz/policy/${url}`, payload, headers });
const audits = (action: string) =>
  t.db.kysely.selectFrom('audit_log').select(['detail']).where('action', '=', action).orderBy('id', 'desc').execute();

describe('the password rules forms show', () => {
  it('are public, and hold only what a form needs', async () => {
    const res = await policy('info');
    expect(res.json()).toEqual({
      code: 200,
      message: 'Success',
      data: {
        minLength: 6,
        maxLength: 20,
        minKinds: 2,
        hint: 'Password: 6-20 characters with at least two of letters, digits and symbols, no spaces',
        expireDays: 0,
      },
    });
    expect((await policy('info', {}, as(teacherToken))).json().data.policy).toBeUndefined();
    expect((await policy('info', {}, as(adminToken))).json().data.policy).toEqual({
      expireDays: 0,
      lockAfter: 5,
      lockMinutes: 15,
      slowAfter: 3,
      hint: '',
    });
  });

  it('show the hint an administrator writes', async () => {
    expect((await policy('hint/update', { hint: 'Use a phrase' }, as(teacherToken))).json()).toMatchObject({
      code: 403,
      message: 'You do not have permission to do this',
    });
    expect((await policy('hint/update', { hint: 'x'.repeat(201) }, as(adminToken))).json().data).toEqual([
      { field: 'hint', msg: 'The password hint is at most 200 characters' },
    ]);
    expect((await policy('hint/update', { hint: 'Use a phrase' }, as(adminToken))).json().data.hint).toBe(
      'Use a phrase',
    );
    expect((await policy('info')).json().data.hint).toBe('Use a phrase');
    await policy('info/recover', {}, as(adminToken));
  });
});

describe('the policy', () => {
  it('is changed by an administrator within limits, audited, and lock-out follows it', async () => {
    const bad = await policy('info/update', { expireDays: -1, lockMinutes: 0 }, as(adminToken));
    expect(bad.json().data).toEqual([
      { field: 'expireDays', msg: 'must be at least 0' },
      { field: 'lockMinutes', msg: 'must be at least 1' },
    ]);
    const slow = 'Slowing down must start at or before the number of failures that locks';
    expect((await policy('info/update', { slowAfter: 4, lockAfter: 3 }, as(adminToken))).json().data).toEqual([
      { field: 'slowAfter', msg: slow },
    ]);
    // Against the saved lockAfter (5) too.
    expect((await policy('info/update', { slowAfter: 6 }, as(adminToken))).json().data).toEqual([
      { field: 'slowAfter', msg: slow },
    ]);

    const saved = await policy('info/update', { lockAfter: 2, slowAfter: 2, lockMinutes: 30 }, as(adminToken));
    expect(saved.json().data).toEqual({ expireDays: 0, lockAfter: 2, lockMinutes: 30, slowAfter: 2, hint: '' });
    const [entry] = await audits('policyUpdate');
    expect(fromJson(entry?.detail)).toMatchObject({ before: { lockAfter: 5 }, after: { lockAfter: 2 } });

    const user = await buildUser(t.db.kysely);
    const login = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/apis-authz/authz/login',
        payload: { account: user.account, password },
        headers: { 'accept-language': 'en' },
      });
    await login('Wrong#1');
    const second = await login('Wrong#2');
    expect(second.json().message).toBe('Too many attempts: the account is locked, try again in 30 min');

    expect((await policy('info/recover', {}, as(adminToken))).json().data.lockAfter).toBe(5);
    expect(await audits('policyRecover')).toHaveLength(2);
  });

  it('refuses anyone without the permission, and anonymous callers with 10020', async () => {
    for (const url of ['info/update', 'info/recover', 'default', 'default/update', 'default/recover']) {
      expect((await policy(url, {}, as(teacherToken))).statusCode, url).toBe(403);
      expect((await policy(url)).json().code, url).toBe(10020);
    }
  });
});

describe('the default password', () => {
  it('is read and changed by administrators; reset accounts get it', async () => {
    expect((await policy('default', {}, as(adminToken))).json().data).toEqual({ password: 'Meridian@2026' });
    expect((await policy('default/update', { password: 'abcdefg' }, as(adminToken))).json().data).toEqual([
      {
        field: 'password',
        msg: 'Password: 6-20 characters with at least two of letters, digits and symbols, no spaces',
      },
    ]);
    expect((await policy('default/update', { password: 'School#2026' }, as(adminToken))).statusCode).toBe(200);
    expect((await policy('default', {}, as(adminToken))).json().data.password).toBe('School#2026');
    const [entry] = await audits('defaultPasswordUpdate');
    expect(JSON.stringify(fromJson(entry?.detail))).not.toContain('School#2026');

    const user = await buildUser(t.db.kysely);
    await t.app.inject({
      method: 'POST',
      url: '/api/apis-authz/auth/user/resetPassword',
      payload: { userId: user.id },
      headers: as(adminToken),
    });
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/apis-authz/authz/login',
      payload: { account: user.account, password: 'School#2026' },
    });
    expect(signedIn.json().data.user.defaultPass).toBe(true);

    expect((await policy('default/recover', {}, as(adminToken))).json().data.password).toBe('Meridian@2026');
  });
});

describe('password expiry', () => {
  it('tells the caller when their password expires and how many days are left', async () => {
    const user = await buildUser(t.db.kysely, { passwordChangedAt: Date.now() - 10 * 86_400_000 });
    const token = await signIn(t.app, user);
    expect((await policy('expire', {}, as(token))).json().data).toMatchObject({
      expireDays: 0,
      expiresAt: null,
      daysLeft: null,
      expired: false,
    });
    await policy('info/update', { expireDays: 30 }, as(adminToken));
    const { data } = (await policy('expire', {}, as(token))).json();
    expect(data).toMatchObject({ expireDays: 30, daysLeft: 20, expired: false });
    expect(data.expiresAt - data.passwordChangedAt).toBe(30 * 86_400_000);
    expect((await policy('expire')).json().code).toBe(10020);
    await policy('info/recover', {}, as(adminToken));
  });

  it('does not expire a password younger than the expiry', async () => {
    await policy('info/update', { expireDays: 1 }, as(adminToken));
    const user = await buildUser(t.db.kysely);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/apis-authz/authz/login',
      payload: { account: user.account, password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    await policy('info/recover', {}, as(adminToken));
  });
});
