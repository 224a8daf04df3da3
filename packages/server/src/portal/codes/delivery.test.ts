import { describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { loadConfig } from '../../platform/config.ts';
import { deleteOldSends } from './repository.ts';
import { startSmsWebhook } from './stand-ins.ts';

const post = (app: TestApp['app'], url: string, payload: unknown, ip = '10.99.0.1', lang = 'en') =>
  app.inject({
    method: 'POST',
    url: `/api/apis-authz/auth/user/${url}`,
    payload: payload as object,
    headers: { 'accept-language': lang },
    remoteAddress: ip,
  });

describe('when a code cannot go out', () => {
  it('says the SMS could not be sent when the webhook answers 500, and the code never works', async () => {
    const failing = await startSmsWebhook({ status: 500 });
    const app = await buildTestApp({ SMS_WEBHOOK_URL: failing.url });
    try {
      const res = await post(app.app, 'sendCode', { channel: 'sms', target: '13800000500', purpose: 'register' });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe('The SMS could not be sent; try again later');
      const code = failing.codeFor('13800000500');
      const check = await post(app.app, 'multiVerify', { target: '13800000500', purpose: 'register', code });
      expect(check.statusCode).toBe(400);
      const [send] = await app.db.kysely.selectFrom('verification_sends').selectAll().execute();
      expect(send).toMatchObject({
        outcome: 'failed',
        provider: 'webhook',
        error: expect.stringContaining('answered 500'),
      });
      // A failed send does not hold the person back.
      expect(
        (await post(app.app, 'sendCode', { channel: 'sms', target: '13800000500', purpose: 'register' })).statusCode,
      ).toBe(502);
    } finally {
      await app.close();
      await failing.close();
    }
  });

  it('gives up on a webhook that does not answer within the timeout', async () => {
    const silent = await startSmsWebhook({ hang: true });
    const app = await buildTestApp({ SMS_WEBHOOK_URL: silent.url, CODE_SEND_TIMEOUT_MS: '300' });
    try {
      const started = Date.now();
      const res = await post(
        app.app,
        'sendCode',
        { channel: 'sms', target: '13800000501', purpose: 'register' },
        '10.1.1.1',
        'zh-CN',
      );
      expect(Date.now() - started).toBeLessThan(5000);
      expect(res.json()).toMatchObject({ code: 502, message: '短信发送失败，请稍后再试' });
      const [send] = await app.db.kysely.selectFrom('verification_sends').selectAll().execute();
      expect(send?.error).toBe('SMS webhook no answer within 300 ms');
    } finally {
      await app.close();
      await silent.close();
    }
  });

  it('says SMS or email is not configured, unless CODE_LOG writes codes to the log', async () => {
    const bare = await buildTestApp();
    try {
      const byPhone = await post(bare.app, 'sendCode', { channel: 'sms', target: '13800000502', purpose: 'register' });
      expect(byPhone.statusCode).toBe(503);
      expect(byPhone.json().message).toBe('SMS is not configured; contact the administrator');
      const byMail = await post(bare.app, 'forgetPassword/generateCaptcha', { channel: 'email', target: 'x@y.cn' });
      expect(byMail.json().message).toBe('Email is not configured; contact the administrator');
    } finally {
      await bare.close();
    }

    const dev = await buildTestApp({ CODE_LOG: 'true' });
    try {
      const res = await post(dev.app, 'sendCode', { channel: 'email', target: 'Dev@Example.cn', purpose: 'bind' });
      expect(res.statusCode).toBe(200);
      const line = dev.logs.find((l) => l.code !== undefined);
      expect(line).toMatchObject({ level: 40, channel: 'email', target: 'dev@example.cn', purpose: 'bind' });
      const ok = await post(dev.app, 'multiVerify', { target: 'dev@example.cn', purpose: 'bind', code: line?.code });
      expect(ok.statusCode).toBe(200);
      const [send] = await dev.db.kysely.selectFrom('verification_sends').selectAll().execute();
      expect(send).toMatchObject({ outcome: 'logged', provider: 'log' });
    } finally {
      await dev.close();
    }
  });
});

describe('the channels’ settings', () => {
  it('refuse an address of the wrong kind at start-up, naming the variable', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.cn' })).toThrow(/^Invalid environment variable SMTP_URL=/);
    expect(() => loadConfig({ SMS_WEBHOOK_URL: 'ftp://sms.example.cn' })).toThrow(
      /^Invalid environment variable SMS_WEBHOOK_URL=/,
    );
    expect(() => loadConfig({ CODE_LOG: 'maybe' })).toThrow(/^Invalid environment variable CODE_LOG=/);
    const config = loadConfig({
      SMTP_URL: 'smtps://a:b@mail.example.cn:465',
      SMS_WEBHOOK_URL: 'https://sms.example.cn/send',
    });
    expect(config).toMatchObject({
      CODE_LOG: false,
      CODE_SEND_TIMEOUT_MS: 8000,
      SMTP_FROM: 'Meridian <no-reply@meridian.local>',
    });
  });
});

describe('the record of sends', () => {
  it('is cleared of rows older than the cut-off, in batches', async () => {
    const app = await buildTestApp({ CODE_LOG: 'true' });
    try {
      const rows = Array.from({ length: 5 }, (_, i) => ({
        channel: 'sms' as const,
        purpose: 'login' as const,
        target: `1380000000${i}`,
        ip: null,
        outcome: 'sent' as const,
        provider: 'webhook',
        error: null,
        at: i < 3 ? 1000 : Date.now(),
      }));
      await app.db.kysely.insertInto('verification_sends').values(rows).execute();
      expect(await deleteOldSends(app.db.kysely, Date.now() - 60_000)).toBe(3);
      const left = await app.db.kysely.selectFrom('verification_sends').select('target').orderBy('target').execute();
      expect(left.map((r) => r.target)).toEqual(['13800000003', '13800000004']);
    } finally {
      await app.close();
    }
  });
});
