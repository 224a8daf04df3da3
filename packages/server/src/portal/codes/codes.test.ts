import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, jobContextOf, type TestApp } from '../../../test/app.ts';
import { buildUser } from '../../../test/factories.ts';
import { portal } from '../feature.ts';
import { startSmsWebhook, startSmtpServer } from './stand-ins.ts';

let t: TestApp;
let sms: Awaited<ReturnType<typeof startSmsWebhook>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  sms = await startSmsWebhook();
  smtp = await startSmtpServer({ user: 'mailer', pass: 'p@ss word' });
  t = await buildTestApp({
    SMS_WEBHOOK_URL: sms.url,
    SMS_WEBHOOK_TOKEN: 'hook-secret',
    SMTP_URL: smtp.url,
    SMTP_FROM: 'Meridian <codes@school.example>',
  });
});
afterAll(async () => {
  await t.close();
  await sms.close();
  await smtp.close();
});

let seq = 0;
/** A fresh phone and address per test, so that one test's waits and limits do not leak into another. */
const fresh = () => {
  seq++;
  return { phone: `1390000${String(1000 + seq).slice(-4)}`, ip: `10.20.${seq}.1` };
};

const post = (app: TestApp['app'], url: string, payload: unknown, ip = '10.99.0.1', lang = 'en') =>
  app.inject({
    method: 'POST',
    url: `/api/apis-authz/auth/user/${url}`,
    payload: payload as object,
    headers: { 'accept-language': lang },
    remoteAddress: ip,
  });

/** Moves the sends to this target into the past by `ms`, as if that time had passed. */
const timePasses = (db: TestApp['db'], target: string, ms: number) =>
  db.kysely
    .updateTable('verification_sends')
    .set((eb) => ({ at: eb('at', '-', ms) }))
    .where('target', '=', target)
    .execute();
/** As if the wait between two codes had passed. */
const waitPasses = (db: TestApp['db'], target: string) => timePasses(db, target, 61_000);

describe('verification codes by SMS', () => {
  it('posts { phone, purpose, code, lang } with the bearer token, and keeps only a hash', async () => {
    const { phone, ip } = fresh();
    const res = await post(t.app, 'sendCode', { channel: 'sms', target: phone, purpose: 'register' }, ip);
    expect(res.json()).toEqual({
      code: 200,
      message: 'The verification code has been sent',
      data: { resendAfter: 60, expiresInMinutes: 5 },
    });
    const got = sms.received.findLast((r) => r.body.phone === phone);
    expect(got?.authorization).toBe('Bearer hook-secret');
    expect(got?.body).toEqual({ phone, purpose: 'register', code: expect.stringMatching(/^\d{6}$/), lang: 'en' });

    const rows = await t.db.kysely.selectFrom('verification_codes').selectAll().where('target', '=', phone).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(got?.body.code);
    const sends = await t.db.kysely.selectFrom('verification_sends').selectAll().where('target', '=', phone).execute();
    expect(sends).toMatchObject([{ channel: 'sms', purpose: 'register', outcome: 'sent', provider: 'webhook', ip }]);
  });

  it('lives 5 minutes, works for its own purpose only, and a newer code replaces it', async () => {
    const { phone, ip } = fresh();
    await post(t.app, 'sendCode', { channel: 'sms', target: phone, purpose: 'register' }, ip);
    const first = sms.codeFor(phone);
    const check = (purpose: string, code: string) => post(t.app, 'multiVerify', { target: phone, purpose, code }, ip);
    expect((await check('register', first)).json()).toMatchObject({ code: 200, data: { valid: true } });
    // multiVerify does not use the code up.
    expect((await check('register', first)).statusCode).toBe(200);
    expect((await check('bind', first)).json()).toMatchObject({
      code: 400,
      message: 'Wrong phone number or verification code',
    });

    await waitPasses(t.db, phone);
    await post(t.app, 'sendCode', { channel: 'sms', target: phone, purpose: 'register' }, ip);
    const second = sms.codeFor(phone);
    if (second !== first) expect((await check('register', first)).statusCode).toBe(400);
    expect((await check('register', second)).statusCode).toBe(200);

    const live = await t.db.kysely
      .selectFrom('verification_codes')
      .select(['created_at', 'expires_at'])
      .where('target', '=', phone)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(live.expires_at - live.created_at).toBe(5 * 60_000);
    // Five minutes later:
    await t.db.kysely
      .updateTable('verification_codes')
      .set((eb) => ({ created_at: eb('created_at', '-', 300_001), expires_at: eb('expires_at', '-', 300_001) }))
      .where('target', '=', phone)
      .execute();
    expect((await check('register', second)).statusCode).toBe(400);
  });

  it('dies after 5 wrong tries, even for the right code', async () => {
    const { phone, ip } = fresh();
    await post(t.app, 'sendCode', { channel: 'sms', target: phone, purpose: 'bind' }, ip);
    const code = sms.codeFor(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      expect((await post(t.app, 'multiVerify', { target: phone, purpose: 'bind', code: wrong }, ip)).statusCode).toBe(
        400,
      );
    }
    const res = await post(t.app, 'multiVerify', { target: phone, purpose: 'bind', code }, ip);
    expect(res.json().message).toBe('Wrong phone number or verification code');
  });

  it('waits 60 s before another code to the same phone for the same purpose', async () => {
    const { phone, ip } = fresh();
    await post(t.app, 'sendCode', { channel: 'sms', target: phone, purpose: 'register' }, ip);
    const again = await post(t.app, 'sendCode', { channel: 'sms', target: phone, purpose: 'register' }, ip);
    expect(again.statusCode).toBe(429);
    const { message, data } = again.json();
    expect(message).toMatch(/^Please try again after (59|60) s$/);
    expect(data.retryAfter).toBeGreaterThan(58);
    expect(
      (await post(t.app, 'sendCode', { channel: 'sms', target: phone, purpose: 'register' }, ip, 'zh-CN')).json()
        .message,
    ).toMatch(/^请 (59|60) 秒后再试$/);
    // Another purpose is another wait.
    expect((await post(t.app, 'sendCode', { channel: 'sms', target: phone, purpose: 'bind' }, ip)).statusCode).toBe(
      200,
    );
    await waitPasses(t.db, phone);
    expect((await post(t.app, 'sendCode', { channel: 'sms', target: phone, purpose: 'register' }, ip)).statusCode).toBe(
      200,
    );
  });

  it('sends at most 10 codes a day to one phone', async () => {
    const { phone, ip } = fresh();
    for (let i = 0; i < 10; i++) {
      const res = await post(t.app, 'sendCode', { channel: 'sms', target: phone, purpose: 'register' }, ip);
      expect(res.statusCode, `code ${i + 1}`).toBe(200);
      // An hour and a bit apart, so that the hourly limit (5) never stands in the way.
      await timePasses(t.db, phone, 61 * 60_000);
    }
    const res = await post(t.app, 'sendCode', { channel: 'sms', target: phone, purpose: 'bind' }, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe('Too many verification codes today; try again tomorrow');
  });

  it('sends at most 30 codes an hour from one address, whatever the phones', async () => {
    const ip = '10.30.0.1';
    for (let i = 0; i < 30; i++) {
      const res = await post(
        t.app,
        'sendCode',
        { channel: 'sms', target: `1371111${String(1000 + i)}`, purpose: 'register' },
        ip,
      );
      expect(res.statusCode).toBe(200);
    }
    const res = await post(t.app, 'sendCode', { channel: 'sms', target: '13722223333', purpose: 'register' }, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe('Too many verification codes from this address; try again later');
  });

  it('says which field is wrong, in the reader’s words', async () => {
    const cases: Array<[string, object, string, string]> = [
      [
        'sendCode',
        { channel: 'sms', target: 'a@b.cn', purpose: 'register' },
        'target',
        'The phone number is not valid',
      ],
      [
        'sendCode',
        { channel: 'email', target: '13800138000', purpose: 'bind' },
        'target',
        'The email address is not valid',
      ],
      ['sendCode', { channel: 'fax', target: '13800138000', purpose: 'bind' }, 'channel', 'must be one of: sms, email'],
      [
        'sendCode',
        { channel: 'sms', target: '13800138000', purpose: 'reset' },
        'purpose',
        'must be one of: register, bind',
      ],
      ['sendPhoneCodeOfLoginConfirm', { phone: '12345' }, 'phone', 'The phone number is not valid'],
      [
        'multiVerify',
        { target: 'nobody', purpose: 'bind', code: '123456' },
        'target',
        'Enter a phone number or an email address',
      ],
      [
        'multiVerify',
        { target: '13800138000', purpose: 'bind', code: '12a456' },
        'code',
        'The verification code is 6 digits',
      ],
      ['forgetPassword/generateCaptcha', { channel: 'sms', target: 'x' }, 'target', 'The phone number is not valid'],
    ];
    for (const [url, body, field, msg] of cases) {
      const res = await post(t.app, url, body);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().data, `${url} ${JSON.stringify(body)}`).toContainEqual({ field, msg });
    }
  });
});

describe('codes for signing in and resetting', () => {
  it('go only to a phone or address that holds an account, and the answer does not tell', async () => {
    const { phone, ip } = fresh();
    await buildUser(t.db.kysely, { phone });
    const known = await post(t.app, 'sendPhoneCodeOfLoginConfirm', { phone }, ip);
    const unknown = await post(t.app, 'sendPhoneCodeOfLoginConfirm', { phone: '13911110000' }, ip);
    expect(unknown.json()).toEqual(known.json());
    expect(sms.received.some((r) => r.body.phone === '13911110000')).toBe(false);
    expect(sms.codeFor(phone)).toMatch(/^\d{6}$/);
    // The wait applies alike, so that it does not tell either.
    const [k, u] = [
      await post(t.app, 'sendPhoneCodeOfLoginConfirm', { phone }, ip),
      await post(t.app, 'sendPhoneCodeOfLoginConfirm', { phone: '13911110000' }, ip),
    ];
    expect([k.statusCode, u.statusCode]).toEqual([429, 429]);
  });

  it('mail the reset code over SMTP with the server’s credentials, in the reader’s language', async () => {
    await buildUser(t.db.kysely, { email: 'Li.Ming@School.example' });
    const res = await post(
      t.app,
      'forgetPassword/generateCaptcha',
      { channel: 'email', target: 'li.ming@school.example' },
      '10.40.0.1',
      'zh-CN',
    );
    expect(res.json()).toMatchObject({ code: 200, message: '验证码已发送' });
    const mail = smtp.mails.findLast((m) => m.to.includes('li.ming@school.example'));
    expect(mail).toMatchObject({ user: 'mailer', from: 'codes@school.example' });
    const code = smtp.codeFor('li.ming@school.example');
    expect(mail?.subject).toBe(`您的验证码：${code}`);
    expect(mail?.text).toContain(`您正在找回密码，验证码为 ${code}，5 分钟内有效。`);

    await buildUser(t.db.kysely, { email: 'amy@school.example' });
    await post(
      t.app,
      'forgetPassword/generateCaptcha',
      { channel: 'email', target: 'amy@school.example' },
      '10.40.0.2',
    );
    const english = smtp.mails.findLast((m) => m.to.includes('amy@school.example'));
    expect(english?.subject).toBe(`Your verification code: ${smtp.codeFor('amy@school.example')}`);
    expect(english?.text).toContain('for resetting your password');
    expect(english?.text).toContain('valid for 5 minutes');
  });
});

describe('the nightly cleanup', () => {
  it('forgets codes a day after they stopped working, and keeps the ones still live', async () => {
    const [old, live] = [fresh(), fresh()];
    await post(t.app, 'sendCode', { channel: 'sms', target: old.phone, purpose: 'register' }, old.ip);
    await post(t.app, 'sendCode', { channel: 'sms', target: live.phone, purpose: 'register' }, live.ip);
    const now = Date.now();
    // The old one expired a day and a minute ago.
    await t.db.kysely
      .updateTable('verification_codes')
      .set({ expires_at: now - 24 * 60 * 60_000 - 60_000 })
      .where('target', '=', old.phone)
      .execute();
    const cleanup = portal.cleanups?.find((c) => c.name === 'used verification codes');
    expect(await cleanup?.run(t.db, now, jobContextOf(t))).toBe(1);
    const left = await t.db.kysely
      .selectFrom('verification_codes')
      .select('target')
      .where('target', 'in', [old.phone, live.phone])
      .execute();
    expect(left.map((r) => r.target)).toEqual([live.phone]);
  });
});
