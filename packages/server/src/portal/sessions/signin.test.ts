import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { as, buildUser, signIn } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const login = (account: string, password: string, ip = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/apis-authz/authz/login',
    payload: { account, password },
    headers: { 'accept-language': 'en' },
    remoteAddress: ip,
  });

describe('signing in with a password', () => {
  it('answers the token, the user and the role, and the token opens the API', async () => {
    const user = await buildUser(t.db.kysely, { roleIds: [3] });
    const res = await login(user.account, user.password);
    expect(res.statusCode).toBe(200);
    const { data, message } = res.json();
    expect(message).toBe('Success');
    expect(data.token).toMatch(/^[\w-]{43}$/);
    expect(data.user).toMatchObject({
      id: user.id,
      account: user.account,
      roleId: 3,
      identityId: 1,
      defaultPass: false,
    });
    const info = await t.app.inject({
      method: 'POST',
      url: '/api/apis-authz/auth/user/queryInfo',
      headers: as(data.token),
    });
    expect(info.json().data).toMatchObject({ account: user.account, identityName: 'Staff', roleId: 3 });
  });

  it('accepts the account name in any case, and the phone number', async () => {
    const user = await buildUser(t.db.kysely, { account: 'Teacher_Li', phone: '13800138001' });
    expect((await login('teacher_li', user.password)).statusCode).toBe(200);
    expect((await login('13800138001', user.password)).statusCode).toBe(200);
  });

  it('says "wrong user name or password" alike for a wrong password and an unknown account', async () => {
    const user = await buildUser(t.db.kysely);
    for (const res of [await login(user.account, 'Wrong#123'), await login('nobody_here', 'Wrong#123')]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 400, message: 'Wrong user name or password', data: null });
    }
  });

  it('refuses an account with no role, and opens no session', async () => {
    const user = await buildUser(t.db.kysely, { roleIds: [] });
    const res = await login(user.account, user.password);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('This account has no role assigned; contact the administrator');
    const sessions = await t.db.kysely.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute();
    expect(sessions).toEqual([]);
  });

  it('lets a student or a parent in without a role, as that identity, to answer on the phone', async () => {
    for (const identityId of [2, 3]) {
      const user = await buildUser(t.db.kysely, { roleIds: [], identityId });
      const res = await login(user.account, user.password);
      expect(res.statusCode, res.body).toBe(200);
      const sessions = await t.db.kysely
        .selectFrom('sessions')
        .select(['role_id', 'identity_id'])
        .where('user_id', '=', user.id)
        .execute();
      expect(sessions).toEqual([{ role_id: null, identity_id: identityId }]);
      const mine = await t.app.inject({
        url: '/api/apis-psychology/h5/survey/mine',
        headers: as(res.json().data.token),
      });
      expect(mine.statusCode, mine.body).toBe(200);
    }
  });

  it('sends a registration awaiting review to the administrator, and refuses a disabled account', async () => {
    const pending = await buildUser(t.db.kysely, { status: 'pending' });
    expect((await login(pending.account, pending.password)).json().message).toBe(
      'Contact the administrator for account review',
    );
    const disabled = await buildUser(t.db.kysely, { status: 'disabled' });
    expect((await login(disabled.account, disabled.password)).json().message).toBe(
      'This account is disabled; contact the administrator',
    );
  });

  it('slows down after three failures, then locks the account from that address (lockout.test.ts has more)', async () => {
    const user = await buildUser(t.db.kysely);
    for (let i = 0; i < 3; i++) expect((await login(user.account, 'Wrong#123', '10.0.1.1')).statusCode).toBe(400);
    const slowed = await login(user.account, user.password, '10.0.1.1');
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().message).toBe('Please try again after 3 s');

    // Let the waits pass, then fail twice more: the fifth failure locks this address out.
    const key = `user:${user.id}@10.0.1.1`;
    for (let i = 0; i < 2; i++) {
      await t.db.kysely
        .updateTable('login_attempts')
        .set({ last_failure_at: 0 })
        .where((eb) => eb.or([eb('key', '=', key), eb('key', '=', `user:${user.id}`)]))
        .execute();
      await login(user.account, 'Wrong#123', '10.0.1.1');
    }
    const locked = await login(user.account, user.password, '10.0.1.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe('Too many attempts: the account is locked, try again in 15 min');
  });

  it('locks an address that tries many accounts', async () => {
    for (let i = 0; i < 20; i++) {
      await t.db.kysely
        .updateTable('login_attempts')
        .set({ last_failure_at: 0 })
        .where('key', '=', 'ip:10.9.9.9')
        .execute();
      await login(`guess_${i}`, 'Wrong#123', '10.9.9.9');
    }
    const user = await buildUser(t.db.kysely);
    const res = await login(user.account, user.password, '10.9.9.9');
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe('Too many attempts from this address, try again in 15 min');
    expect((await login(user.account, user.password, '10.9.9.10')).statusCode).toBe(200);
  });

  it('writes every sign-in and every failure to the audit log', async () => {
    const user = await buildUser(t.db.kysely);
    await login(user.account, 'Wrong#123', '10.0.2.1');
    await signIn(t.app, user);
    const rows = await t.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'result', 'account'])
      .where('user_id', '=', user.id)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { action: 'signIn', result: 'fail', account: user.account },
      { action: 'signIn', result: 'ok', account: user.account },
    ]);
  });
});
