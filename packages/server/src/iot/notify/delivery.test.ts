import type { AlarmFacts } from '@meridian/contracts';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, jobContextOf, memoryLogger, type TestApp } from '../../../test/app.ts';
import { runJobsUntilSettled } from '../../platform/jobs/testing.ts';
import type { JobWorker } from '../../platform/jobs/worker.ts';
import { startAliyun, startTencent } from '../../platform/sms/stand-ins.ts';
import { startSmtpServer } from '../../portal/codes/stand-ins.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import { buildDevice, mainAccount } from '../devices/testing.ts';
import { sampleTemplate } from '../templates/testing.ts';
import { type NotifyEnv, senderFor } from './channels/index.ts';
import { forgetWechatTokens } from './channels/wechat.ts';
import { DELIVERIES_KEPT_DAYS, deliveriesCleanup } from './cleanup.ts';
import { deliver, NOTIFY_JOB } from './deliver.ts';
import { type AlarmEvent, notifyAlarm, setTriggerRecipients, triggerRecipients } from './index.ts';
import { startWebhook, startWechat } from './stand-ins.ts';
import { outboxWorker } from './testing.ts';

const log = pino({ level: 'silent' });
let t: TestApp;
let owner: Caller;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let aliyun: Awaited<ReturnType<typeof startAliyun>>;
let tencent: Awaited<ReturnType<typeof startTencent>>;
let wechat: Awaited<ReturnType<typeof startWechat>>;
let hook: Awaited<ReturnType<typeof startWebhook>>;
let env: NotifyEnv;
let worker: JobWorker;
let deviceId: number;
let zhang: number;
let li: number;

const APP_ID = 'wx0123456789abcdef';
const OPENID = 'oAbCdEfGhIjKlMnOpQrStUvWxYz1';
let trigger = 100;
let alarm = 0;

beforeAll(async () => {
  // Messages give the alarm's time in the deployment's zone, whatever the server's own zone is.
  t = await buildTestApp({ TIME_ZONE: 'Asia/Shanghai' });
  owner = await mainAccount(t);
  [smtp, aliyun, tencent, wechat, hook] = await Promise.all([
    startSmtpServer({ user: 'alarm', pass: 'mail-pass' }),
    startAliyun({ 'LTAI-test': 'aliyun-secret', 'LTAI-other': 'other-secret' }),
    startTencent({ 'AKID-test': 'tencent-key' }),
    startWechat(APP_ID, 'wechat-secret'),
    startWebhook(),
  ]);
  env = {
    ALIYUN_SMS_BASE: aliyun.url,
    ALIYUN_VOICE_BASE: aliyun.url,
    TENCENT_SMS_BASE: tencent.url,
    TENCENT_VOICE_BASE: tencent.url,
    WECHAT_API_BASE: wechat.url,
    SMTP_URL: undefined,
    SMTP_FROM: 'Meridian <no-reply@meridian.local>',
    // Long enough for a first connection or SMTP greeting on a loaded machine (300 ms was not: the
    // first sends timed out and were retried); each 'hang' below costs this long.
    NOTIFY_SEND_TIMEOUT_MS: 2000,
  };
  // Retries come back after a few milliseconds instead of seconds.
  worker = outboxWorker(t, env, log);
  const put = async (path: string, body: unknown) => {
    const res = await owner.call('PUT', `/iot/notify/${path}`, body);
    if (res.statusCode !== 200) throw new Error(`${path} not saved: ${res.body}`);
  };
  await put('email-server', {
    host: '127.0.0.1',
    port: Number(new URL(smtp.url).port),
    security: 'none',
    user: 'alarm',
    password: 'mail-pass',
    from: 'alarm@example.com',
  });
  await put('email-template', {
    subject: 'Alarm on {device}',
    body: '{device} / {point} = {value} at {time}: {content}',
  });
  await put('sms', {
    provider: 'aliyun',
    accessKeyId: 'LTAI-test',
    accessKeySecret: 'aliyun-secret',
    signName: 'Meridian',
    templateCode: 'SMS_1',
  });
  await put('wechat-push', { appId: APP_ID, appSecret: 'wechat-secret', templateId: 'tpl-1' });
  await put('mobile-push', { url: `${hook.url}/push`, token: 'push-token' });
  deviceId = await buildDevice(owner, { name: 'Boiler DTU' });
  zhang = (
    await owner.post('/iot/contacts', {
      name: 'Zhang',
      phone: '13800138000',
      email: 'zhang@example.com',
      wechatOpenid: OPENID,
      channels: ['sms', 'email', 'wechat', 'push'],
    })
  ).json().data.id;
  li = (await owner.post('/iot/contacts', { name: 'Li', email: 'li@example.com' })).json().data.id;
});
afterAll(async () => {
  await Promise.all([smtp.close(), aliyun.close(), tencent.close(), wechat.close(), hook.close()]);
  forgetWechatTokens();
  await t.close();
});

const event = (over: Partial<AlarmEvent> = {}): AlarmEvent => ({
  alarmId: alarm,
  triggerId: trigger,
  deviceId,
  kind: 'fire',
  // 08:30 in Asia/Shanghai.
  at: Date.UTC(2026, 2, 1, 0, 30),
  pointId: null,
  value: '105.5',
  content: 'Temperature above 100',
  facts: null,
  ...over,
});
const notify = (e: AlarmEvent) => t.db.kysely.transaction().execute((trx) => notifyAlarm(trx, e));
const deliveries = (alarmId: number) =>
  t.db.kysely.selectFrom('notify_deliveries').selectAll().where('alarm_id', '=', alarmId).orderBy('id').execute();
/** A new trigger reaching `contactIds` and `groupIds`, and a new alarm number. */
async function newTrigger(contactIds: number[], groupIds: number[] = [], ownerId = owner.user.id) {
  trigger += 1;
  alarm += 1;
  await t.db.kysely
    .transaction()
    .execute((trx) => setTriggerRecipients(trx, trigger, ownerId, { contactIds, groupIds }));
}
const runOutbox = () => runJobsUntilSettled(worker, t.db, NOTIFY_JOB);

describe('notifyAlarm and the delivery job', () => {
  it("reaches a trigger's contacts and group members on each of their channels, once", async () => {
    const group = (await owner.post('/iot/contact-groups', { name: 'Shift', contactIds: [li, zhang] })).json().data.id;
    await newTrigger([zhang], [group]);
    expect(await t.db.kysely.transaction().execute((trx) => triggerRecipients(trx, trigger))).toEqual({
      contactIds: [zhang],
      groupIds: [group],
    });
    await notify(event());
    await notify(event());
    const rows = await deliveries(alarm);
    expect(rows.map((d) => `${d.contact_name}:${d.channel}:${d.state}`)).toEqual([
      'Zhang:sms:queued',
      'Zhang:email:queued',
      'Zhang:wechat:queued',
      'Zhang:push:queued',
      'Li:email:queued',
    ]);
    const jobs = await t.db.kysely.selectFrom('jobs').select('dedupe_key').where('kind', '=', NOTIFY_JOB).execute();
    expect(jobs.filter((j) => j.dedupe_key?.startsWith(`notify:alarm:${alarm}:`))).toHaveLength(5);

    await runOutbox();
    expect((await deliveries(alarm)).map((d) => [d.state, d.attempts])).toEqual(Array(5).fill(['sent', 1]));
    const mail = smtp.mails.find((m) => m.to.includes('li@example.com'));
    expect(mail).toMatchObject({ from: 'alarm@example.com', subject: 'Alarm on Boiler DTU' });
    // This alarm names no point (pointId null, as a device's offline alarm does): the point's place
    // in the text stays empty. 00:30 UTC is 08:30 in Shanghai.
    expect((await deliveries(alarm)).map((d) => d.point_name)).toEqual(Array(5).fill(null));
    expect(mail?.text).toBe('Boiler DTU /  = 105.5 at 2026-03-01 08:30:00: Temperature above 100');
    expect(aliyun.received.filter((r) => r.query.get('PhoneNumbers') === '13800138000')).toHaveLength(1);
    expect(wechat.received.filter((r) => r.path.endsWith('/send'))).toHaveLength(1);
    expect(hook.received[0]?.headers.authorization).toBe('Bearer push-token');

    // The engine calling again for the same event adds nothing and sends nothing.
    const mails = smtp.mails.length;
    await notify(event());
    await runOutbox();
    expect(await deliveries(alarm)).toHaveLength(5);
    expect(smtp.mails.length).toBe(mails);

    const list = (await owner.get(`/iot/notify/deliveries?alarmId=${alarm}&channel=email`)).json().data;
    expect(list.total).toBe(2);
    expect(list.list[0]).toMatchObject({
      deviceName: 'Boiler DTU',
      contactName: 'Li',
      target: 'li@example.com',
      state: 'sent',
      kind: 'fire',
      lastError: null,
    });
  });

  it('numbers repeats, sends the restore as its own event, and names the point with its unit', async () => {
    const template = await owner.post('/iot/templates', sampleTemplate('Warehouse TH'));
    expect(template.statusCode, template.body).toBe(200);
    const point = await t.db.kysely
      .selectFrom('template_points')
      .select('id')
      .where('template_id', '=', template.json().data.id)
      .where('name', '=', 'Temperature')
      .executeTakeFirstOrThrow();
    await newTrigger([li]);
    await notify(event({ pointId: point.id }));
    await notify(event({ kind: 'repeat', pointId: point.id }));
    await notify(event({ kind: 'repeat', pointId: point.id }));
    await notify(event({ kind: 'restore', pointId: point.id, value: '88.0', content: 'Temperature back to normal' }));
    expect((await deliveries(alarm)).map((d) => `${d.kind}${d.repeat_no}`)).toEqual([
      'fire0',
      'repeat1',
      'repeat2',
      'restore0',
    ]);
    await runOutbox();
    const restored = smtp.mails.filter((m) => m.text.endsWith('Temperature back to normal'));
    expect(restored.map((m) => m.text)).toEqual([
      'Boiler DTU / Temperature = 88.0 °C at 2026-03-01 08:30:00: Temperature back to normal',
    ]);
  });

  it("writes each message from the alarm's facts in the owner's language, and Alarm Notification in the reader's", async () => {
    const other = await mainAccount(t);
    const device = await buildDevice(other, { name: 'Kiln' });
    const sun = (await other.post('/iot/contacts', { name: 'Sun', phone: '13500135000' })).json().data.id;
    await other.call('PUT', '/iot/notify/sms', { provider: 'webhook', url: `${hook.url}/sms-lang` });
    const facts: AlarmFacts = {
      kind: 'alarm',
      trigger: 'Too hot',
      device: 'Kiln',
      pointId: null,
      point: 'Temperature',
      unit: '℃',
      condition: { kind: 'gt', pointId: 1, value: 100 },
      deadZone: 2,
      value: '105.5',
      text: null,
    };
    const sent = async () => {
      await runOutbox();
      return hook.received
        .filter((r) => r.path === '/sms-lang')
        .map((r) => (JSON.parse(r.body) as { text: string }).text);
    };
    // An account that chose no language: its contacts hear Chinese.
    await newTrigger([sun], [], other.user.id);
    await notify(event({ deviceId: device, facts: { ...facts, pointId: 1 } }));
    const zh = 'Kiln Temperature 报警，当前值 105.5 ℃，条件 > 100 ℃ (死区 2)';
    expect((await sent()).at(-1)).toContain(zh);
    expect((await deliveries(alarm))[0]).toMatchObject({ lang: 'zh-CN', content: zh, point_name: 'Temperature' });
    // The account's language is English: so are its contacts' messages.
    await t.db.kysely.updateTable('users').set({ lang: 'en' }).where('id', '=', other.user.id).execute();
    await newTrigger([sun], [], other.user.id);
    await notify(event({ deviceId: device, facts: { ...facts, pointId: 1 } }));
    const en = 'Kiln Temperature alarm: value 105.5 ℃, condition > 100 ℃ (dead zone 2)';
    expect((await sent()).at(-1)).toContain(en);
    expect((await deliveries(alarm))[0]).toMatchObject({ lang: 'en', content: en });
    // Alarm Notification writes it in the reader's language (the account's choice, else the browser's).
    const read = async (lang: 'zh-CN' | 'en' | null) => {
      await t.db.kysely.updateTable('users').set({ lang }).where('id', '=', other.user.id).execute();
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/iot/notify/deliveries?alarmId=${alarm}`,
        headers: { 'x-authorization': other.token, 'accept-language': lang ?? 'zh-CN' },
      });
      return res.json().data.list[0].content;
    };
    expect(await read(null)).toBe(zh);
    expect(await read('en')).toBe(en);
  });

  it('notifies no one for a device whose cloud configuration is off', async () => {
    const off = await buildDevice(owner, { name: 'Spare', cloudConfig: false });
    await newTrigger([li]);
    await notify(event({ deviceId: off }));
    expect(await deliveries(alarm)).toHaveLength(0);
  });

  it('retries a provider that answers errors or times out, then shows the delivery as failed', async () => {
    const other = await mainAccount(t);
    await other.call('PUT', '/iot/notify/sms', { provider: 'webhook', url: `${hook.url}/sms` });
    const device = await buildDevice(other, { name: 'Chiller' });
    const wang = (await other.post('/iot/contacts', { name: 'Wang', phone: '13700137000' })).json().data.id;
    await newTrigger([wang], [], other.user.id);
    hook.state.next.push(
      'hang',
      { status: 503, body: { error: 'down' } },
      ...Array(4).fill({ status: 500, body: { error: 'down' } }),
    );
    await notify(event({ deviceId: device }));
    await runOutbox();
    const [failed] = await deliveries(alarm);
    expect(failed).toMatchObject({
      state: 'failed',
      attempts: 6,
      last_error: 'webhook answered 500: {"error":"down"}',
      sent_at: null,
    });
    const shown = (await other.get('/iot/notify/deliveries?state=failed')).json().data;
    expect(shown.list[0]).toMatchObject({
      contactName: 'Wang',
      channel: 'sms',
      attempts: 6,
      lastError: 'webhook answered 500: {"error":"down"}',
    });
    // The owner of another account does not see it.
    expect((await owner.get(`/iot/notify/deliveries?alarmId=${alarm}`)).json().data.total).toBe(0);
    expect((await owner.post(`/iot/notify/deliveries/${failed?.id}/resend`)).json().message).toBe(
      'No such notification',
    );

    // Sent again by hand once the provider is back: one more job, then sent.
    const resent = await other.post(`/iot/notify/deliveries/${failed?.id}/resend`);
    expect(resent.statusCode, resent.body).toBe(200);
    await runOutbox();
    expect((await deliveries(alarm))[0]).toMatchObject({ state: 'sent', attempts: 7, last_error: null });
    const again = await other.post(`/iot/notify/deliveries/${failed?.id}/resend`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Only a notification that failed can be sent again');

    // A timeout and an error, then the provider answers: sent on the third attempt.
    alarm += 1;
    hook.state.next.push('hang', { status: 502, body: {} });
    await notify(event({ deviceId: device }));
    await runOutbox();
    expect((await deliveries(alarm))[0]).toMatchObject({ state: 'sent', attempts: 3, last_error: null });
  });

  it('fails at once, without retries, when the provider refuses for good or the channel is not set up', async () => {
    const other = await mainAccount(t);
    const device = await buildDevice(other, { name: 'Pump' });
    const zhao = (await other.post('/iot/contacts', { name: 'Zhao', wechatOpenid: OPENID })).json().data.id;
    await newTrigger([zhao], [], other.user.id);
    await notify(event({ deviceId: device }));
    await runOutbox();
    expect((await deliveries(alarm))[0]).toMatchObject({
      state: 'failed',
      attempts: 1,
      last_error: 'no wechat channel set up for this account',
    });

    await newTrigger([zhang]);
    aliyun.state.next.push({ body: { Code: 'isv.MOBILE_NUMBER_ILLEGAL', Message: 'invalid mobile number' } });
    await notify(event());
    await runOutbox();
    const sms = (await deliveries(alarm)).find((d) => d.channel === 'sms');
    expect(sms).toMatchObject({
      state: 'failed',
      attempts: 1,
      provider: 'aliyun',
      last_error: 'aliyun SendSms isv.MOBILE_NUMBER_ILLEGAL: invalid mobile number',
    });
  });
});

describe('provider signatures', () => {
  it("records a request the provider refuses for its signature as that provider's error, without retrying", async () => {
    const other = await mainAccount(t);
    const save = async (path: string, body: unknown) => {
      const res = await other.call('PUT', `/iot/notify/${path}`, body);
      expect(res.statusCode, res.body).toBe(200);
    };
    // Known key ids with the wrong secrets: each stand-in recomputes the signature and refuses it.
    await save('sms', {
      provider: 'tencent',
      secretId: 'AKID-test',
      secretKey: 'not-the-key',
      sdkAppId: '1400000001',
      signName: 'M',
      templateId: '100',
    });
    await save('voice', {
      provider: 'aliyun',
      accessKeyId: 'LTAI-test',
      accessKeySecret: 'not-the-secret',
      templateCode: 'TTS_1',
    });
    const device = await buildDevice(other, { name: 'Compressor' });
    const sun = (
      await other.post('/iot/contacts', { name: 'Sun', phone: '13500135000', channels: ['sms', 'voice'] })
    ).json().data.id;
    await newTrigger([sun], [], other.user.id);
    const tencentCalls = tencent.received.length;
    await notify(event({ deviceId: device }));
    await runOutbox();
    const rows = await deliveries(alarm);
    expect(rows.map((d) => [d.channel, d.provider, d.state, d.attempts, d.last_error])).toEqual([
      [
        'sms',
        'tencent',
        'failed',
        1,
        'tencent SendSms AuthFailure.SignatureFailure: The provided credentials could not be validated.',
      ],
      [
        'voice',
        'aliyun',
        'failed',
        1,
        'aliyun SingleCallByTts SignatureDoesNotMatch: Specified signature is not matched with our calculation.',
      ],
    ]);
    expect(tencent.received.length - tencentCalls).toBe(1);
    const shown = (await other.get(`/iot/notify/deliveries?alarmId=${alarm}`)).json().data.list;
    expect(shown.map((d: { lastError: string }) => d.lastError).sort()).toEqual(rows.map((d) => d.last_error).sort());
  });
});

describe('secrets', () => {
  it('never reach the log or the record when a send is refused', async () => {
    const other = await mainAccount(t);
    const port = Number(new URL(smtp.url).port);
    await other.call('PUT', '/iot/notify/email-server', {
      host: '127.0.0.1',
      port,
      security: 'none',
      user: 'alarm',
      password: 'Secret-Pass-9',
      from: 'a@example.com',
    });
    await other.call('PUT', '/iot/notify/sms', {
      provider: 'aliyun',
      accessKeyId: 'LTAI-other',
      accessKeySecret: 'Secret-Key-9',
      signName: 'M',
      templateCode: 'SMS_1',
    });
    const device = await buildDevice(other, { name: 'Kiln' });
    const qian = (
      await other.post('/iot/contacts', { name: 'Qian', phone: '13600136000', email: 'qian@example.com' })
    ).json().data.id;
    await newTrigger([qian], [], other.user.id);
    await notify(event({ deviceId: device }));
    const { logger, lines } = memoryLogger();
    const logged = outboxWorker(t, env, logger);
    await logged.drain();
    const rows = await deliveries(alarm);
    expect(rows.map((d) => [d.channel, d.state])).toEqual([
      ['sms', 'failed'],
      ['email', 'failed'],
    ]);
    expect(rows[0]?.last_error).toMatch(/SignatureDoesNotMatch/);
    expect(rows[1]?.last_error).toMatch(/^SMTP: Invalid login/);
    expect(lines.length).toBeGreaterThan(0);
    const text = JSON.stringify([lines, rows]);
    expect(text).not.toContain('Secret-Pass-9');
    expect(text).not.toContain('Secret-Key-9');
  });
});

describe('never twice', () => {
  it('sends nothing when the job runs again after the delivery was sent', async () => {
    await newTrigger([li]);
    await notify(event());
    await runOutbox();
    const [sent] = await deliveries(alarm);
    const before = smtp.mails.length;
    await deliver(t.db.kysely, sent?.id ?? 0, { env, log, attempt: 1, maxAttempts: 6 });
    expect(smtp.mails.length).toBe(before);
  });

  it('lets one run send at a time; after a crash between the send and its record, the resend carries the same key', async () => {
    await newTrigger([zhang]);
    hook.received.length = 0;
    await notify(event());
    const push = (await deliveries(alarm)).find((d) => d.channel === 'push');
    const id = push?.id ?? 0;
    // The first run reaches the provider, then its process "dies": its send never comes back.
    let crash: (e: Error) => void = () => undefined;
    let sent: () => void = () => undefined;
    const reached = new Promise<void>((resolve) => {
      sent = resolve;
    });
    const hanging: typeof senderFor = async (...args) => {
      const real = await senderFor(...args);
      return {
        provider: real.provider,
        send: async (m) => {
          await real.send(m);
          sent();
          return new Promise((_resolve, reject) => {
            crash = reject;
          });
        },
      };
    };
    const first = deliver(t.db.kysely, id, { env, log, attempt: 1, maxAttempts: 6, senderOf: hanging }).catch(
      (e: unknown) => e,
    );
    await reached;
    expect(hook.received).toHaveLength(1);

    // While it holds the delivery, another run sends nothing.
    await expect(deliver(t.db.kysely, id, { env, log, attempt: 2, maxAttempts: 6 })).rejects.toThrow(
      `delivery ${id} is being sent by another run`,
    );
    expect(hook.received).toHaveLength(1);

    // Its hold runs out: the next run cannot know the provider got it, and sends again, with the same key.
    await t.db.kysely
      .updateTable('notify_deliveries')
      .set({ sending_until: Date.now() - 1 })
      .where('id', '=', id)
      .execute();
    await deliver(t.db.kysely, id, { env, log, attempt: 3, maxAttempts: 6 });
    expect(hook.received.map((r) => r.headers['idempotency-key'])).toEqual([push?.dedupe_key, push?.dedupe_key]);

    // The first run waking up late does not overwrite the outcome.
    crash(new Error('connection reset'));
    await first;
    expect((await deliveries(alarm)).find((d) => d.id === id)).toMatchObject({
      state: 'sent',
      attempts: 2,
      last_error: null,
    });
  });
});

describe('the nightly cleanup', () => {
  it('removes finished deliveries after half a year and keeps those still on their way', async () => {
    await newTrigger([zhang]);
    await notify(event());
    const rows = await deliveries(alarm);
    const old = Date.now() - (DELIVERIES_KEPT_DAYS + 1) * 24 * 60 * 60_000;
    await t.db.kysely.updateTable('notify_deliveries').set({ created_at: old }).where('alarm_id', '=', alarm).execute();
    await t.db.kysely
      .updateTable('notify_deliveries')
      .set({ state: 'sent' })
      .where(
        'id',
        'in',
        rows.slice(1).map((d) => d.id),
      )
      .execute();
    expect(await deliveriesCleanup.run(t.db, Date.now(), jobContextOf(t))).toBe(rows.length - 1);
    expect((await deliveries(alarm)).map((d) => d.state)).toEqual(['queued']);
  });
});
