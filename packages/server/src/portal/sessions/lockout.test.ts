import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildUser } from '../../../test/factories.ts';
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

// The clock is ours: windows and locks pass by moving it, never by waiting.
let now = Date.UTC(2026, 4, 1, 8);
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
});
afterEach(() => {
  now = Date.now() + 3_600_000;
  vi.useRealTimers();
});
const pass = (ms: number) => vi.setSystemTime(Date.now() + ms);
const MINUTE = 60_000;

let seq = 0;
/** A fresh address of its own for each test, so that tests share no counter. */
const address = () => `10.49.${++seq}.1`;

type Lang = 'en' | 'zh-CN';
const login = (account: string, password: string, ip: string, lang: Lang = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/apis-authz/authz/login',
    payload: { account, password },
    headers: { 'accept-language': lang },
    remoteAddress: ip,
  });

/** `n` wrong passwords from `ip`, each after the wait the last one asked for, so that each counts. */
async function fail(account: string, ip: string, n: number) {
  const answers: string[] = [];
  for (let i = 0; i < n; i++) {
    pass(6_000);
    answers.push((await login(account, 'Wrong#123', ip)).json().message);
  }
  return answers;
}

const LOCKED = {
  en: 'Too many attempts: the account is locked, try again in 15 min',
  'zh-CN': '尝试次数过多，账号已锁定，请 15 分钟后再试',
};
const LOCKED_FOR_NEW = {
  en: 'Too many failed sign-ins on this account: sign in from a device you have used before or with an SMS code, or try again in 15 min',
  'zh-CN': '该账号登录失败次数过多：请在曾登录过的设备上登录，或使用短信验证码登录，或 15 分钟后再试',
};

describe('five wrong passwords from one address', () => {
  it('lock the account from that address only: the administrator signs in from another', async () => {
    const admin = await buildUser(t.db.kysely, { superAdmin: true, roleIds: [5], identityId: 4 });
    const [attacker, office] = [address(), address()];
    expect((await login(admin.account, admin.password, office)).statusCode).toBe(200);

    const answers = await fail(admin.account, attacker, 5);
    expect(answers.slice(0, 4)).toEqual(Array(4).fill('Wrong user name or password'));
    expect(answers[4]).toBe(LOCKED.en);
    for (const lang of ['en', 'zh-CN'] as const) {
      const refused = await login(admin.account, admin.password, attacker, lang);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ code: 429, message: LOCKED[lang], data: null });
    }

    // The administrator's own address signs in at once, the right password being all it takes.
    expect((await login(admin.account, admin.password, office)).statusCode).toBe(200);

    // The attacker's address stays locked until its 15 minutes end, then the right password works.
    pass(14 * MINUTE);
    expect((await login(admin.account, admin.password, attacker)).json().message).toBe(
      'Too many attempts: the account is locked, try again in 1 min',
    );
    pass(MINUTE);
    expect((await login(admin.account, admin.password, attacker)).statusCode).toBe(200);
  });

  it('only slow an address the account never signed in from, by seconds', async () => {
    const user = await buildUser(t.db.kysely);
    const [attacker, fresh] = [address(), address()];
    await fail(user.account, attacker, 5);
    // The account as a whole is slowed after three failures: a new address waits out the last one.
    for (const lang of ['en', 'zh-CN'] as const) {
      const slowed = await login(user.account, user.password, fresh, lang);
      expect(slowed.statusCode).toBe(429);
      expect(slowed.json().message).toBe(lang === 'en' ? 'Please try again after 5 s' : '请 5 秒后再试');
    }
    pass(5_000);
    expect((await login(user.account, user.password, fresh)).statusCode).toBe(200);
    expect((await login(user.account, user.password, attacker)).json().message).toBe(LOCKED.en);
  });

  it('count against the account whichever of its name, phone or email is typed', async () => {
    const user = await buildUser(t.db.kysely, { phone: '13900490001', email: 'lockout@example.com' });
    const attacker = address();
    await fail(user.account, attacker, 2);
    await fail('13900490001', attacker, 2);
    expect(await fail('LOCKOUT@example.com', attacker, 1)).toEqual([LOCKED.en]);
    expect((await login('13900490001', user.password, attacker)).json().message).toBe(LOCKED.en);
  });

  it('get the same answers for an account that does not exist', async () => {
    const attacker = address();
    const answers = await fail('nobody_at_all', attacker, 5);
    expect(answers).toEqual([...Array(4).fill('Wrong user name or password'), LOCKED.en]);
    expect((await login('nobody_at_all', 'Wrong#123', attacker)).json().message).toBe(LOCKED.en);
  });
});

describe('wrong passwords from many addresses', () => {
  it('close the account to new addresses; known ones and an SMS code still sign in', async () => {
    const phone = '13900490002';
    const user = await buildUser(t.db.kysely, { phone, roleIds: [3] });
    const [known, fresh] = [address(), address()];
    expect((await login(user.account, user.password, known)).statusCode).toBe(200);
    // Two addresses, five failures each: ten against the account.
    for (const attacker of [address(), address()]) await fail(user.account, attacker, 5);

    for (const lang of ['en', 'zh-CN'] as const) {
      const refused = await login(user.account, user.password, fresh, lang);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ code: 429, message: LOCKED_FOR_NEW[lang], data: null });
    }
    expect((await login(user.account, user.password, known)).statusCode).toBe(200);

    // From the new address, the code sent to the account's phone lets its owner in.
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/apis-authz/auth/user/sendPhoneCodeOfLoginConfirm',
      payload: { phone },
      remoteAddress: fresh,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const byCode = await t.app.inject({
      method: 'POST',
      url: '/api/apis-authz/authz/login/phone',
      payload: { phone, code: await sms.codeFor(phone) },
      remoteAddress: fresh,
    });
    expect(byCode.statusCode, byCode.body).toBe(200);
    // Having signed in from it, the address is known: the password works there too.
    expect((await login(user.account, user.password, fresh)).statusCode).toBe(200);
  });
});

describe('one address trying many accounts', () => {
  it('is slowed after ten failures, whatever the accounts, and locked after twenty', async () => {
    const stuffer = address();
    for (let i = 0; i < 10; i++) await fail(`stuffed_${seq}_${i}`, stuffer, 1);
    const user = await buildUser(t.db.kysely);
    const slowed = await login(user.account, user.password, stuffer);
    expect(slowed.json()).toEqual({ code: 429, message: 'Please try again after 3 s', data: null });
    for (let i = 10; i < 20; i++) await fail(`stuffed_${seq}_${i}`, stuffer, 1);
    for (const lang of ['en', 'zh-CN'] as const) {
      const locked = await login(user.account, user.password, stuffer, lang);
      expect(locked.json().message).toBe(
        lang === 'en'
          ? 'Too many attempts from this address, try again in 15 min'
          : '该地址尝试次数过多，请 15 分钟后再试',
      );
    }
    expect((await login(user.account, user.password, address())).statusCode).toBe(200);
  });
});

describe('a new password', () => {
  it('lifts the locks of the account from every address', async () => {
    const phone = '13900490003';
    const user = await buildUser(t.db.kysely, { phone });
    const attacker = address();
    await fail(user.account, attacker, 5);
    const call = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/apis-authz/auth/user/${url}`, payload, remoteAddress: attacker });
    expect((await call('forgetPassword/generateCaptcha', { channel: 'sms', target: phone })).statusCode).toBe(200);
    const NEW = 'Changed#2026';
    const code = await sms.codeFor(phone);
    const reset = await call('forgetPassword/reset', { target: phone, code, password: NEW, confirmPassword: NEW });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await login(user.account, NEW, attacker)).statusCode).toBe(200);
  });
});

describe('the address an attempt is counted on', () => {
  it('is the socket’s: a forwarded header does not move a locked caller elsewhere', async () => {
    const user = await buildUser(t.db.kysely);
    const attacker = address();
    await fail(user.account, attacker, 5);
    const forwarded = await t.app.inject({
      method: 'POST',
      url: '/api/apis-authz/authz/login',
      payload: { account: user.account, password: user.password },
      headers: { 'accept-language': 'en', 'x-forwarded-for': address() },
      remoteAddress: attacker,
    });
    expect(forwarded.json().message).toBe(LOCKED.en);
  });

  it('is the forwarded client’s behind a trusted proxy (TRUST_PROXY)', async () => {
    const proxied = await buildTestApp({ TRUST_PROXY: 'true' });
    try {
      const user = await buildUser(proxied.db.kysely);
      const [proxy, attacker, owner] = [address(), address(), address()];
      const viaProxy = (password: string, client: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/apis-authz/authz/login',
          payload: { account: user.account, password },
          headers: { 'accept-language': 'en', 'x-forwarded-for': client },
          remoteAddress: proxy,
        });
      for (let i = 0; i < 5; i++) {
        pass(6_000);
        await viaProxy('Wrong#123', attacker);
      }
      expect((await viaProxy(user.password, attacker)).json().message).toBe(LOCKED.en);
      pass(6_000);
      expect((await viaProxy(user.password, owner)).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});
