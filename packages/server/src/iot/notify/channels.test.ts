import { afterEach, describe, expect, it } from 'vitest';
import { aliyunSmsSender, aliyunVoiceSender } from '../../platform/sms/aliyun.ts';
import { SendError } from '../../platform/sms/send.ts';
import { startAliyun, startTencent } from '../../platform/sms/stand-ins.ts';
import { startSmtpServer } from '../../portal/codes/stand-ins.ts';
import { emailSender } from './channels/email.ts';
import { tencentSmsSender, tencentVoiceSender } from './channels/tencent.ts';
import type { OutgoingMessage } from './channels/types.ts';
import { webhookSender } from './channels/webhook.ts';
import { forgetWechatTokens, wechatSender } from './channels/wechat.ts';
import { startWebhook, startWechat } from './stand-ins.ts';

const message: OutgoingMessage = {
  key: 'alarm:7:fire:0:contact:3:sms',
  target: '13800138000',
  subject: '[Alarm] Boiler DTU temperature high',
  text: 'Boiler DTU Temperature 105.5 °C temperature high',
  params: {
    device: 'Boiler DTU',
    point: 'Temperature',
    value: '105.5 °C',
    time: '2026-03-01 08:30:00',
    content: 'temperature high',
  },
};

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  forgetWechatTokens();
});
async function started<T extends { close(): Promise<void> }>(server: Promise<T>): Promise<T> {
  const s = await server;
  closers.push(s.close);
  return s;
}

/** The SendError a send ended with. */
async function refusal(send: Promise<unknown>): Promise<SendError> {
  const error = await send.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SendError);
  return error as SendError;
}

describe('Aliyun SMS and voice', () => {
  const keys = { accessKeyId: 'LTAI-test', accessKeySecret: 'aliyun-secret', timeoutMs: 2000 };

  it('sends a signed SendSms with the template parameters and keeps the BizId', async () => {
    const aliyun = await started(startAliyun({ 'LTAI-test': 'aliyun-secret' }));
    const sender = aliyunSmsSender({ ...keys, base: aliyun.url, signName: 'Meridian', templateCode: 'SMS_1' });
    expect(await sender.send(message)).toEqual({ ref: `biz-${message.key}` });
    const q = aliyun.received[0]?.query;
    expect(q?.get('Action')).toBe('SendSms');
    expect(q?.get('PhoneNumbers')).toBe('13800138000');
    expect(q?.get('SignName')).toBe('Meridian');
    expect(JSON.parse(q?.get('TemplateParam') ?? '')).toEqual(message.params);
  });

  it('signs parameters holding the marks encodeURIComponent leaves alone, which Aliyun encodes', async () => {
    const aliyun = await started(startAliyun({ 'LTAI-test': 'aliyun-secret' }));
    const sender = aliyunSmsSender({ ...keys, base: aliyun.url, signName: 'Meridian (test)', templateCode: 'SMS_1' });
    const marked = { ...message, params: { ...message.params, content: "pressure *high* (it's ~5 bar)!" } };
    expect(await sender.send(marked)).toEqual({ ref: `biz-${message.key}` });
    expect(JSON.parse(aliyun.received[0]?.query.get('TemplateParam') ?? '')).toEqual(marked.params);
  });

  it('calls with SingleCallByTts for voice', async () => {
    const aliyun = await started(startAliyun({ 'LTAI-test': 'aliyun-secret' }));
    const sender = aliyunVoiceSender({ ...keys, base: aliyun.url, ttsCode: 'TTS_1', calledShowNumber: '057100000000' });
    expect(await sender.send(message)).toEqual({ ref: 'call-1' });
    expect(aliyun.received[0]?.query.get('Action')).toBe('SingleCallByTts');
    expect(aliyun.received[0]?.query.get('CalledNumber')).toBe('13800138000');
  });

  it('gives up at once on a wrong secret or a bad number, and retries throttling', async () => {
    const aliyun = await started(startAliyun({ 'LTAI-test': 'aliyun-secret' }));
    const wrong = aliyunSmsSender({
      ...keys,
      accessKeySecret: 'wrong',
      base: aliyun.url,
      signName: 'M',
      templateCode: 'SMS_1',
    });
    const signature = await refusal(wrong.send(message));
    expect(signature.message).toMatch(/SignatureDoesNotMatch/);
    expect(signature.permanent).toBe(true);
    const sender = aliyunSmsSender({ ...keys, base: aliyun.url, signName: 'M', templateCode: 'SMS_1' });
    aliyun.state.next.push({ body: { Code: 'isv.MOBILE_NUMBER_ILLEGAL', Message: 'invalid mobile number' } });
    expect((await refusal(sender.send(message))).permanent).toBe(true);
    aliyun.state.next.push({ body: { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: 'flow control' } });
    const throttled = await refusal(sender.send(message));
    expect(throttled.permanent).toBe(false);
    expect(throttled.message).toBe('aliyun SendSms isv.BUSINESS_LIMIT_CONTROL: flow control');
  });

  it('retries a provider that does not answer in time', async () => {
    const aliyun = await started(startAliyun({ 'LTAI-test': 'aliyun-secret' }));
    aliyun.state.next.push('hang');
    const sender = aliyunSmsSender({ ...keys, timeoutMs: 200, base: aliyun.url, signName: 'M', templateCode: 'SMS_1' });
    const timeout = await refusal(sender.send(message));
    expect(timeout.message).toBe('aliyun no answer within 200 ms');
    expect(timeout.permanent).toBe(false);
  });
});

describe('Tencent Cloud SMS and voice', () => {
  const keys = {
    secretId: 'AKID-test',
    secretKey: 'tencent-key',
    region: 'ap-guangzhou',
    sdkAppId: '1400000001',
    timeoutMs: 2000,
  };

  it('sends a TC3-signed SendSms in E.164 with the numbered parameters', async () => {
    const tencent = await started(startTencent({ 'AKID-test': 'tencent-key' }));
    const sender = tencentSmsSender({ ...keys, base: tencent.url, signName: 'Meridian', templateId: '100' });
    expect(await sender.send(message)).toEqual({ ref: 'serial-1' });
    const body = JSON.parse(tencent.received[0]?.body ?? '{}');
    expect(body).toMatchObject({
      PhoneNumberSet: ['+8613800138000'],
      SmsSdkAppId: '1400000001',
      TemplateId: '100',
      SessionContext: message.key,
    });
    expect(body.TemplateParamSet).toEqual([
      'Boiler DTU',
      'Temperature',
      '105.5 °C',
      '2026-03-01 08:30:00',
      'temperature high',
    ]);
    expect(tencent.received[0]?.headers['x-tc-action']).toBe('SendSms');
  });

  it('calls with SendTtsVoice for voice', async () => {
    const tencent = await started(startTencent({ 'AKID-test': 'tencent-key' }));
    expect(await tencentVoiceSender({ ...keys, base: tencent.url, templateId: '200' }).send(message)).toEqual({
      ref: 'call-1',
    });
    expect(JSON.parse(tencent.received[0]?.body ?? '{}').CalledNumber).toBe('+8613800138000');
  });

  it('reads errors from the Response and from the per-number status', async () => {
    const tencent = await started(startTencent({ 'AKID-test': 'tencent-key' }));
    const wrong = tencentSmsSender({
      ...keys,
      secretKey: 'wrong',
      base: tencent.url,
      signName: 'M',
      templateId: '100',
    });
    const auth = await refusal(wrong.send(message));
    expect(auth.message).toBe(
      'tencent SendSms AuthFailure.SignatureFailure: The provided credentials could not be validated.',
    );
    expect(auth.permanent).toBe(true);
    const sender = tencentSmsSender({ ...keys, base: tencent.url, signName: 'M', templateId: '100' });
    tencent.state.next.push({
      body: {
        Response: {
          SendStatusSet: [{ Code: 'LimitExceeded.PhoneNumberDailyLimit', Message: 'daily limit' }],
          RequestId: 'r',
        },
      },
    });
    const limited = await refusal(sender.send(message));
    expect(limited.message).toBe('tencent SendSms LimitExceeded.PhoneNumberDailyLimit: daily limit');
    expect(limited.permanent).toBe(false);
    tencent.state.next.push({
      body: { Response: { Error: { Code: 'InternalError.Timeout', Message: 'busy' }, RequestId: 'r' } },
    });
    expect((await refusal(sender.send(message))).permanent).toBe(false);
    tencent.state.next.push({ status: 502, body: 'bad gateway' });
    expect((await refusal(sender.send(message))).message).toBe('tencent SendSms answered 502 without a Response');
  });
});

describe('WeChat template messages', () => {
  const options = { appId: 'wx0123456789abcdef', appSecret: 'wechat-secret', templateId: 'tpl-1', timeoutMs: 2000 };

  it('fetches a token once, sends the template with the alarm fields, and reuses the token', async () => {
    const wechat = await started(startWechat(options.appId, options.appSecret));
    const sender = wechatSender({ ...options, base: wechat.url });
    const openid = { ...message, target: 'oAbCdEfGhIjKlMnOpQrStUvWxYz1' };
    expect(await sender.send(openid)).toEqual({ ref: '200228332' });
    expect(await sender.send(openid)).toEqual({ ref: '200228332' });
    expect(wechat.state.tokenCalls).toBe(1);
    const sent = JSON.parse(wechat.received[1]?.body ?? '{}');
    expect(sent).toMatchObject({ touser: openid.target, template_id: 'tpl-1' });
    expect(sent.data.keyword1.value).toBe('Boiler DTU');
    expect(sent.data.keyword2.value).toBe('Temperature 105.5 °C');
  });

  it('fetches the token again after 40001 and resends once', async () => {
    const wechat = await started(startWechat(options.appId, options.appSecret));
    const sender = wechatSender({ ...options, base: wechat.url });
    await sender.send(message);
    wechat.revoke();
    expect(await sender.send(message)).toEqual({ ref: '200228332' });
    const sends = wechat.received.filter((r) => r.path === '/cgi-bin/message/template/send');
    expect(sends.map((r) => r.query.get('access_token'))).toEqual(['T1', 'T1', 'T2']);
  });

  it('gives up at once when the follower unsubscribed or the secret is wrong, retries when busy', async () => {
    const wechat = await started(startWechat(options.appId, options.appSecret));
    const sender = wechatSender({ ...options, base: wechat.url });
    wechat.state.next.push({ body: { errcode: 43004, errmsg: 'require subscribe' } });
    const unsubscribed = await refusal(sender.send(message));
    expect(unsubscribed.message).toBe('wechat template send 43004: require subscribe');
    expect(unsubscribed.permanent).toBe(true);
    wechat.state.next.push({ body: { errcode: -1, errmsg: 'system error' } });
    expect((await refusal(sender.send(message))).permanent).toBe(false);
    forgetWechatTokens();
    const wrong = await refusal(wechatSender({ ...options, appSecret: 'wrong', base: wechat.url }).send(message));
    expect(wrong.message).toBe('wechat token 40125: invalid appsecret');
    expect(wrong.permanent).toBe(true);
  });
});

describe('webhook', () => {
  it('posts the message with its idempotency key and bearer token', async () => {
    const hook = await started(startWebhook());
    await webhookSender({ channel: 'push', url: `${hook.url}/push`, token: 'hook-token', timeoutMs: 2000 }).send(
      message,
    );
    const r = hook.received[0];
    expect(r?.headers.authorization).toBe('Bearer hook-token');
    expect(r?.headers['idempotency-key']).toBe(message.key);
    expect(JSON.parse(r?.body ?? '{}')).toMatchObject({ channel: 'push', to: '13800138000', text: message.text });
  });

  it('retries a 5xx, 429 or timeout and gives up on another 4xx', async () => {
    const hook = await started(startWebhook());
    const sender = webhookSender({ channel: 'sms', url: hook.url, timeoutMs: 200 });
    hook.state.next.push(
      { status: 503, body: { error: 'down' } },
      { status: 429, body: {} },
      { status: 400, body: { error: 'bad phone' } },
      'hang',
    );
    expect((await refusal(sender.send(message))).permanent).toBe(false);
    expect((await refusal(sender.send(message))).permanent).toBe(false);
    const bad = await refusal(sender.send(message));
    expect(bad).toMatchObject({ permanent: true, message: 'webhook answered 400: {"error":"bad phone"}' });
    expect((await refusal(sender.send(message))).message).toBe('webhook no answer within 200 ms');
  });
});

describe('email', () => {
  it('delivers over SMTP with login, the subject and text, and the key as Message-ID', async () => {
    const smtp = await started(startSmtpServer({ user: 'alarm', pass: 'mail-pass' }));
    const port = Number(new URL(smtp.url).port);
    const sender = emailSender(
      { host: '127.0.0.1', port, security: 'none', user: 'alarm', password: 'mail-pass', from: 'alarm@example.com' },
      2000,
    );
    const res = await sender.send({ ...message, target: 'ops@example.com' });
    expect(res.ref).toBe('<alarm.7.fire.0.contact.3.sms@meridian.alarm>');
    expect(smtp.mails[0]).toMatchObject({
      user: 'alarm',
      from: 'alarm@example.com',
      to: ['ops@example.com'],
      subject: message.subject,
      text: message.text,
    });
  });

  it('gives up at once on a refused login', async () => {
    const smtp = await started(startSmtpServer({ user: 'alarm', pass: 'mail-pass' }));
    const port = Number(new URL(smtp.url).port);
    const sender = emailSender(
      { host: '127.0.0.1', port, security: 'none', user: 'alarm', password: 'nope', from: 'a@example.com' },
      2000,
    );
    const refused = await refusal(sender.send({ ...message, target: 'ops@example.com' }));
    expect(refused.permanent).toBe(true);
    expect(refused.message).toMatch(/^SMTP: Invalid login/);
    expect(refused.message).not.toContain('nope');
  });
});
