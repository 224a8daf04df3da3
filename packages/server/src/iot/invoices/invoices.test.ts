import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { as, buildUser } from '../../../test/factories.ts';
import { type Caller, callerFor } from '../../portal/orgs/testing.ts';
import { startWechatPay, type WechatPayStandIn } from '../billing/wechatpay-stand-in.ts';
import { nonMemberAccount } from '../devices/testing.ts';

let t: TestApp;
let wechat: WechatPayStandIn;
let admin: Caller;

beforeAll(async () => {
  wechat = await startWechatPay();
  t = await buildTestApp(wechat.env('http://127.0.0.1:9/not-yet'));
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  (t.config as { WECHATPAY_NOTIFY_URL?: string }).WECHATPAY_NOTIFY_URL = `${address}/api/iot/billing/wechatpay/notify`;
  admin = await callerFor(t, await buildUser(t.db.kysely, { roleIds: [12] }));
});
afterAll(async () => {
  await t.close();
  await wechat.close();
});

const INFO = {
  title: 'Hangzhou Boiler Works Ltd',
  taxNumber: '91330100MA2H3XYZ1K',
  address: '1 Wensan Road, Hangzhou',
  phone: '0571-88886666',
  bank: 'Bank of Hangzhou',
  bankAccount: '6222 0000 1111 2222',
  email: 'finance@boiler.example.com',
};

async function order(c: Caller, body: Record<string, unknown> = { product: 'sms100' }) {
  const res = await c.post('/iot/billing/orders', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; number: string; amount: number };
}
async function paidOrder(c: Caller, body?: Record<string, unknown>) {
  const o = await order(c, body);
  const res = await c.post(`/iot/billing/orders/${o.id}/wechat-pay`);
  expect(res.statusCode, res.body).toBe(200);
  const placed = wechat.orderOfCode((res.json().data as { codeUrl: string }).codeUrl);
  if (!placed) throw new Error('the stand-in holds no order for that code');
  await wechat.pay(placed.outTradeNo);
  expect((await c.get(`/iot/billing/orders/${o.id}`)).json().data.status).toBe('paid');
  return o;
}
async function withInfo() {
  const c = await nonMemberAccount(t);
  const res = await putInfo(c, INFO);
  expect(res.statusCode, res.body).toBe(200);
  return c;
}
/** The call in Chinese, as a zh-CN browser makes it. */
const inChinese = (c: Caller, method: 'POST' | 'PUT', url: string, payload: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: { ...as(c.token), 'accept-language': 'zh-CN' }, payload });
const putInfo = (c: Caller, body: object) => c.call('PUT', '/iot/billing/invoice-info', body);
const apply = (c: Caller, orderIds: number[]) => c.post('/iot/billing/invoices', { orderIds });
const review = (id: number, body: Record<string, unknown>) => admin.post(`/iot/invoices/${id}/review`, body);

describe('invoice info', () => {
  it('is empty at first, saved with the tax number in capitals, and read back', async () => {
    const c = await nonMemberAccount(t);
    expect((await c.get('/iot/billing/invoice-info')).json().data).toBeNull();
    const saved = await putInfo(c, { ...INFO, taxNumber: '91330100ma2h3xyz1k' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await c.get('/iot/billing/invoice-info')).json().data).toMatchObject({
      ...INFO,
      taxNumber: '91330100MA2H3XYZ1K',
    });
  });

  it('refuses a tax number that is not 15, 18 or 20 letters and digits, in both languages', async () => {
    const c = await nonMemberAccount(t);
    for (const taxNumber of ['1234567890123456', '91330100MA2H3XYZ1', '91330100-A2H3XYZ1K']) {
      const res = await putInfo(c, { ...INFO, taxNumber });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('The tax number is 15, 18 or 20 letters and digits');
    }
    const zh = await inChinese(c, 'PUT', '/iot/billing/invoice-info', { ...INFO, taxNumber: 'X' });
    expect(zh.body).toContain('税号为 15、18 或 20 位字母和数字');
    for (const taxNumber of ['123456789012345', '12345678901234567890']) {
      expect((await putInfo(c, { ...INFO, taxNumber })).statusCode).toBe(200);
    }
    const bad = await putInfo(c, { ...INFO, email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Enter a valid email address');
  });
});

describe('applying for an invoice', () => {
  it('asks for the invoice info first', async () => {
    const c = await nonMemberAccount(t);
    const o = await paidOrder(c);
    const res = await apply(c, [o.id]);
    expect(res.statusCode).toBe(409);
    expect(res.body).toContain('Fill in your invoice info before applying for an invoice');
  });

  it('takes several paid orders into one invoice, and an order only once', async () => {
    const c = await withInfo();
    const a = await paidOrder(c);
    const b = await paidOrder(c, { product: 'voice100' });
    const choices = (await c.get('/iot/billing/invoiceable-orders')).json().data as Array<{ id: number }>;
    expect(choices.map((o) => o.id).sort()).toEqual([a.id, b.id].sort());
    const res = await apply(c, [a.id, b.id]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      amount: a.amount + b.amount,
      status: 'applied',
      delivery: 'unshipped',
      title: INFO.title,
      trackingNumber: null,
    });
    expect((await c.get('/iot/billing/invoiceable-orders')).json().data).toEqual([]);
    const again = await apply(c, [a.id]);
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain(`Order ${a.number} is already on an invoice`);
  });

  it('puts an order on one invoice when two applications for it arrive at once', async () => {
    const c = await withInfo();
    const a = await paidOrder(c);
    const b = await paidOrder(c, { product: 'voice100' });
    const both = await Promise.all([apply(c, [a.id, b.id]), apply(c, [b.id, a.id]), apply(c, [b.id])]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    for (const refused of both.filter((r) => r.statusCode === 409))
      expect(refused.body).toContain('is already on an invoice');
    const mine = (await c.get('/iot/billing/invoices')).json().data;
    expect(mine.total).toBe(1);
  });

  it('refuses an unpaid, a cancelled and another account’s order, moving nothing', async () => {
    const c = await withInfo();
    const unpaid = await order(c);
    const res = await apply(c, [unpaid.id]);
    expect(res.statusCode).toBe(409);
    expect(res.body).toContain(`Order ${unpaid.number} is not paid; only paid orders can be invoiced`);
    const zh = await inChinese(c, 'POST', '/iot/billing/invoices', { orderIds: [unpaid.id] });
    expect(zh.body).toContain(`订单 ${unpaid.number} 未支付，不能申请开票`);
    const cancelled = await order(c);
    expect((await c.post(`/iot/billing/orders/${cancelled.id}/cancel`)).statusCode).toBe(200);
    const refused = await apply(c, [cancelled.id]);
    expect(refused.body).toContain(`Order ${cancelled.number} is cancelled; only paid orders can be invoiced`);
    const other = await withInfo();
    const theirs = await paidOrder(other);
    expect((await apply(c, [theirs.id])).statusCode).toBe(404);
    expect((await c.get('/iot/billing/invoices')).json().data.total).toBe(0);
  });
});

describe('the administrator’s review', () => {
  it('approves, ships with a tracking number, and the account sees it arrived; every step audited', async () => {
    const c = await withInfo();
    const o = await paidOrder(c);
    const { id } = (await apply(c, [o.id])).json().data as { id: number };
    const queue = (await admin.get('/iot/invoices?status=applied&size=100')).json().data;
    expect(queue.list.map((i: { id: number }) => i.id)).toContain(id);
    const early = await review(id, { action: 'ship', trackingNumber: 'SF1234567890' });
    expect(early.statusCode).toBe(409);
    expect(early.body).toContain('The invoice is “applied”; this step does not apply');
    expect((await review(id, { action: 'approve' })).json().data.status).toBe('in_audit');
    const shipped = await review(id, { action: 'ship', trackingNumber: 'SF1234567890' });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const mine = (await c.get('/iot/billing/invoices')).json().data.list[0];
    expect(mine).toMatchObject({ id, status: 'arrived', delivery: 'shipped', trackingNumber: 'SF1234567890' });
    expect(mine.orders).toEqual([{ id: o.id, number: o.number, amount: o.amount }]);
    const audited = await t.db.kysely
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'billing_invoice')
      .where('target_id', '=', String(id))
      .orderBy('id')
      .execute();
    expect(audited.map((a) => a.action)).toEqual([
      'billing.invoice.apply',
      'billing.invoice.ship',
      'billing.invoice.approve',
      'billing.invoice.ship',
    ]);
  });

  it('rejects with a reason, and the orders can be applied for again', async () => {
    const c = await withInfo();
    const o = await paidOrder(c);
    const { id } = (await apply(c, [o.id])).json().data as { id: number };
    expect((await review(id, { action: 'reject' })).statusCode).toBe(400);
    const rejected = await review(id, { action: 'reject', reason: 'The title does not match the tax number' });
    expect(rejected.json().data).toMatchObject({
      status: 'rejected',
      rejectReason: 'The title does not match the tax number',
    });
    expect((await apply(c, [o.id])).statusCode).toBe(200);
  });

  it('is for platform administrators only', async () => {
    const c = await withInfo();
    expect((await c.get('/iot/invoices')).statusCode).toBe(403);
    expect((await c.post('/iot/invoices/1/review', { action: 'approve' })).statusCode).toBe(403);
  });
});
