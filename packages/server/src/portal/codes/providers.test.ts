import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildUser } from '../../../test/factories.ts';
import { loadConfig } from '../../platform/config.ts';
import { startAliyun, startTencent } from '../../platform/sms/stand-ins.ts';

/**
 * Verification codes through the cloud SMS providers, over real sockets to the platform's signed
 * stand-ins (the same adapters and stand-ins as alarm SMS): the stand-in checks each signature as
 * the provider does and refuses what the provider would refuse.
 */

let aliyun: Awaited<ReturnType<typeof startAliyun>>;
let t: TestApp;
const aliyunEnv = (base: string, secret = 'aliyun-secret') => ({
  SMS_PROVIDER: 'aliyun',
  ALIYUN_SMS_BASE: base,
  ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI-codes',
  ALIYUN_SMS_ACCESS_KEY_SECRET: secret,
  SMS_SIGN_NAME: '子午线',
  SMS_TEMPLATE_CODE: 'SMS_100200',
});

beforeAll(async () => {
  aliyun = await startAliyun({ 'LTAI-codes': 'aliyun-secret' });
  t = await buildTestApp(aliyunEnv(aliyun.url));
});
afterAll(async () => {
  await t.close();
  await aliyun.close();
});

let seq = 0;
/** A fresh phone and address per test, so that one test's waits and limits do not leak into another. */
const fresh = () => {
  seq++;
  return { phone: `1370000${String(1000 + seq).slice(-4)}`, ip: `10.70.${seq}.1` };
};

const post = (app: TestApp['app'], url: string, payload: object, ip: string, lang = 'en') =>
  app.inject({
    method: 'POST',
    url: `/api/apis-${url}`,
    payload,
    headers: { 'accept-language': lang },
    remoteAddress: ip,
  });
const sendCode = (phone: string, ip: string, lang = 'en', app = t.app) =>
  post(app, 'authz/auth/user/sendCode', { channel: 'sms', target: phone, purpose: 'register' }, ip, lang);
const verify = (phone: string, code: string, ip: string, app = t.app) =>
  post(app, 'authz/auth/user/multiVerify', { target: phone, purpose: 'register', code }, ip);
const sendsTo = (db: TestApp['db'], phone: string) =>
  db.kysely.selectFrom('verification_sends').selectAll().where('target', '=', phone).orderBy('id').execute();
/** Moves the sends to this phone back by `ms`, as if that time had passed. */
const timePasses = (db: TestApp['db'], phone: string, ms: number) =>
  db.kysely
    .updateTable('verification_sends')
    .set((eb) => ({ at: eb('at', '-', ms) }))
    .where('target', '=', phone)
    .execute();
/** What the stand-in was asked to send to this phone, accepted or not. */
const requestsTo = (phone: string) => aliyun.received.filter((r) => r.query.get('PhoneNumbers') === phone);

describe('codes by Aliyun SendSms', () => {
  it('go out signed, with the sign, the template and the code, and the code works', async () => {
    const { phone, ip } = fresh();
    const res = await sendCode(phone, ip, 'zh-CN');
    expect(res.json()).toMatchObject({ code: 200, message: '验证码已发送' });
    // The stand-in accepted the signature (it refuses anything else) and recorded the message.
    const [sms] = aliyun.delivered.filter((d) => d.phone === phone);
    expect(sms).toEqual({
      phone,
      signName: '子午线',
      template: 'SMS_100200',
      params: { code: expect.stringMatching(/^\d{6}$/) },
    });
    const [request] = requestsTo(phone);
    expect(request?.query.get('Action')).toBe('SendSms');
    expect(request?.query.get('AccessKeyId')).toBe('LTAI-codes');
    expect(request?.url).not.toContain('aliyun-secret');
    expect((await verify(phone, aliyun.codeFor(phone), ip)).json()).toMatchObject({ code: 200 });
    expect(await sendsTo(t.db, phone)).toMatchObject([{ channel: 'sms', outcome: 'sent', provider: 'aliyun' }]);
  });

  it('refuses a phone number that is not one before anything is sent', async () => {
    const { ip } = fresh();
    const before = aliyun.received.length;
    for (const phone of ['1370000123', '23700001234', '137-0000-1234']) {
      const res = await sendCode(phone, ip);
      expect(res.statusCode, phone).toBe(400);
      expect(res.json().data).toContainEqual({ field: 'target', msg: 'The phone number is not valid' });
    }
    const login = await post(t.app, 'authz/auth/user/sendPhoneCodeOfLoginConfirm', { phone: '12345' }, ip);
    expect(login.json().data).toContainEqual({ field: 'phone', msg: 'The phone number is not valid' });
    expect(aliyun.received.length).toBe(before);
  });

  it("says so in a sentence when Aliyun's own flow control refuses, and the code never works", async () => {
    const { phone, ip } = fresh();
    aliyun.state.next.push({
      body: { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发号码天级流控', RequestId: 'r' },
    });
    const res = await sendCode(phone, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(
      'The SMS provider is limiting messages to this phone; no code was sent. Try again later',
    );
    const zh = await (async () => {
      aliyun.state.next.push({ body: { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: 'flow control', RequestId: 'r' } });
      return sendCode(phone, ip, 'zh-CN');
    })();
    expect(zh.json().message).toBe('短信服务商限制了向该手机号发送短信的频率，验证码未发送，请稍后再试');
    // The code was made and handed over, but the provider did not send it: it must not work.
    const code = JSON.parse(requestsTo(phone)[0]?.query.get('TemplateParam') ?? '{}').code as string;
    expect((await verify(phone, code, ip)).statusCode).toBe(400);
    expect(await sendsTo(t.db, phone)).toMatchObject([
      { outcome: 'failed', provider: 'aliyun', error: 'aliyun SendSms isv.BUSINESS_LIMIT_CONTROL: 触发号码天级流控' },
      { outcome: 'failed', provider: 'aliyun' },
    ]);
  });

  it('sends at most 5 codes an hour to one phone, and nothing for the 6th', async () => {
    const { phone, ip } = fresh();
    for (let i = 1; i <= 5; i++) {
      expect((await sendCode(phone, ip)).statusCode, `code ${i}`).toBe(200);
      await timePasses(t.db, phone, 61_000);
    }
    const sixth = await sendCode(phone, ip);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe('Too many verification codes in the last hour; try again in an hour');
    expect((await sendCode(phone, ip, 'zh-CN')).json().message).toBe('验证码发送过于频繁，请一小时后再试');
    expect(aliyun.delivered.filter((d) => d.phone === phone)).toHaveLength(5);
    expect(requestsTo(phone)).toHaveLength(5);
    // An hour after the first, the phone may have another.
    await timePasses(t.db, phone, 60 * 60_000 - 5 * 61_000 + 1000);
    expect((await sendCode(phone, ip)).statusCode).toBe(200);
    expect(aliyun.delivered.filter((d) => d.phone === phone)).toHaveLength(6);
  });

  it('lets a parent sign in with the code Aliyun delivered (the H5 phone sign-in of decision 0070)', async () => {
    const { phone, ip } = fresh();
    const parent = await buildUser(t.db.kysely, { phone, roleIds: [], identityId: 3, orgId: null });
    expect((await post(t.app, 'authz/auth/user/sendPhoneCodeOfLoginConfirm', { phone }, ip)).statusCode).toBe(200);
    const res = await post(t.app, 'authz/authz/login/phone', { phone, code: aliyun.codeFor(phone) }, ip);
    expect(res.json()).toMatchObject({ code: 200, data: { user: { id: parent.id, identityId: 3 } } });
    expect(await sendsTo(t.db, phone)).toMatchObject([{ purpose: 'login', outcome: 'sent', provider: 'aliyun' }]);
  });
});

describe('a provider that refuses the keys', () => {
  it('says the SMS service is set up wrongly, in a sentence, and marks nothing sent', async () => {
    const app = await buildTestApp(aliyunEnv(aliyun.url, 'not-the-secret'));
    try {
      const { phone, ip } = fresh();
      const res = await sendCode(phone, ip, 'en', app.app);
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(
        'The SMS provider refused to send because the SMS service is set up wrongly; no code was sent. Contact the administrator',
      );
      expect((await sendCode(phone, ip, 'zh-CN', app.app)).json().message).toBe(
        '短信服务商拒绝发送（短信服务配置有误），验证码未发送，请联系管理员',
      );
      expect(aliyun.delivered.some((d) => d.phone === phone)).toBe(false);
      const code = JSON.parse(requestsTo(phone)[0]?.query.get('TemplateParam') ?? '{}').code as string;
      expect((await verify(phone, code, ip, app.app)).statusCode).toBe(400);
      const sends = await sendsTo(app.db, phone);
      expect(sends).toMatchObject([
        {
          outcome: 'failed',
          provider: 'aliyun',
          error: expect.stringMatching(/^aliyun SendSms SignatureDoesNotMatch/),
        },
        { outcome: 'failed' },
      ]);
      // The secret is in no record and no log line.
      expect(JSON.stringify([sends, app.logs])).not.toContain('not-the-secret');
    } finally {
      await app.close();
    }
  });
});

describe('codes by Tencent Cloud SendSms', () => {
  it('go out TC3-signed in E.164 with the code and its minutes as {1} and {2}', async () => {
    const tencent = await startTencent({ 'AKID-codes': 'tencent-key' });
    const app = await buildTestApp({
      SMS_PROVIDER: 'tencent',
      TENCENT_SMS_BASE: tencent.url,
      TENCENT_SMS_SECRET_ID: 'AKID-codes',
      TENCENT_SMS_SECRET_KEY: 'tencent-key',
      TENCENT_SMS_SDK_APP_ID: '1400000009',
      SMS_SIGN_NAME: '子午线',
      SMS_TEMPLATE_CODE: '2001',
    });
    try {
      const { phone, ip } = fresh();
      expect((await sendCode(phone, ip, 'en', app.app)).statusCode).toBe(200);
      expect(tencent.delivered).toEqual([
        { phone: `+86${phone}`, signName: '子午线', template: '2001', params: [expect.stringMatching(/^\d{6}$/), '5'] },
      ]);
      expect((await verify(phone, tencent.codeFor(phone), ip, app.app)).statusCode).toBe(200);
      expect(await sendsTo(app.db, phone)).toMatchObject([{ outcome: 'sent', provider: 'tencent' }]);
    } finally {
      await app.close();
      await tencent.close();
    }
  });
});

describe('the SMS provider settings', () => {
  it('refuse to start without the keys, sign or template the provider needs, naming them', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'aliyun', ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI' })).toThrow(
      'SMS_PROVIDER=aliyun needs ALIYUN_SMS_ACCESS_KEY_SECRET, SMS_SIGN_NAME, SMS_TEMPLATE_CODE set as well',
    );
    expect(() => loadConfig({ SMS_PROVIDER: 'tencent' })).toThrow(/^SMS_PROVIDER=tencent needs TENCENT_SMS_SECRET_ID/);
    expect(() => loadConfig({ SMS_PROVIDER: 'webhook' })).toThrow('SMS_PROVIDER=webhook needs SMS_WEBHOOK_URL');
    expect(() => loadConfig({ SMS_PROVIDER: 'twilio' })).toThrow(/^Invalid environment variable SMS_PROVIDER=/);
    // Nothing set is fine: `npm start` runs without SMS, and the webhook alone still works as before.
    expect(loadConfig({}).SMS_PROVIDER).toBeUndefined();
    expect(loadConfig({ SMS_WEBHOOK_URL: 'https://sms.example.cn/send' }).SMS_PROVIDER).toBeUndefined();
  });
});
