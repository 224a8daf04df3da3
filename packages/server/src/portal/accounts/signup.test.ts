import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { as, buildUser, signIn } from '../../../test/factories.ts';
import { fromJson } from '../../platform/db/sql.ts';
import { startSmsWebhook } from '../codes/stand-ins.ts';

let t: TestApp;
let sms: Awaited<ReturnType<typeof startSmsWebhook>>;
beforeAll(async () => {
  sms = await startSmsWebhook();
  t = await buildTestApp({ SMS_WEBHOOK_URL: sms.url });
});
afterAll(async () => {
  await t.close();
  await sms.close();
});

let seq = 0;
const fresh = () => {
  seq++;
  return {
    phone: `1360000${String(1000 + seq).slice(-4)}`,
    ip: `10.50.${seq}.1`,
    account: `reg_${seq}_${process.pid % 1000}`,
  };
};

const api = (url: string, payload: object, ip = '10.50.0.1', headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/apis-authz/${url}`,
    payload,
    headers: { 'accept-language': 'en', ...headers },
    remoteAddress: ip,
  });

async function codeFor(phone: string, purpose: 'register' | 'bind', ip: string): Promise<string> {
  const res = await api('auth/user/sendCode', { channel: 'sms', target: phone, purpose }, ip);
  expect(res.statusCode, res.body).toBe(200);
  return sms.codeFor(phone);
}

const registration = (p: { phone: string; account: string }, code: string, app: 'iot' | 'mind' = 'iot') => ({
  account: p.account,
  password: 'Secret#2026',
  confirmPassword: 'Secret#2026',
  phone: p.phone,
  code,
  app,
});

describe('registering', () => {
  it('gives a Device Cloud account the main-account role at once, and it signs in', async () => {
    const p = fresh();
    const res = await api('auth/user/register', registration(p, await codeFor(p.phone, 'register', p.ip)), p.ip);
    expect(res.json()).toMatchObject({
      code: 200,
      message: 'Registered',
      data: { account: p.account, status: 'enabled' },
    });
    const user = await t.db.kysely
      .selectFrom('users')
      .selectAll()
      .where('account', '=', p.account)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ phone: p.phone, user_type: 'main', nickname: p.account, status: 'enabled' });
    const signedIn = await api('authz/login', { account: p.account, password: 'Secret#2026' });
    expect(signedIn.json().data.user).toMatchObject({ roleId: 10, defaultPass: false });
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'user_id'])
      .where('action', '=', 'register')
      .where('user_id', '=', user.id)
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('holds a Mind account for review, unbound (identity 5) and without a role', async () => {
    const p = fresh();
    const res = await api(
      'auth/user/register',
      registration(p, await codeFor(p.phone, 'register', p.ip), 'mind'),
      p.ip,
    );
    expect(res.json()).toMatchObject({
      code: 200,
      message: 'Contact the administrator for account review',
      data: { status: 'pending' },
    });
    const { userId } = res.json().data;
    const identities = await t.db.kysely
      .selectFrom('user_identities')
      .select('identity_id')
      .where('user_id', '=', userId)
      .execute();
    expect(identities).toEqual([{ identity_id: 5 }]);
    const roles = await t.db.kysely.selectFrom('user_roles').select('role_id').where('user_id', '=', userId).execute();
    expect(roles).toEqual([]);
    const signedIn = await api('authz/login', { account: p.account, password: 'Secret#2026' });
    expect(signedIn.json().message).toBe('Contact the administrator for account review');
    const row = await t.db.kysely
      .selectFrom('account_registrations')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
    expect(row).toMatchObject({ app: 'mind', decision: 'pending', ip: p.ip });
  });

  it('checks every field against the spec’s rules, in the reader’s words', async () => {
    const good = {
      account: 'good_name',
      password: 'Secret#2026',
      confirmPassword: 'Secret#2026',
      phone: '13600001111',
      code: '123456',
      app: 'iot',
    };
    const cases: Array<[object, string, string]> = [
      [{ account: 'ab' }, 'account', 'User name: 3-20 Chinese characters, letters, digits or underscores'],
      [{ account: 'a'.repeat(21) }, 'account', 'User name: 3-20 Chinese characters, letters, digits or underscores'],
      [{ account: 'bad-name' }, 'account', 'User name: 3-20 Chinese characters, letters, digits or underscores'],
      [
        { password: 'abcdefg', confirmPassword: 'abcdefg' },
        'password',
        'Password: 6-20 characters with at least two of letters, digits and symbols, no spaces',
      ],
      [
        { password: 'abc 1234', confirmPassword: 'abc 1234' },
        'password',
        'Password: 6-20 characters with at least two of letters, digits and symbols, no spaces',
      ],
      [
        { password: 'ab12', confirmPassword: 'ab12' },
        'password',
        'Password: 6-20 characters with at least two of letters, digits and symbols, no spaces',
      ],
      [
        { password: 'ab12'.repeat(6), confirmPassword: 'ab12'.repeat(6) },
        'password',
        'Password: 6-20 characters with at least two of letters, digits and symbols, no spaces',
      ],
      [{ confirmPassword: 'Secret#2027' }, 'confirmPassword', 'The two passwords do not match'],
      [{ phone: '1360000111' }, 'phone', 'The phone number is not valid'],
      [{ code: '12345' }, 'code', 'The verification code is 6 digits'],
      [{ app: 'shop' }, 'app', 'must be one of: iot, mind'],
      [{ nickname: '' }, 'nickname', 'Name: 1-30 characters'],
      [{ admin: true }, 'body', 'unknown field(s): admin'],
    ];
    for (const [change, field, msg] of cases) {
      const res = await api('auth/user/register', { ...good, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().data, JSON.stringify(change)).toContainEqual({ field, msg });
    }
    // Chinese names are allowed, and the message comes in Chinese to a Chinese reader.
    const zh = await api('auth/user/register', { ...good, account: '李老师', confirmPassword: 'x' }, '10.50.0.2', {
      'accept-language': 'zh-CN',
    });
    expect(zh.json().data).toEqual([{ field: 'confirmPassword', msg: '两次输入的密码不一致' }]);
  });

  it('refuses a wrong code and creates nothing', async () => {
    const p = fresh();
    const code = await codeFor(p.phone, 'register', p.ip);
    const res = await api('auth/user/register', registration(p, code === '000000' ? '000001' : '000000'), p.ip);
    expect(res.json()).toEqual({ code: 400, message: 'Wrong phone number or verification code', data: null });
    expect(await t.db.kysely.selectFrom('users').select('id').where('account', '=', p.account).execute()).toEqual([]);
  });

  it('says a taken user name (in any case) on its field, and the code still works once it is changed', async () => {
    await buildUser(t.db.kysely, { account: 'Taken_Name' });
    const p = fresh();
    const code = await codeFor(p.phone, 'register', p.ip);
    const taken = await api('auth/user/register', { ...registration(p, code), account: 'taken_name' }, p.ip);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      message: 'This user name is already taken',
      data: [{ field: 'account', msg: 'This user name is already taken' }],
    });
    expect((await api('auth/user/register', registration(p, code), p.ip)).statusCode).toBe(200);
    // Used up now: the same code does not register a second account.
    const again = await api('auth/user/register', { ...registration(p, code), account: `${p.account}_2` }, p.ip);
    expect(again.json().message).toBe('Wrong phone number or verification code');
  });

  it('asks for a phone bound to another user to be released, and registers once it is', async () => {
    const p = fresh();
    const old = await buildUser(t.db.kysely, { phone: p.phone });
    const oldToken = await signIn(t.app, old);
    const code = await codeFor(p.phone, 'register', p.ip);
    const bound = await api('auth/user/register', registration(p, code), p.ip);
    expect(bound.statusCode).toBe(409);
    expect(bound.json()).toEqual({
      code: 409,
      message: 'This phone is bound to another user; ask for it to be released first',
      data: { releasable: true },
    });

    const wrong = await api('auth/user/phone/release', { phone: p.phone, code: '000000' }, p.ip);
    expect(wrong.json().message).toBe('Wrong phone number or verification code');
    const release = await api(
      'auth/user/phone/release',
      { phone: p.phone, code: await codeFor(p.phone, 'bind', p.ip) },
      p.ip,
    );
    expect(release.json()).toEqual({ code: 200, message: 'The phone has been released', data: { released: true } });
    const after = await t.db.kysely
      .selectFrom('users')
      .select('phone')
      .where('id', '=', old.id)
      .executeTakeFirstOrThrow();
    expect(after.phone).toBeNull();
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'phoneRelease')
      .where('target_id', '=', String(old.id))
      .executeTakeFirstOrThrow();
    expect(fromJson(audit.detail)).toEqual({
      phone: `${p.phone.slice(0, 3)}****${p.phone.slice(-4)}`,
      account: old.account,
    });
    // The other account keeps its session.
    const info = await t.app.inject({
      method: 'POST',
      url: '/api/apis-authz/auth/user/queryInfo',
      headers: as(oldToken),
    });
    expect(info.statusCode).toBe(200);

    expect((await api('auth/user/register', registration(p, code), p.ip)).json().data.status).toBe('enabled');
  });

  it('follows the deployment’s review setting, which an administrator changes', async () => {
    const admin = await buildUser(t.db.kysely, { roleIds: [5], identityId: 4 });
    const teacher = await buildUser(t.db.kysely);
    const setting = (token: string, body: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/apis-authz/auth/user/review/setting',
        payload: body,
        headers: as(token),
      });
    expect((await setting(await signIn(t.app, teacher), { iot: true })).statusCode).toBe(403);
    const changed = await setting(await signIn(t.app, admin), { iot: true });
    expect(changed.json().data).toEqual({ iot: true, mind: true });
    const p = fresh();
    const res = await api('auth/user/register', registration(p, await codeFor(p.phone, 'register', p.ip)), p.ip);
    expect(res.json()).toMatchObject({
      message: 'Contact the administrator for account review',
      data: { status: 'pending' },
    });
    await setting(await signIn(t.app, admin), { iot: false });
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'registrationSetting')
      .execute();
    expect(audit).toHaveLength(2);
  });

  it('refuses registration for an app the deployment does not offer', async () => {
    const iotOnly = await buildTestApp({ MERIDIAN_APPS: 'iot', CODE_LOG: 'true' });
    try {
      const res = await iotOnly.app.inject({
        method: 'POST',
        url: '/api/apis-authz/auth/user/register',
        payload: registration({ phone: '13600009999', account: 'mind_user' }, '123456', 'mind'),
        headers: { 'accept-language': 'en' },
      });
      expect(res.json()).toMatchObject({
        code: 400,
        message: 'This deployment does not offer registration for that application',
      });
    } finally {
      await iotOnly.close();
    }
  });
});
