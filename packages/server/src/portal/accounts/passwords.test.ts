import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { as, buildUser, PASSWORD, signIn } from '../../../test/factories.ts';
import { startSmsWebhook, startSmtpServer } from '../codes/stand-ins.ts';

let t: TestApp;
let sms: Awaited<ReturnType<typeof startSmsWebhook>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  sms = await startSmsWebhook();
  smtp = await startSmtpServer({ user: 'u', pass: 'p' });
  t = await buildTestApp({ SMS_WEBHOOK_URL: sms.url, SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t.close();
  await sms.close();
  await smtp.close();
});

let seq = 0;
const fresh = () => {
  seq++;
  return { phone: `1350000${String(1000 + seq).slice(-4)}`, ip: `10.60.${seq}.1` };
};
const NEW = 'Changed#2026';

const api = (url: string, payload: object, headers: Record<string, string> = {}, ip = '10.60.0.1') =>
  t.app.inject({
    method: 'POST',
    url: `/api/apis-authz/${url}`,
    payload,
    headers: { 'accept-language': 'en', ...headers },
    remoteAddress: ip,
  });
const login = (account: string, password: string, ip = '10.60.250.1') =>
  api('authz/login', { account, password }, {}, ip);
const queryInfo = (token: string) => api('auth/user/queryInfo', {}, as(token));

describe('a forgotten password', () => {
  it('is reset with the code sent by SMS, and every session of the account ends', async () => {
    const { phone, ip } = fresh();
    const user = await buildUser(t.db.kysely, { phone });
    const token = await signIn(t.app, user);
    await api('auth/user/forgetPassword/generateCaptcha', { channel: 'sms', target: phone }, {}, ip);
    const code = sms.codeFor(phone);
    const res = await api(
      'auth/user/forgetPassword/reset',
      { target: phone, code, password: NEW, confirmPassword: NEW },
      {},
      ip,
    );
    expect(res.json()).toEqual({ code: 200, message: 'Success', data: null });

    expect((await queryInfo(token)).json()).toMatchObject({
      code: 10026,
      message: 'Your password was changed: please sign in again',
    });
    expect((await login(user.account, PASSWORD)).json().message).toBe('Wrong user name or password');
    expect((await login(user.account, NEW)).statusCode).toBe(200);
    const again = await api(
      'auth/user/forgetPassword/reset',
      { target: phone, code, password: 'Other#2026', confirmPassword: 'Other#2026' },
      {},
      ip,
    );
    expect(again.json().message).toBe('Wrong phone number or verification code');
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'target_id'])
      .where('action', '=', 'passwordReset')
      .where('user_id', '=', user.id)
      .execute();
    expect(audit).toEqual([{ action: 'passwordReset', target_id: String(user.id) }]);
  });

  it('is reset with the code sent by email, whatever the case of the address', async () => {
    const user = await buildUser(t.db.kysely, { email: 'wang.fang@school.example', defaultPass: true });
    await api(
      'auth/user/forgetPassword/generateCaptcha',
      { channel: 'email', target: 'Wang.Fang@School.example' },
      {},
      '10.60.100.1',
    );
    const code = smtp.codeFor('wang.fang@school.example');
    const res = await api('auth/user/forgetPassword/reset', {
      target: 'WANG.FANG@school.example',
      code,
      password: NEW,
      confirmPassword: NEW,
    });
    expect(res.statusCode).toBe(200);
    const signedIn = await login(user.account, NEW);
    expect(signedIn.json().data.user.defaultPass).toBe(false);
  });

  it('refuses a wrong code, an unknown target and a bad new password', async () => {
    const { phone, ip } = fresh();
    await buildUser(t.db.kysely, { phone });
    await api('auth/user/forgetPassword/generateCaptcha', { channel: 'sms', target: phone }, {}, ip);
    const code = sms.codeFor(phone);
    const reset = (body: object) =>
      api('auth/user/forgetPassword/reset', { target: phone, code, password: NEW, confirmPassword: NEW, ...body });
    expect((await reset({ code: code === '123456' ? '654321' : '123456' })).json().message).toBe(
      'Wrong phone number or verification code',
    );
    expect((await reset({ target: '13511112222' })).json().message).toBe('Wrong phone number or verification code');
    expect((await reset({ confirmPassword: 'Nope#2026' })).json().data).toEqual([
      { field: 'confirmPassword', msg: 'The two passwords do not match' },
    ]);
    expect((await reset({ password: '123456', confirmPassword: '123456' })).json().data).toEqual([
      {
        field: 'password',
        msg: 'Password: 6-20 characters with at least two of letters, digits and symbols, no spaces',
      },
    ]);
    expect((await reset({ target: 'someone' })).json().data).toEqual([
      { field: 'target', msg: 'Enter a phone number or an email address' },
    ]);
  });
});

describe('changing one’s password', () => {
  it('needs the current password and a different new one; other sessions end, this one stays', async () => {
    const user = await buildUser(t.db.kysely);
    const here = await signIn(t.app, user);
    const elsewhere = await signIn(t.app, user);
    const change = (body: object) =>
      api(
        'auth/user/updatePassword',
        { oldPassword: PASSWORD, password: NEW, confirmPassword: NEW, ...body },
        as(here),
      );

    const wrong = await change({ oldPassword: 'Wrong#2026' });
    expect(wrong.json()).toEqual({
      code: 400,
      message: 'The current password is wrong',
      data: [{ field: 'oldPassword', msg: 'The current password is wrong' }],
    });
    const same = await change({ password: PASSWORD, confirmPassword: PASSWORD });
    expect(same.json().message).toBe('The new password must differ from the current one');
    expect((await change({ confirmPassword: 'x' })).json().data).toEqual([
      { field: 'confirmPassword', msg: 'The two passwords do not match' },
    ]);

    const before = Date.now();
    expect((await change({})).statusCode).toBe(200);
    expect((await queryInfo(here)).statusCode).toBe(200);
    expect((await queryInfo(elsewhere)).json().code).toBe(10026);
    const row = await t.db.kysely
      .selectFrom('users')
      .select(['password_changed_at'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.password_changed_at).toBeGreaterThanOrEqual(before);
    expect((await login(user.account, NEW)).statusCode).toBe(200);
  });

  it('locks after five wrong current passwords, so that a borrowed session cannot guess it', async () => {
    const user = await buildUser(t.db.kysely);
    const token = await signIn(t.app, user);
    const change = () =>
      api('auth/user/updatePassword', { oldPassword: 'Guess#0000', password: NEW, confirmPassword: NEW }, as(token));
    for (let i = 0; i < 5; i++) {
      await t.db.kysely
        .updateTable('login_attempts')
        .set({ last_failure_at: 0 })
        .where('key', '=', `password:${user.id}`)
        .execute();
      await change();
    }
    const res = await api(
      'auth/user/updatePassword',
      { oldPassword: PASSWORD, password: NEW, confirmPassword: NEW },
      as(token),
    );
    expect(res.json()).toMatchObject({
      code: 429,
      message: 'Too many attempts: the account is locked, try again in 15 min',
    });
  });

  it('is refused to an administrator acting as the user', async () => {
    const admin = await buildUser(t.db.kysely, { roleIds: [5], identityId: 4, superAdmin: true });
    const user = await buildUser(t.db.kysely);
    const runAs = await api('authz/runAs', { userId: user.id }, as(await signIn(t.app, admin)));
    const token = runAs.json().data.token as string;
    const res = await api(
      'auth/user/updatePassword',
      { oldPassword: PASSWORD, password: NEW, confirmPassword: NEW },
      as(token),
    );
    expect(res.json()).toMatchObject({
      code: 403,
      message: 'While acting as another user you cannot change their password or email',
    });
  });
});

describe('a password that must change', () => {
  it('default: the session says so, and forceUpdatePassword changes it keeping the session', async () => {
    const user = await buildUser(t.db.kysely, { defaultPass: true });
    const signedIn = await login(user.account, PASSWORD);
    expect(signedIn.json().data.user.defaultPass).toBe(true);
    const token = signedIn.json().data.token as string;
    expect((await queryInfo(token)).json().data.defaultPass).toBe(true);
    const res = await api(
      'auth/user/forceUpdatePassword',
      { oldPassword: PASSWORD, password: NEW, confirmPassword: NEW },
      as(token),
    );
    expect(res.statusCode).toBe(200);
    expect((await queryInfo(token)).json().data.defaultPass).toBe(false);
    const other = await buildUser(t.db.kysely);
    const notYours = await api(
      'auth/user/forceUpdatePassword',
      { account: other.account, oldPassword: NEW, password: 'Third#2026', confirmPassword: 'Third#2026' },
      as(token),
    );
    expect(notYours.json().message).toBe('You can only change the password of the account you are signed in with');
  });

  it('expired: 10023 on the API and at sign-in, changed without a session, then signs in', async () => {
    const admin = await buildUser(t.db.kysely, { roleIds: [5], identityId: 4, superAdmin: true });
    const adminToken = await signIn(t.app, admin);
    const user = await buildUser(t.db.kysely);
    const token = await signIn(t.app, user);
    const policy = await api('policy/info/update', { expireDays: 90 }, as(adminToken));
    expect(policy.json().data.expireDays).toBe(90);
    // The password is now 91 days old.
    await t.db.kysely
      .updateTable('users')
      .set({ password_changed_at: Date.now() - 91 * 86_400_000 })
      .where('id', '=', user.id)
      .execute();

    const call = await t.app.inject({ method: 'GET', url: '/api/apis-rbac/user/identity/list', headers: as(token) });
    expect(call.statusCode).toBe(401);
    expect(call.json()).toMatchObject({
      code: 10023,
      message: 'Your password has expired: change it and sign in again',
    });
    const expiry = await api('policy/expire', {}, as(token));
    expect(expiry.json().data).toMatchObject({ expireDays: 90, daysLeft: 0, expired: true });
    const signInAgain = await login(user.account, PASSWORD);
    expect(signInAgain.json()).toEqual({
      code: 10023,
      message: 'Your password has expired; please change it',
      data: { passwordExpired: true },
    });

    const force = (body: object) =>
      api('auth/user/forceUpdatePassword', {
        account: user.account,
        oldPassword: PASSWORD,
        password: NEW,
        confirmPassword: NEW,
        ...body,
      });
    expect((await force({ oldPassword: 'Wrong#2026' })).json().message).toBe('Wrong user name or password');
    expect((await force({ password: PASSWORD, confirmPassword: PASSWORD })).json().message).toBe(
      'The new password must differ from the current one',
    );
    expect((await force({})).statusCode).toBe(200);
    expect((await queryInfo(token)).json().code).toBe(10026);
    expect((await login(user.account, NEW)).statusCode).toBe(200);
    await api('policy/info/recover', {}, as(adminToken));
  });

  it('without a session, only for an expired or default password, and with the account named', async () => {
    const user = await buildUser(t.db.kysely);
    const body = { account: user.account, oldPassword: PASSWORD, password: NEW, confirmPassword: NEW };
    const fresh = await api('auth/user/forceUpdatePassword', body);
    expect(fresh.json()).toMatchObject({
      code: 403,
      message: 'Your password has not expired: sign in and change it in the account center',
    });
    const noAccount = await api('auth/user/forceUpdatePassword', { ...body, account: undefined });
    expect(noAccount.json().data).toEqual([{ field: 'account', msg: 'is required' }]);
  });
});
