import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { loadConfig } from '../../platform/config.ts';
import { runJobsUntilSettled } from '../../platform/jobs/testing.ts';
import type { JobWorker } from '../../platform/jobs/worker.ts';
import { startAliyun, startTencent } from '../../platform/sms/stand-ins.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import { buildDevice, mainAccount, nonMemberAccount } from '../devices/testing.ts';
import type { NotifyEnv } from '../notify/channels/index.ts';
import { platformAlarmSender } from '../notify/channels/platform.ts';
import { deliver, NOTIFY_JOB } from '../notify/deliver.ts';
import { notifyAlarm, setTriggerRecipients } from '../notify/index.ts';
import { firing, notifyEnvAt, outboxWorker } from '../notify/testing.ts';
import { chargeAlarmMessage, monthOf } from './allowance.ts';
import { addCredits, ensureBillingAccount } from './repository.ts';

const log = pino({ level: 'silent' });
let t: TestApp;
let aliyun: Awaited<ReturnType<typeof startAliyun>>;
let env: NotifyEnv;
let worker: JobWorker;
let trigger = 500;
let alarm = 500;
let phone = 13900000000;

beforeAll(async () => {
  t = await buildTestApp({ TIME_ZONE: 'Asia/Shanghai' });
  aliyun = await startAliyun({ 'LTAI-platform': 'platform-secret', 'LTAI-own': 'own-secret' });
  env = {
    ...notifyEnvAt(aliyun.url),
    SMS_PROVIDER: 'aliyun',
    ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI-platform',
    ALIYUN_SMS_ACCESS_KEY_SECRET: 'platform-secret',
    SMS_SIGN_NAME: 'Meridian',
    ALARM_SMS_TEMPLATE_CODE: 'SMS_ALARM',
    ALARM_VOICE_TEMPLATE_CODE: 'TTS_ALARM',
  };
  worker = outboxWorker(t, env, log);
});
afterAll(async () => {
  await aliyun.close();
  await t.close();
});

/** An account with a device and a contact reached by SMS, whose trigger reaches that contact. */
async function accountWithContact(caller: Caller, channel: 'sms' | 'voice' = 'sms') {
  const deviceId = await buildDevice(caller, { name: 'Pump DTU' });
  phone += 1;
  const contact = await caller.post('/iot/contacts', { name: 'Wang', phone: String(phone), channels: [channel] });
  expect(contact.statusCode, contact.body).toBe(200);
  trigger += 1;
  const triggerId = trigger;
  await t.db.kysely
    .transaction()
    .execute((trx) =>
      setTriggerRecipients(trx, triggerId, caller.user.id, { contactIds: [contact.json().data.id], groupIds: [] }),
    );
  return { caller, deviceId, triggerId, phone: String(phone) };
}
type Account = Awaited<ReturnType<typeof accountWithContact>>;

/** Raises a new alarm on the account's device: one SMS delivery queued; answers its id. */
async function raise(a: Account): Promise<number> {
  alarm += 1;
  const e = firing(alarm, a.triggerId, a.deviceId);
  await t.db.kysely.transaction().execute((trx) => notifyAlarm(trx, e));
  const row = await t.db.kysely
    .selectFrom('notify_deliveries')
    .select('id')
    .where('alarm_id', '=', alarm)
    .executeTakeFirstOrThrow();
  return row.id;
}
const delivery = (id: number) =>
  t.db.kysely
    .selectFrom('notify_deliveries')
    .select(['state', 'attempts', 'charged', 'last_error', 'provider'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const membership = async (c: Caller) => (await c.get('/iot/billing/membership')).json().data;
const smsTo = (to: string) => aliyun.delivered.filter((d) => d.phone === to);
/** The account has used `used` of this month's alarm SMS already. */
const usedThisMonth = (accountId: number, used: number, month = monthOf(Date.now())) =>
  t.db.kysely.insertInto('iot_message_usage').values({ account_id: accountId, month, channel: 'sms', used }).execute();
const giveCredits = (accountId: number, sms: number, voice = 0) =>
  t.db.kysely.transaction().execute(async (trx) => {
    await ensureBillingAccount(trx, accountId, Date.now());
    await addCredits(trx, accountId, sms, voice, Date.now());
  });
const runOutbox = () => runJobsUntilSettled(worker, t.db, NOTIFY_JOB);

describe('the platform alarm senders and their configuration', () => {
  it('refuses to start with an alarm template but no Aliyun or Tencent SMS provider', () => {
    expect(() => loadConfig({ ALARM_SMS_TEMPLATE_CODE: 'SMS_ALARM' })).toThrow(
      'ALARM_SMS_TEMPLATE_CODE needs SMS_PROVIDER=aliyun or tencent',
    );
    expect(() =>
      loadConfig({
        ALARM_VOICE_TEMPLATE_CODE: 'TTS_1',
        SMS_PROVIDER: 'webhook',
        SMS_WEBHOOK_URL: 'http://127.0.0.1:9/',
      }),
    ).toThrow('ALARM_VOICE_TEMPLATE_CODE needs SMS_PROVIDER=aliyun or tencent');
  });

  it('sends through Tencent Cloud with the alarm template when SMS_PROVIDER=tencent', async () => {
    const tencent = await startTencent({ 'AKID-platform': 'tencent-key' });
    try {
      const sender = platformAlarmSender('sms', {
        ...notifyEnvAt(tencent.url),
        SMS_PROVIDER: 'tencent',
        TENCENT_SMS_SECRET_ID: 'AKID-platform',
        TENCENT_SMS_SECRET_KEY: 'tencent-key',
        TENCENT_SMS_SDK_APP_ID: '1400000001',
        SMS_SIGN_NAME: 'Meridian',
        ALARM_SMS_TEMPLATE_CODE: '2002',
      });
      if (!sender) throw new Error('no platform sender for Tencent');
      const params = { device: 'Pump', point: 'P', value: '1', time: '2026-03-01 08:30:00', content: 'high' };
      await sender.send({ key: 'k-1', target: '13700137000', subject: '', text: '', params });
      expect(tencent.delivered).toMatchObject([
        { template: '2002', params: ['Pump', 'P', '1', '2026-03-01 08:30:00', 'high'] },
      ]);
      expect(platformAlarmSender('voice', { ...notifyEnvAt(tencent.url), SMS_PROVIDER: 'tencent' })).toBeNull();
    } finally {
      await tencent.close();
    }
  });
});

describe('alarm SMS through the platform provider, counted against the month (decision 0134)', () => {
  it('sends within the allowance, then from a pack credit, then refuses in words', async () => {
    const a = await accountWithContact(await mainAccount(t));
    await usedThisMonth(a.caller.user.id, 199);
    await giveCredits(a.caller.user.id, 1);
    expect(await membership(a.caller)).toMatchObject({ smsUsed: 199, smsCredits: 1, limits: { smsPerMonth: 200 } });

    const first = await raise(a);
    await runOutbox();
    expect(await delivery(first)).toMatchObject({ state: 'sent', charged: 'month', provider: 'aliyun' });
    expect(smsTo(a.phone)).toHaveLength(1);
    expect(smsTo(a.phone)[0]).toMatchObject({ signName: 'Meridian', template: 'SMS_ALARM' });
    expect(await membership(a.caller)).toMatchObject({ smsUsed: 200, smsCredits: 1 });

    const second = await raise(a);
    await runOutbox();
    expect(await delivery(second)).toMatchObject({ state: 'sent', charged: 'credit' });
    expect(await membership(a.caller)).toMatchObject({ smsUsed: 200, smsCredits: 0 });

    const third = await raise(a);
    await runOutbox();
    expect(await delivery(third)).toMatchObject({
      state: 'failed',
      attempts: 1,
      charged: null,
      last_error: 'no SMS left this month: buy an SMS pack',
    });
    expect(smsTo(a.phone)).toHaveLength(2);
    const log = (await a.caller.get(`/iot/notify/deliveries?alarmId=${alarm}`)).json().data;
    expect(log.list[0]).toMatchObject({ state: 'failed', lastError: 'no SMS left this month: buy an SMS pack' });
    // A reader of Chinese reads the refusal in Chinese.
    const zh = await t.app.inject({
      method: 'GET',
      url: `/api/iot/notify/deliveries?alarmId=${alarm}`,
      headers: { 'x-authorization': a.caller.token, 'accept-language': 'zh-CN' },
    });
    expect(zh.json().data.list[0].lastError).toBe('本月短信已用完：请购买短信包');
  });

  it('a non-member has no SMS a month: its alarm SMS is refused until it buys a pack', async () => {
    const a = await accountWithContact(await nonMemberAccount(t));
    const refused = await raise(a);
    await runOutbox();
    expect(await delivery(refused)).toMatchObject({
      state: 'failed',
      last_error: 'no SMS left this month: buy an SMS pack',
    });
    await giveCredits(a.caller.user.id, 5);
    const sent = await raise(a);
    await runOutbox();
    expect(await delivery(sent)).toMatchObject({ state: 'sent', charged: 'credit' });
    expect(await membership(a.caller)).toMatchObject({ smsUsed: 0, smsCredits: 4 });
  });

  it('a call takes a voice credit, with the alarm voice template, and is refused when none is left', async () => {
    const a = await accountWithContact(await nonMemberAccount(t), 'voice');
    await giveCredits(a.caller.user.id, 0, 1);
    const calls = () => aliyun.received.filter((r) => r.query.get('CalledNumber') === a.phone);
    const called = await raise(a);
    await runOutbox();
    expect(await delivery(called)).toMatchObject({ state: 'sent', charged: 'credit' });
    expect(calls().map((r) => r.query.get('TtsCode'))).toEqual(['TTS_ALARM']);
    const refused = await raise(a);
    await runOutbox();
    expect(await delivery(refused)).toMatchObject({
      state: 'failed',
      last_error: 'no voice calls left this month: buy a voice pack',
    });
    expect(calls()).toHaveLength(1);
    expect(await membership(a.caller)).toMatchObject({ voiceUsed: 0, voiceCredits: 0, smsCredits: 0 });
  });

  it('a retry of the same delivery does not take a second unit', async () => {
    const a = await accountWithContact(await mainAccount(t));
    // The provider fails the first try (retried), then accepts.
    aliyun.state.next.push({ status: 500, body: { Code: 'isp.SYSTEM_ERROR', Message: 'busy', RequestId: 'r' } });
    const id = await raise(a);
    await runOutbox();
    expect(await delivery(id)).toMatchObject({ state: 'sent', attempts: 2, charged: 'month' });
    expect(smsTo(a.phone)).toHaveLength(1);
    expect(await membership(a.caller)).toMatchObject({ smsUsed: 1 });
  });

  it('two deliveries racing for the last unit: one is sent, the other refused', async () => {
    const a = await accountWithContact(await mainAccount(t));
    await usedThisMonth(a.caller.user.id, 199);
    const [one, two] = [await raise(a), await raise(a)];
    const run = (id: number) => deliver(t.db.kysely, id, { env, log, attempt: 1, maxAttempts: 6, engine: t.db.engine });
    await Promise.all([run(one), run(two)]);
    const states = [(await delivery(one)).state, (await delivery(two)).state].sort();
    expect(states).toEqual(['failed', 'sent']);
    expect(smsTo(a.phone)).toHaveLength(1);
    expect(await membership(a.caller)).toMatchObject({ smsUsed: 200 });
  });

  it('an account with its own SMS settings sends through them and is not counted', async () => {
    const a = await accountWithContact(await mainAccount(t));
    const saved = await a.caller.call('PUT', '/iot/notify/sms', {
      provider: 'aliyun',
      accessKeyId: 'LTAI-own',
      accessKeySecret: 'own-secret',
      signName: 'Acme',
      templateCode: 'SMS_OWN',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await usedThisMonth(a.caller.user.id, 200);
    const id = await raise(a);
    await runOutbox();
    expect(await delivery(id)).toMatchObject({ state: 'sent', charged: null });
    expect(smsTo(a.phone)[0]).toMatchObject({ signName: 'Acme', template: 'SMS_OWN' });
    expect(await membership(a.caller)).toMatchObject({ smsUsed: 200 });
  });

  it("starts a new month at midnight in the deployment's time zone", async () => {
    const a = await accountWithContact(await mainAccount(t));
    // 31 March 23:30 and 1 April 00:30 in Shanghai, both still 31 March in UTC.
    const lateMarch = Date.UTC(2026, 2, 31, 15, 30);
    const earlyApril = Date.UTC(2026, 2, 31, 16, 30);
    expect([monthOf(lateMarch), monthOf(earlyApril)]).toEqual(['2026-03', '2026-04']);
    await usedThisMonth(a.caller.user.id, 200, '2026-03');
    const charge = async (at: number) => {
      const id = await raise(a);
      return chargeAlarmMessage(t.db.kysely, t.db.engine, { id, ownerId: a.caller.user.id, channel: 'sms' }, at);
    };
    await expect(charge(lateMarch)).rejects.toThrow('no SMS left this month: buy an SMS pack');
    expect(await charge(earlyApril)).toBe('month');
    const april = await t.db.kysely
      .selectFrom('iot_message_usage')
      .select('used')
      .where('account_id', '=', a.caller.user.id)
      .where('month', '=', '2026-04')
      .executeTakeFirst();
    expect(april?.used).toBe(1);
  });
});
