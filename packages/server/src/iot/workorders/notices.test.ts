import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildUser } from '../../../test/factories.ts';
import { fromJson } from '../../platform/db/sql.ts';
import { startAliyun } from '../../platform/sms/stand-ins.ts';
import { type Caller, callerFor } from '../../portal/orgs/testing.ts';
import { buildDevice, mainAccount } from '../devices/testing.ts';
import type { NotifyEnv } from '../notify/channels/index.ts';
import { NOTICE_JOB, noticeOverdue, sendNotice } from './notices.ts';

let t: TestApp;
let owner: Caller;
let bare: Caller;
let engineer: Caller;
let aliyun: Awaited<ReturnType<typeof startAliyun>>;
let env: NotifyEnv;
const HOUR = 3_600_000;

async function assignedOrder(by: Caller, to: Caller, deviceId: number): Promise<number> {
  const id = (
    await by.post('/iot/work-orders', { type: 'repair', deviceId, description: 'Seal', priority: 'urgent' })
  ).json().data.id;
  const res = await by.post(`/iot/work-orders/${id}/assign`, { assigneeId: to.user.id });
  expect(res.statusCode, res.body).toBe(200);
  return id;
}

const noticesOf = (orderId: number) =>
  t.db.kysely
    .selectFrom('work_order_notices')
    .select(['id', 'user_id', 'event', 'channel', 'target', 'state', 'last_error'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();

beforeAll(async () => {
  t = await buildTestApp();
  aliyun = await startAliyun({ 'LTAI-test': 'aliyun-secret' });
  env = {
    ALIYUN_SMS_BASE: aliyun.url,
    ALIYUN_VOICE_BASE: aliyun.url,
    TENCENT_SMS_BASE: aliyun.url,
    TENCENT_VOICE_BASE: aliyun.url,
    WECHAT_API_BASE: aliyun.url,
    SMTP_URL: undefined,
    SMTP_FROM: 'Meridian <no-reply@meridian.local>',
    NOTIFY_SEND_TIMEOUT_MS: 2000,
  };
  owner = await mainAccount(t);
  bare = await mainAccount(t);
  const saved = await owner.call('PUT', '/iot/notify/sms', {
    provider: 'aliyun',
    accessKeyId: 'LTAI-test',
    accessKeySecret: 'aliyun-secret',
    signName: 'Meridian',
    templateCode: 'SMS_1',
  });
  expect(saved.statusCode, saved.body).toBe(200);
  engineer = await callerFor(
    t,
    await buildUser(t.db.kysely, {
      roleIds: [16],
      userType: 'sub',
      parentId: owner.user.id,
      identityId: null,
      phone: '13900139000',
    }),
  );
}, 60_000);
afterAll(async () => {
  await aliyun.close();
  await t.close();
});

describe('work-order notices', () => {
  it('tell the engineer an order was sent to them, by SMS through the owner’s settings, once', async () => {
    const id = await assignedOrder(owner, engineer, await buildDevice(owner, { name: 'Pump 3' }));
    const [notice, ...more] = await noticesOf(id);
    expect(more).toEqual([]);
    expect(notice).toMatchObject({
      user_id: engineer.user.id,
      event: 'assigned',
      channel: 'sms',
      target: '13900139000',
    });
    const jobs = await t.db.kysely.selectFrom('jobs').select('payload').where('kind', '=', NOTICE_JOB).execute();
    expect(jobs.map((j) => fromJson<{ noticeId: number }>(j.payload)?.noticeId)).toContain(notice?.id);

    await sendNotice(t.db.kysely, Number(notice?.id), env, { now: 1, max: 6 });
    expect((await noticesOf(id))[0]?.state).toBe('sent');
    const sms = aliyun.received.at(-1);
    expect(sms?.query.get('PhoneNumbers')).toBe('13900139000');
    expect(JSON.parse(sms?.query.get('TemplateParam') ?? '{}')).toMatchObject({
      device: 'Pump 3',
      content: expect.stringMatching(/^工单 WO\d{6}（Pump 3）已派给您，请及时接单$/),
    });
    // Sent already: a second run of the job sends nothing more.
    const before = aliyun.received.length;
    await sendNotice(t.db.kysely, Number(notice?.id), env, { now: 2, max: 6 });
    expect(aliyun.received.length).toBe(before);
    // The order's detail lists it.
    const detail = (await owner.get(`/iot/work-orders/${id}`)).json().data;
    expect(detail.notices).toEqual([expect.objectContaining({ event: 'assigned', channel: 'sms', state: 'sent' })]);
  });

  it('fail in words, without retrying, when the owner has no SMS set up', async () => {
    const lone = await callerFor(
      t,
      await buildUser(t.db.kysely, {
        roleIds: [16],
        userType: 'sub',
        parentId: bare.user.id,
        identityId: null,
        phone: '13700137000',
      }),
    );
    const id = await assignedOrder(bare, lone, await buildDevice(bare));
    const [notice] = await noticesOf(id);
    await sendNotice(t.db.kysely, Number(notice?.id), env, { now: 1, max: 6 });
    expect(await noticesOf(id)).toEqual([
      expect.objectContaining({ state: 'failed', last_error: 'no sms channel set up for this account' }),
    ]);
  });

  it('tell the engineer and the dispatcher once an order is past its time, once per time limit', async () => {
    const id = await assignedOrder(owner, engineer, await buildDevice(owner));
    // Urgent orders must be accepted within an hour: two hours later it is late.
    const later = Date.now() + 2 * HOUR;
    await noticeOverdue(t.db.kysely, later);
    const late = (await noticesOf(id)).filter((n) => n.event === 'responseOverdue');
    // The engineer by SMS; the owner, who assigned it, has neither phone nor mail here.
    expect(late.map((n) => [n.user_id, n.channel])).toEqual([[engineer.user.id, 'sms']]);
    await t.db.kysely.updateTable('users').set({ email: 'boss@example.com' }).where('id', '=', owner.user.id).execute();
    await noticeOverdue(t.db.kysely, later + HOUR);
    const again = (await noticesOf(id)).filter((n) => n.event === 'responseOverdue');
    expect(again.map((n) => [n.user_id, n.channel])).toEqual([
      [engineer.user.id, 'sms'],
      [owner.user.id, 'email'],
    ]);
    await noticeOverdue(t.db.kysely, later + 2 * HOUR);
    expect((await noticesOf(id)).filter((n) => n.event === 'responseOverdue')).toHaveLength(2);
    // Accepted, its completion limit (4 hours) starts; past it, one completion notice each.
    expect((await engineer.post(`/iot/work-orders/${id}/accept`)).statusCode).toBe(200);
    await noticeOverdue(t.db.kysely, Date.now() + 5 * HOUR);
    const completion = (await noticesOf(id)).filter((n) => n.event === 'completionOverdue');
    expect(completion.map((n) => n.user_id).sort()).toEqual([owner.user.id, engineer.user.id].sort());
  });
});
