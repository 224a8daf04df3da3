import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { startSmtpServer } from '../../portal/codes/stand-ins.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import { mainAccount, messageFor, subUser } from '../devices/testing.ts';

let t: TestApp;
let owner: Caller;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await mainAccount(t);
  smtp = await startSmtpServer({ user: 'alarm', pass: 'mail-pass' });
});
afterAll(async () => {
  await smtp.close();
  await t.close();
});

const put = (c: Caller, path: string, body: unknown) => c.call('PUT', `/iot/notify/${path}`, body);
const server = () => ({
  host: '127.0.0.1',
  port: Number(new URL(smtp.url).port),
  security: 'none',
  user: 'alarm',
  from: 'alarm@example.com',
});

describe('Email Server', () => {
  it('keeps the password write-only: never read back, kept when left out', async () => {
    const saved = await put(owner, 'email-server', { ...server(), password: 'mail-pass' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      kind: 'emailServer',
      secretSet: true,
      settings: { host: '127.0.0.1', user: 'alarm', enabled: true },
    });
    expect(saved.body).not.toContain('mail-pass');
    expect((await put(owner, 'email-server', { ...server(), from: 'ops@example.com' })).json().data).toMatchObject({
      secretSet: true,
      settings: { from: 'ops@example.com' },
    });
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'saveNotifySettings')
      .execute();
    expect(JSON.stringify(audit)).not.toContain('mail-pass');
  });

  it('sends a test mail through the saved server, and says why one failed', async () => {
    const res = await owner.post('/iot/notify/email-server/test', { to: 'me@example.com' });
    expect(res.statusCode, res.body).toBe(200);
    expect(smtp.mails.at(-1)).toMatchObject({ to: ['me@example.com'], subject: 'Test mail' });
    await put(owner, 'email-server', { ...server(), password: 'wrong' });
    const failed = await owner.post('/iot/notify/email-server/test', { to: 'me@example.com' });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toMatch(/^The test mail was not sent: SMTP: Invalid login/);
  });

  it('asks for the Email Server before a test mail, and for a password the first time a login is set', async () => {
    const fresh = await mainAccount(t);
    expect((await fresh.post('/iot/notify/email-server/test', { to: 'me@example.com' })).json().message).toBe(
      'Save the Email Server settings first',
    );
    expect((await put(fresh, 'email-server', server())).json().message).toBe(
      'Enter the password or secret the first time you save',
    );
  });

  it('checks the host, port and sender address', async () => {
    const res = await put(owner, 'email-server', { ...server(), host: 'smtp example', port: 70000, from: 'nobody' });
    expect(res.statusCode).toBe(400);
    expect(messageFor(res.json(), 'host')).toEqual(['Enter a valid SMTP server address']);
    expect(messageFor(res.json(), 'port')).toEqual(['The port is at most 65535']);
    expect(messageFor(res.json(), 'from')).toEqual(['The email address is not valid']);
  });
});

describe('Email Template and the other channels', () => {
  it('offers the default template, and takes only the known placeholders', async () => {
    const fresh = await mainAccount(t);
    expect((await fresh.get('/iot/notify/email-template')).json().data.settings).toEqual({
      subject: '[Alarm] {device} {content}',
      body: 'Device: {device}\nData point: {point}\nValue: {value}\nTime: {time}\nContent: {content}',
    });
    const bad = await put(fresh, 'email-template', { subject: 'Alarm {site}', body: '' });
    expect(messageFor(bad.json(), 'subject')).toEqual([
      'Only the placeholders {device}, {point}, {value}, {time} and {content} can be used',
    ]);
    expect(messageFor(bad.json(), 'body')).toEqual(['Subject up to 200 characters and body up to 5000, neither empty']);
    expect((await put(fresh, 'email-template', { subject: '{device}', body: '{content} at {time}' })).statusCode).toBe(
      200,
    );
  });

  it('needs the secret of a new SMS provider, and keeps the stored one for the same provider', async () => {
    const aliyun = { provider: 'aliyun', accessKeyId: 'LTAI-test', signName: 'M', templateCode: 'SMS_1' };
    expect((await put(owner, 'sms', aliyun)).json().message).toBe(
      'Enter the password or secret the first time you save',
    );
    expect((await put(owner, 'sms', { ...aliyun, accessKeySecret: 's' })).json().data.secretSet).toBe(true);
    expect((await put(owner, 'sms', { ...aliyun, templateCode: 'SMS_2' })).json().data).toMatchObject({
      secretSet: true,
      settings: { templateCode: 'SMS_2' },
    });
    const tencent = { provider: 'tencent', secretId: 'AKID', sdkAppId: '1400000001', templateId: '1' };
    expect((await put(owner, 'sms', tencent)).json().message).toBe(
      'Enter the password or secret the first time you save',
    );
    const hook = await put(owner, 'voice', { provider: 'webhook', url: 'ftp://example.com' });
    expect(messageFor(hook.json(), 'url')).toEqual(['Enter a valid URL of at most 256 characters']);
    const missing = await put(owner, 'sms', { provider: 'aliyun', accessKeyId: '', templateCode: 'SMS_1' });
    expect(messageFor(missing.json(), 'accessKeyId')).toEqual(['This field is required']);
  });

  it('checks the official account AppID', async () => {
    const res = await put(owner, 'wechat-push', { appId: 'app-1', appSecret: 's', templateId: 'tpl' });
    expect(messageFor(res.json(), 'appId')).toEqual([
      'The official account AppID is wx followed by 16 hexadecimal characters',
    ]);
  });

  it('is for those with the settings permission', async () => {
    const sub = await subUser(t, owner.user.id);
    expect((await sub.get('/iot/notify/email-server')).statusCode).toBe(403);
  });
});
