import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { as, buildUser } from '../../../test/factories.ts';
import { type Caller, callerFor } from '../../portal/orgs/testing.ts';
import { nonMemberAccount as mainAccount, newSn } from '../devices/testing.ts';
import { sampleTemplate } from '../templates/testing.ts';
import { orderExpiryJob } from './expiry.ts';
import { ledgerSum, paymentEvents } from './repository.ts';
import { startWechatPay, type WechatPayStandIn } from './wechatpay-stand-in.ts';

let t: TestApp;
let wechat: WechatPayStandIn;

beforeAll(async () => {
  wechat = await startWechatPay();
  // The notify address is known once the app listens; the config is read on every call.
  t = await buildTestApp(wechat.env('http://127.0.0.1:9/not-yet'));
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  (t.config as { WECHATPAY_NOTIFY_URL?: string }).WECHATPAY_NOTIFY_URL = `${address}/api/iot/billing/wechatpay/notify`;
});
afterAll(async () => {
  await t.close();
  await wechat.close();
});

async function templateWith(c: Caller, slaves: number): Promise<number> {
  const res = await c.post(
    '/iot/templates',
    sampleTemplate(`Slaves ${slaves} ${newSn()}`, {
      slaves: Array.from({ length: slaves }, (_, i) => ({ index: i + 1, name: `Meter ${i + 1}`, address: i + 1 })),
    }),
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}
const addDevice = (c: Caller, templateId: number) =>
  c.post('/iot/devices', { name: 'Boiler', sn: newSn(), mac: 'D8B04C123456', templateId });

async function order(c: Caller, body: Record<string, unknown>) {
  const res = await c.post('/iot/billing/orders', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; number: string; amount: number; status: string };
}
async function payAtWechat(c: Caller, id: number) {
  const res = await c.post(`/iot/billing/orders/${id}/wechat-pay`);
  expect(res.statusCode, res.body).toBe(200);
  const { codeUrl } = res.json().data as { codeUrl: string };
  const placed = wechat.orderOfCode(codeUrl);
  if (!placed) throw new Error('the stand-in holds no order for that code');
  return wechat.pay(placed.outTradeNo);
}
const membership = async (c: Caller) => (await c.get('/iot/billing/membership')).json().data;
const ledgerOf = async (c: Caller) => (await c.get('/iot/billing/ledger?size=100')).json().data;

describe('memberships and their limits', () => {
  it('gives a new main account the non-member limits and refuses devices beyond its slaves', async () => {
    const owner = await mainAccount(t);
    const m = await membership(owner);
    expect(m).toMatchObject({ level: 0, expiresAt: null, testAccount: false, wechatPay: true, balance: 0 });
    expect(m.limits).toEqual({ slaves: 10, dataDays: 7, smsPerMonth: 0, voicePerMonth: 0, subUsers: 3 });
    const six = await templateWith(owner, 6);
    expect((await addDevice(owner, six)).statusCode).toBe(200);
    const over = await addDevice(owner, six);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toContain('is authorized for 10 slaves and uses 6; this would make 12');
  });

  it('keeps the test account view only with 3 free slaves', async () => {
    const tester = await callerFor(
      t,
      await buildUser(t.db.kysely, { roleIds: [19], userType: 'main', identityId: null }),
    );
    const m = await membership(tester);
    expect(m).toMatchObject({ testAccount: true, limits: { slaves: 3 } });
    const refused = await tester.post('/iot/billing/orders', { product: 'member1' });
    expect(refused.statusCode).toBe(403);
  });
});

describe('buying a level-1 membership by WeChat Pay', () => {
  it('pays the order, raises the limit, records the money, and credits a replayed notification once', async () => {
    const owner = await mainAccount(t);
    const six = await templateWith(owner, 6);
    expect((await addDevice(owner, six)).statusCode).toBe(200);
    expect((await addDevice(owner, six)).statusCode).toBe(409);

    const placed = await order(owner, { product: 'member1' });
    expect(placed).toMatchObject({ status: 'unpaid', amount: 99_900 });
    expect(placed.number).toMatch(/^\d{20}$/);
    const { notification, reply } = await payAtWechat(owner, placed.id);
    expect(reply.status).toBe(200);

    const paid = (await owner.get(`/iot/billing/orders/${placed.id}`)).json().data;
    expect(paid).toMatchObject({ status: 'paid', payMethod: 'wechat' });
    expect(paid.transactionId).toMatch(/^42000/);
    const m = await membership(owner);
    expect(m.level).toBe(1);
    expect(m.limits).toMatchObject({ slaves: 100, dataDays: 35, smsPerMonth: 200 });
    const year = new Date(paid.paidAt);
    year.setUTCFullYear(year.getUTCFullYear() + 1);
    expect(Math.abs(m.expiresAt - year.getTime())).toBeLessThan(60_000);
    expect((await addDevice(owner, six)).statusCode).toBe(200);

    const before = await ledgerOf(owner);
    expect(before.list.map((l: { reason: string; delta: number }) => [l.reason, l.delta])).toEqual([
      ['purchase', -99_900],
      ['recharge', 99_900],
    ]);

    // WeChat Pay sends it again (it retries until answered): taken, nothing credited twice.
    const replay = await wechat.deliver(notification);
    expect(replay.status).toBe(200);
    expect((await ledgerOf(owner)).total).toBe(2);
    expect((await membership(owner)).expiresAt).toBe(m.expiresAt);
    const events = await paymentEvents(t.db.kysely, placed.number);
    expect(events.map((e) => e.outcome)).toEqual(['credited', 'duplicate']);

    // Renewing adds a year to the running one.
    const renewal = await order(owner, { product: 'member1' });
    await payAtWechat(owner, renewal.id);
    const renewed = new Date(m.expiresAt);
    renewed.setUTCFullYear(renewed.getUTCFullYear() + 1);
    expect((await membership(owner)).expiresAt).toBe(renewed.getTime());
  });

  it('falls back to the non-member limits when the membership runs out, keeping the devices', async () => {
    const owner = await mainAccount(t);
    const six = await templateWith(owner, 6);
    const placed = await order(owner, { product: 'member1' });
    await payAtWechat(owner, placed.id);
    expect((await addDevice(owner, six)).statusCode).toBe(200);
    expect((await addDevice(owner, six)).statusCode).toBe(200);
    await t.db.kysely
      .updateTable('users')
      .set({ vip_expires_at: Date.now() - 1 })
      .where('id', '=', owner.user.id)
      .execute();
    const m = await membership(owner);
    expect(m).toMatchObject({ level: 0, lapsed: true, slavesUsed: 12, limits: { slaves: 10 } });
    expect((await addDevice(owner, six)).statusCode).toBe(409);
    const count = await t.db.kysely
      .selectFrom('devices')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('owner_id', '=', owner.user.id)
      .executeTakeFirst();
    expect(Number(count?.n)).toBe(2);
  });

  it('refuses a lower level while a higher one lasts', async () => {
    const owner = await mainAccount(t);
    await t.db.kysely
      .updateTable('users')
      .set({ vip_level: 2, vip_expires_at: Date.now() + 86_400_000 })
      .where('id', '=', owner.user.id)
      .execute();
    const refused = await owner.post('/iot/billing/orders', { product: 'member1' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('You cannot buy a lower membership while your neutral membership lasts');
  });
});

describe('orders that cannot be paid', () => {
  it('cannot restore or pay a cancelled order, and refuses and logs its notification', async () => {
    const owner = await mainAccount(t);
    const placed = await order(owner, { product: 'sms100', quantity: 2 });
    expect(placed.amount).toBe(2_000);
    await owner.post(`/iot/billing/orders/${placed.id}/wechat-pay`);
    const cancelled = await owner.post(`/iot/billing/orders/${placed.id}/cancel`);
    expect(cancelled.json().data.status).toBe('cancelled');
    expect(wechat.orders.get(placed.number)?.state).toBe('CLOSED');

    for (const url of [`/iot/billing/orders/${placed.id}/wechat-pay`, `/iot/billing/orders/${placed.id}/cancel`]) {
      const again = await owner.post(url);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('The order is cancelled; cancelled orders cannot be restored');
    }
    const zh = await t.app.inject({
      method: 'POST',
      url: `/api/iot/billing/orders/${placed.id}/wechat-pay`,
      headers: { ...as(owner.token), 'accept-language': 'zh-CN' },
    });
    expect(zh.json().message).toBe('订单已取消，已取消的订单不可恢复');

    const late = await wechat.deliver(
      wechat.forge({ outTradeNo: placed.number, total: 2_000, notifyUrl: t.config.WECHATPAY_NOTIFY_URL ?? '' }),
    );
    expect(late.status).toBe(400);
    expect(JSON.parse(late.body)).toEqual({ code: 'FAIL', message: 'order cancelled' });
    expect((await ledgerOf(owner)).total).toBe(0);
    expect((await membership(owner)).smsCredits).toBe(0);
    const events = await paymentEvents(t.db.kysely, placed.number);
    expect(events.map((e) => [e.outcome, e.reason])).toEqual([['refused', 'order cancelled']]);
  });

  it('refuses forged, tampered, unknown and wrong-amount notifications, moving no money', async () => {
    const owner = await mainAccount(t);
    const placed = await order(owner, { product: 'recharge', amount: 5_000 });
    const notifyUrl = t.config.WECHATPAY_NOTIFY_URL ?? '';
    const good = wechat.forge({ outTradeNo: placed.number, total: 5_000, notifyUrl });

    const tampered = await wechat.deliver({
      ...good,
      body: good.body.replace('"TRANSACTION.SUCCESS"', '"TRANSACTION.SUCCESS" '),
    });
    expect(tampered.status).toBe(401);
    const unsigned = await wechat.deliver({ ...good, headers: { 'content-type': 'application/json' } });
    expect(unsigned.status).toBe(401);
    const stale = await wechat.deliver({ ...good, headers: { ...good.headers, 'wechatpay-timestamp': '1600000000' } });
    expect(stale.status).toBe(401);
    const unknown = await wechat.deliver(wechat.forge({ outTradeNo: '20990101000000000000', total: 5_000, notifyUrl }));
    expect(unknown.status).toBe(400);
    const cheap = await wechat.deliver(wechat.forge({ outTradeNo: placed.number, total: 1, notifyUrl }));
    expect(cheap.status).toBe(400);

    expect((await owner.get(`/iot/billing/orders/${placed.id}`)).json().data.status).toBe('unpaid');
    expect((await membership(owner)).balance).toBe(0);
    const refusals = await t.db.kysely
      .selectFrom('billing_payment_events')
      .select(['reason'])
      .where('outcome', '=', 'refused')
      .execute();
    const reasons = refusals.map((r) => r.reason);
    expect(reasons).toEqual(
      expect.arrayContaining([
        'signature does not verify',
        'signature headers missing',
        'timestamp outside the window',
        'unknown order',
        "amount 1 differs from the order's 5000",
      ]),
    );
  });

  it('expires an unpaid order at the end of its window', async () => {
    const owner = await mainAccount(t);
    const placed = await order(owner, { product: 'voice100' });
    const job = await t.db.kysely
      .selectFrom('jobs')
      .select(['run_at', 'payload'])
      .where('dedupe_key', '=', `order-expiry:${placed.id}`)
      .executeTakeFirstOrThrow();
    expect(Number(job.run_at)).toBeGreaterThan(Date.now() + 29 * 60_000);
    await t.db.kysely
      .updateTable('billing_orders')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', placed.id)
      .execute();
    const ctx = { db: t.db, log: t.app.log, config: t.config, signal: new AbortController().signal } as Parameters<
      typeof orderExpiryJob.run
    >[1];
    await orderExpiryJob.run(
      { id: 1, kind: orderExpiryJob.kind, payload: { orderId: placed.id }, attempt: 1, maxAttempts: 5 },
      ctx,
    );
    const row = await t.db.kysely
      .selectFrom('billing_orders')
      .select('status')
      .where('id', '=', placed.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('expired');
    const pay = await owner.post(`/iot/billing/orders/${placed.id}/wechat-pay`);
    expect(pay.statusCode).toBe(409);
    expect(pay.json().message).toBe('The order has expired; place a new order');
    expect((await owner.get('/iot/billing/orders?status=expired')).json().data.total).toBe(1);
  });
});

describe('the balance ledger', () => {
  it('sums to the balance and never credits twice under concurrent payments and replays', async () => {
    const owner = await mainAccount(t);
    const amounts = [100, 250, 999, 1_000, 12_345, 7, 500, 42];
    const orders = [];
    for (const amount of amounts)
      orders.push(await order(owner, { product: 'recharge', amount: amount < 100 ? 100 + amount : amount }));
    orders.push(await order(owner, { product: 'sms1000' }));
    const codes = await Promise.all(orders.map((o) => owner.post(`/iot/billing/orders/${o.id}/wechat-pay`)));
    const numbers = codes.map((c) => wechat.orderOfCode(c.json().data.codeUrl)?.outTradeNo ?? '');
    // Every payment at once, and each notification sent twice more at the same time.
    const paid = await Promise.all(numbers.map((n) => wechat.pay(n)));
    const replies = await Promise.all(
      paid.flatMap((p) => [wechat.deliver(p.notification), wechat.deliver(p.notification)]),
    );
    expect([...paid.map((p) => p.reply.status), ...replies.map((r) => r.status)].every((s) => s === 200)).toBe(true);

    const expected = orders.filter((o) => o.number).reduce((sum, o) => sum + o.amount, 0);
    const m = await membership(owner);
    const topUps = orders.slice(0, -1).reduce((sum, o) => sum + o.amount, 0);
    expect(m.balance).toBe(topUps);
    expect(m.smsCredits).toBe(1000);
    expect(await ledgerSum(t.db.kysely, owner.user.id)).toBe(m.balance);
    const rows = (await ledgerOf(owner)).list as Array<{ delta: number; balanceAfter: number; orderId: number }>;
    expect(rows).toHaveLength(orders.length + 1);
    expect(rows.reduce((sum, r) => sum + (r.delta > 0 ? r.delta : 0), 0)).toBe(expected);
    // Read oldest first, each row's balance is the one before it plus its change, never below 0.
    let running = 0;
    for (const r of [...rows].reverse()) {
      running += r.delta;
      expect(r.balanceAfter).toBe(running);
      expect(r.balanceAfter).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('a deployment without WeChat Pay', () => {
  it('takes orders but says payment is not configured, and refuses notifications', async () => {
    const bare = await buildTestApp();
    try {
      const owner = await callerFor(
        bare,
        await buildUser(bare.db.kysely, { roleIds: [10], userType: 'main', identityId: null }),
      );
      expect((await owner.get('/iot/billing/membership')).json().data.wechatPay).toBe(false);
      const placed = (await owner.post('/iot/billing/orders', { product: 'member1' })).json().data;
      const pay = await owner.post(`/iot/billing/orders/${placed.id}/wechat-pay`);
      expect(pay.statusCode).toBe(409);
      expect(pay.json().message).toBe('WeChat Pay is not configured; ask the platform administrator');
      const notify = await bare.app.inject({
        method: 'POST',
        url: '/api/iot/billing/wechatpay/notify',
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(notify.statusCode).toBe(400);
    } finally {
      await bare.close();
    }
  });
});
