import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildUser } from '../../../test/factories.ts';
import { type Caller, callerFor } from '../../portal/orgs/testing.ts';
import { nonMemberAccount as mainAccount } from '../devices/testing.ts';
import { type AlipayStandIn, startAlipay } from './alipay-stand-in.ts';
import { ledgerSum, paymentEvents } from './repository.ts';

let t: TestApp;
let alipay: AlipayStandIn;
let admin: Caller;
const PAYEE = 'Bank of Meridian, Meridian Ltd, 6222 0000 1111 2222';

beforeAll(async () => {
  alipay = await startAlipay();
  t = await buildTestApp({ ...alipay.env('http://127.0.0.1:9/not-yet'), BANK_TRANSFER_PAYEE: PAYEE });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  (t.config as { ALIPAY_NOTIFY_URL?: string }).ALIPAY_NOTIFY_URL = `${address}/api/iot/billing/alipay/notify`;
  admin = await callerFor(t, await buildUser(t.db.kysely, { roleIds: [12] }));
});
afterAll(async () => {
  await t.close();
  await alipay.close();
});

const notifyUrl = () => t.config.ALIPAY_NOTIFY_URL ?? '';

async function order(c: Caller, body: Record<string, unknown>) {
  const res = await c.post('/iot/billing/orders', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; number: string; amount: number; status: string };
}
async function alipayCode(c: Caller, id: number) {
  const res = await c.post(`/iot/billing/orders/${id}/alipay`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { qrCode: string; expiresAt: number };
}
async function payAtAlipay(c: Caller, id: number, options?: { notify?: boolean }) {
  const { qrCode } = await alipayCode(c, id);
  const trade = alipay.tradeOfCode(qrCode);
  if (!trade) throw new Error('the stand-in holds no trade for that code');
  return alipay.pay(trade.outTradeNo, options);
}
const orderOf = async (c: Caller, id: number) => (await c.get(`/iot/billing/orders/${id}`)).json().data;
const membership = async (c: Caller) => (await c.get('/iot/billing/membership')).json().data;
const ledgerOf = async (c: Caller) => (await c.get('/iot/billing/ledger?size=100')).json().data;
/** Tops the balance up by Alipay. */
async function topUp(c: Caller, amount: number) {
  const placed = await order(c, { product: 'recharge', amount });
  expect((await payAtAlipay(c, placed.id)).reply?.body).toBe('success');
}

describe('paying by Alipay', () => {
  it('pays an SMS pack by the QR code, and a replayed notification credits nothing twice', async () => {
    const owner = await mainAccount(t);
    expect(await membership(owner)).toMatchObject({ alipay: true, bankTransfer: true });
    const placed = await order(owner, { product: 'sms100' });
    const { qrCode } = await alipayCode(owner, placed.id);
    expect(qrCode).toMatch(/^https:\/\/qr\.alipay\.com\//);
    // Asking again gives the same code, not a second trade.
    expect((await alipayCode(owner, placed.id)).qrCode).toBe(qrCode);
    expect(alipay.trades.get(placed.number)).toMatchObject({ total: '10.00', state: 'WAIT_BUYER_PAY' });

    const { notification, reply } = await payAtAlipay(owner, placed.id);
    expect(reply).toEqual({ status: 200, body: 'success' });
    const paid = await orderOf(owner, placed.id);
    expect(paid).toMatchObject({ status: 'paid', payMethod: 'alipay', transactionId: notification.params.trade_no });
    expect(await membership(owner)).toMatchObject({ smsCredits: 100, balance: 0 });

    const replay = await alipay.deliver(notification);
    expect(replay).toEqual({ status: 200, body: 'success' });
    expect(await membership(owner)).toMatchObject({ smsCredits: 100, balance: 0 });
    expect((await ledgerOf(owner)).total).toBe(2);
    const events = await paymentEvents(t.db.kysely, placed.number);
    expect(events.map((e) => [e.provider, e.outcome])).toEqual([
      ['alipay', 'credited'],
      ['alipay', 'duplicate'],
    ]);
  });

  it('refuses forged, unsigned, unknown, wrong-amount and cancelled-order notifications, moving no money', async () => {
    const owner = await mainAccount(t);
    const placed = await order(owner, { product: 'recharge', amount: 5_000 });
    const good = alipay.forge({ outTradeNo: placed.number, total: '50.00', notifyUrl: notifyUrl() });

    const tampered = await alipay.deliver({ ...good, params: { ...good.params, buyer_id: '2088000000000666' } });
    expect(tampered.body).toBe('fail');
    const { sign: _sign, ...unsigned } = good.params;
    expect((await alipay.deliver({ ...good, params: unsigned })).body).toBe('fail');
    const otherKey = { ...good.params, sign_type: 'RSA' };
    expect((await alipay.deliver({ ...good, params: otherKey })).body).toBe('fail');
    const unknown = alipay.forge({ outTradeNo: '20990101000000000000', total: '50.00', notifyUrl: notifyUrl() });
    expect((await alipay.deliver(unknown)).body).toBe('fail');
    const cheap = alipay.forge({ outTradeNo: placed.number, total: '0.01', notifyUrl: notifyUrl() });
    expect((await alipay.deliver(cheap)).body).toBe('fail');
    expect(await orderOf(owner, placed.id)).toMatchObject({ status: 'unpaid' });

    // Cancelling closes the trade at Alipay; a payment that still arrives is refused and logged.
    const sms = await order(owner, { product: 'sms100' });
    await alipayCode(owner, sms.id);
    expect((await owner.post(`/iot/billing/orders/${sms.id}/cancel`)).json().data.status).toBe('cancelled');
    expect(alipay.trades.get(sms.number)?.state).toBe('TRADE_CLOSED');
    const late = alipay.forge({ outTradeNo: sms.number, total: '10.00', notifyUrl: notifyUrl() });
    expect((await alipay.deliver(late)).body).toBe('fail');

    expect(await membership(owner)).toMatchObject({ balance: 0, smsCredits: 0 });
    expect((await ledgerOf(owner)).total).toBe(0);
    const reasons = (await paymentEvents(t.db.kysely, placed.number)).map((e) => e.reason);
    expect(reasons).toEqual([
      'signature does not verify',
      'signature missing',
      'sign_type RSA',
      "amount 1 differs from the order's 5000",
    ]);
    expect((await paymentEvents(t.db.kysely, sms.number)).map((e) => e.reason)).toEqual(['order cancelled']);
    expect((await paymentEvents(t.db.kysely, '20990101000000000000')).map((e) => e.reason)).toEqual(['unknown order']);
  });

  it('finds a payment whose notification never came by trade.query, and credits it once', async () => {
    const owner = await mainAccount(t);
    const placed = await order(owner, { product: 'voice100' });
    const query = () => owner.post(`/iot/billing/orders/${placed.id}/alipay/query`);
    await alipayCode(owner, placed.id);
    // Not paid yet: Alipay knows no trade, the order stays unpaid.
    expect((await query()).json().data.status).toBe('unpaid');

    const { notification } = await payAtAlipay(owner, placed.id, { notify: false });
    const found = await query();
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data).toMatchObject({ status: 'paid', payMethod: 'alipay' });
    expect(await membership(owner)).toMatchObject({ voiceCredits: 100 });
    // The notification arrives late: taken, nothing credited twice.
    expect((await alipay.deliver(notification)).body).toBe('success');
    expect((await query()).json().data.status).toBe('paid');
    expect(await membership(owner)).toMatchObject({ voiceCredits: 100 });
    const events = await paymentEvents(t.db.kysely, placed.number);
    expect(events.map((e) => e.outcome)).toEqual(['credited', 'duplicate']);
  });

  it('says Alipay did not take the order when the gateway refuses the signature or its answer does not verify', async () => {
    const owner = await mainAccount(t);
    const placed = await order(owner, { product: 'sms100' });
    const config = t.config as { ALIPAY_APP_PRIVATE_KEY?: string; ALIPAY_PUBLIC_KEY?: string };
    const { privateKey, publicKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    for (const [name, key] of [
      ['ALIPAY_APP_PRIVATE_KEY', privateKey],
      ['ALIPAY_PUBLIC_KEY', publicKey],
    ] as const) {
      const kept = config[name];
      config[name] = key;
      try {
        const res = await owner.post(`/iot/billing/orders/${placed.id}/alipay`);
        expect(res.statusCode).toBe(502);
        expect(res.json().message).toBe('Alipay did not take the order; try again later');
      } finally {
        config[name] = kept;
      }
    }
    expect(await orderOf(owner, placed.id)).toMatchObject({ status: 'unpaid' });
  });
});

describe('paying from the balance', () => {
  it('pays at once when the balance covers it, and refuses without moving money when it does not', async () => {
    const owner = await mainAccount(t);
    await topUp(owner, 2_000);
    const sms = await order(owner, { product: 'sms100' });
    const paid = await owner.post(`/iot/billing/orders/${sms.id}/balance`);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data).toMatchObject({ status: 'paid', payMethod: 'balance' });
    expect(await membership(owner)).toMatchObject({ balance: 1_000, smsCredits: 100 });
    const latest = (await ledgerOf(owner)).list[0];
    expect(latest).toMatchObject({ reason: 'purchase', delta: -1_000, balanceAfter: 1_000, orderId: sms.id });

    const big = await order(owner, { product: 'sms1000' });
    const short = await owner.post(`/iot/billing/orders/${big.id}/balance`);
    expect(short.statusCode).toBe(409);
    expect(short.json().message).toBe('Your balance of ¥10.00 does not cover ¥90.00; top up or pay another way');
    expect(await orderOf(owner, big.id)).toMatchObject({ status: 'unpaid', payMethod: null });
    expect(await membership(owner)).toMatchObject({ balance: 1_000, smsCredits: 100 });

    const again = await owner.post(`/iot/billing/orders/${sms.id}/balance`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('The order is already paid');
    const recharge = await order(owner, { product: 'recharge', amount: 100 });
    expect((await owner.post(`/iot/billing/orders/${recharge.id}/balance`)).json().message).toBe(
      'A top-up cannot be paid from the balance',
    );
    expect(await ledgerSum(t.db.kysely, owner.user.id)).toBe(1_000);
  });

  it('never goes below zero and keeps the ledger summing to the balance under concurrent payments', async () => {
    const owner = await mainAccount(t);
    await topUp(owner, 5_000);
    const packs = [];
    for (let i = 0; i < 8; i++) packs.push(await order(owner, { product: 'sms100' }));
    // Eight orders of ¥10 against ¥50 at once, while a top-up notification arrives twice.
    const more = await order(owner, { product: 'recharge', amount: 1_000 });
    const { qrCode } = await alipayCode(owner, more.id);
    const outTradeNo = alipay.tradeOfCode(qrCode)?.outTradeNo ?? '';
    const [results, topped] = await Promise.all([
      Promise.all(packs.map((p) => owner.post(`/iot/billing/orders/${p.id}/balance`))),
      alipay.pay(outTradeNo).then(async (p) => [p.reply, await alipay.deliver(p.notification)]),
    ]);
    expect(topped.map((r) => r?.body)).toEqual(['success', 'success']);
    const ok = results.filter((r) => r.statusCode === 200).length;
    const refused = results.filter((r) => r.statusCode === 409);
    expect(ok).toBeGreaterThanOrEqual(5);
    expect(ok).toBeLessThanOrEqual(6);
    expect(ok + refused.length).toBe(8);
    const m = await membership(owner);
    expect(m.balance).toBe(6_000 - ok * 1_000);
    expect(m.smsCredits).toBe(ok * 100);
    expect(await ledgerSum(t.db.kysely, owner.user.id)).toBe(m.balance);
    const rows = (await ledgerOf(owner)).list as Array<{ delta: number; balanceAfter: number; orderId: number }>;
    let running = 0;
    for (const r of [...rows].reverse()) {
      running += r.delta;
      expect(r.balanceAfter).toBe(running);
      expect(r.balanceAfter).toBeGreaterThanOrEqual(0);
      expect(r.orderId).not.toBeNull();
    }
  });
});

describe('paying by bank transfer', () => {
  it('waits in the administrators’ queue until one confirms the money, then the order is paid once', async () => {
    const owner = await mainAccount(t);
    const placed = await order(owner, { product: 'member1' });
    const res = await owner.post(`/iot/billing/orders/${placed.id}/bank-transfer`);
    expect(res.statusCode, res.body).toBe(200);
    const waiting = res.json().data;
    expect(waiting).toMatchObject({ payee: PAYEE, reference: placed.number });
    expect(waiting.expiresAt).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    expect(await orderOf(owner, placed.id)).toMatchObject({ status: 'unpaid', payMethod: 'transfer' });

    expect((await owner.get('/iot/billing/transfers')).statusCode).toBe(403);
    expect((await owner.post(`/iot/billing/transfers/${placed.id}/confirm`, { bankReference: 'X' })).statusCode).toBe(
      403,
    );
    const queue = (await admin.get('/iot/billing/transfers?size=100')).json().data;
    expect(queue.list).toContainEqual(
      expect.objectContaining({ id: placed.id, number: placed.number, amount: 99_900, account: owner.user.account }),
    );

    const blank = await admin.post(`/iot/billing/transfers/${placed.id}/confirm`, { bankReference: ' ' });
    expect(blank.statusCode).toBe(400);
    const confirmed = await admin.post(`/iot/billing/transfers/${placed.id}/confirm`, { bankReference: 'CMB-8812' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data).toMatchObject({
      status: 'paid',
      payMethod: 'transfer',
      transactionId: 'transfer:CMB-8812',
    });
    expect(await membership(owner)).toMatchObject({ level: 1, balance: 0 });

    const twice = await admin.post(`/iot/billing/transfers/${placed.id}/confirm`, { bankReference: 'CMB-8812' });
    expect(twice.statusCode).toBe(409);
    expect((await ledgerOf(owner)).total).toBe(2);
    const after = (await admin.get('/iot/billing/transfers?size=100')).json().data;
    expect(after.list.map((o: { id: number }) => o.id)).not.toContain(placed.id);

    // An order not waiting for a transfer cannot be confirmed into paid.
    const other = await order(owner, { product: 'sms100' });
    const wrong = await admin.post(`/iot/billing/transfers/${other.id}/confirm`, { bankReference: 'CMB-1' });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().message).toBe('This order is not waiting for a bank transfer to be confirmed');
  });

  it('is rejected by an administrator when the money never came: cancelled with the reason, nothing credited', async () => {
    const owner = await mainAccount(t);
    const placed = await order(owner, { product: 'member1' });
    expect((await owner.post(`/iot/billing/orders/${placed.id}/bank-transfer`)).statusCode).toBe(200);
    const before = await ledgerOf(owner);

    expect((await owner.post(`/iot/billing/transfers/${placed.id}/reject`, { reason: 'x' })).statusCode).toBe(403);
    const blank = await admin.post(`/iot/billing/transfers/${placed.id}/reject`, { reason: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().data).toEqual([
      { field: 'reason', msg: 'Enter why the transfer is rejected (1 to 200 characters)' },
    ]);
    const rejected = await admin.post(`/iot/billing/transfers/${placed.id}/reject`, {
      reason: ' No transfer with this reference by the 30th ',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await orderOf(owner, placed.id)).toMatchObject({
      status: 'cancelled',
      payMethod: 'transfer',
      paidAt: null,
      cancelReason: 'No transfer with this reference by the 30th',
    });
    expect(await membership(owner)).toMatchObject({ level: 0, balance: 0 });
    expect((await ledgerOf(owner)).total).toBe(before.total);
    const queue = (await admin.get('/iot/billing/transfers?size=100')).json().data;
    expect(queue.list.map((o: { id: number }) => o.id)).not.toContain(placed.id);

    // Decided once: neither a late confirmation nor a second rejection changes it.
    const late = await admin.post(`/iot/billing/transfers/${placed.id}/confirm`, { bankReference: 'CMB-9' });
    expect(late.statusCode).toBe(409);
    expect((await admin.post(`/iot/billing/transfers/${placed.id}/reject`, { reason: 'again' })).statusCode).toBe(409);
    expect(await orderOf(owner, placed.id)).toMatchObject({ status: 'cancelled', paidAt: null });
    const log = await t.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'result'])
      .where('target_type', '=', 'billing_order')
      .where('target_id', '=', String(placed.id))
      .where('action', 'like', 'billing.transfer.%')
      .orderBy('id')
      .execute();
    expect(log).toEqual([
      { action: 'billing.transfer.reject', result: 'ok' },
      { action: 'billing.transfer.confirm', result: 'fail' },
      { action: 'billing.transfer.reject', result: 'fail' },
    ]);
  });
});
