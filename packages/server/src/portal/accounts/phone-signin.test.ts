import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { as, buildUser } from '../../../test/factories.ts';
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
    phone: `1361000${String(1000 + seq).slice(-4)}`,
    ip: `10.51.${seq}.1`,
  };
};

const api = (url: string, payload: object, ip = '10.51.0.1', headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/apis-authz/${url}`,
    payload,
    headers: { 'accept-language': 'en', ...headers },
    remoteAddress: ip,
  });

describe('signing in with a phone and a code', () => {
  const loginCode = async (phone: string, ip: string) => {
    expect((await api('auth/user/sendPhoneCodeOfLoginConfirm', { phone }, ip)).statusCode).toBe(200);
    return sms.codeFor(phone);
  };

  it('answers like the password sign-in, once per code', async () => {
    const p = fresh();
    const user = await buildUser(t.db.kysely, { phone: p.phone, roleIds: [3] });
    const code = await loginCode(p.phone, p.ip);
    const res = await api('authz/login/phone', { phone: p.phone, code }, p.ip);
    expect(res.json()).toMatchObject({
      code: 200,
      data: {
        token: expect.stringMatching(/^[\w-]{43}$/),
        user: { id: user.id, account: user.account, roleId: 3, identityId: 1 },
      },
    });
    const info = await t.app.inject({
      method: 'POST',
      url: '/api/apis-authz/auth/user/queryInfo',
      headers: as(res.json().data.token),
    });
    expect(info.json().data.account).toBe(user.account);
    expect((await api('authz/login/phone', { phone: p.phone, code }, p.ip)).json().message).toBe(
      'Wrong phone number or verification code',
    );
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select(['result', 'detail'])
      .where('user_id', '=', user.id)
      .where('action', '=', 'signIn')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => [a.result, fromJson<{ method: string }>(a.detail).method])).toEqual([
      ['ok', 'phoneCode'],
      ['fail', 'phoneCode'],
    ]);
  });

  it('says the same for a wrong code and for a phone with no account', async () => {
    const p = fresh();
    await buildUser(t.db.kysely, { phone: p.phone });
    const code = await loginCode(p.phone, p.ip);
    const wrong = await api(
      'authz/login/phone',
      { phone: p.phone, code: code === '999999' ? '999998' : '999999' },
      p.ip,
    );
    const nobody = await api('authz/login/phone', { phone: '13699990000', code }, p.ip);
    for (const res of [wrong, nobody]) {
      expect(res.json()).toEqual({ code: 400, message: 'Wrong phone number or verification code', data: null });
    }
  });

  it('slows down after three failures and locks that address after five, like the password sign-in', async () => {
    const p = fresh();
    const user = await buildUser(t.db.kysely, { phone: p.phone });
    for (let i = 0; i < 3; i++) await api('authz/login/phone', { phone: p.phone, code: '000000' }, p.ip);
    const slowed = await api('authz/login/phone', { phone: p.phone, code: '000000' }, p.ip);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().message).toBe('Please try again after 3 s');
    for (let i = 0; i < 2; i++) {
      await t.db.kysely
        .updateTable('login_attempts')
        .set({ last_failure_at: 0 })
        .where('key', '=', `user:${user.id}@${p.ip}`)
        .execute();
      await api('authz/login/phone', { phone: p.phone, code: '000000' }, p.ip);
    }
    const code = await loginCode(p.phone, p.ip);
    const locked = await api('authz/login/phone', { phone: p.phone, code }, p.ip);
    expect(locked.json().message).toBe('Too many attempts: the account is locked, try again in 15 min');
    // Only that address: the code works from another.
    expect((await api('authz/login/phone', { phone: p.phone, code }, '10.51.200.1')).statusCode).toBe(200);
  });

  it('refuses a pending account with the review message', async () => {
    const p = fresh();
    await buildUser(t.db.kysely, { phone: p.phone, status: 'pending' });
    const res = await api('authz/login/phone', { phone: p.phone, code: await loginCode(p.phone, p.ip) }, p.ip);
    expect(res.json().message).toBe('Contact the administrator for account review');
  });
});
