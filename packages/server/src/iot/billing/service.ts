import { randomInt } from 'node:crypto';
import {
  holdsMembership,
  type LedgerReason,
  levelInForce,
  MESSAGE_PACKS,
  type MembershipView,
  ORDER_PAY_WINDOW_MS,
  type OrderInput,
  type OrderStatus,
  type OrderView,
  type PageQuery,
  type PayMethod,
  type Product,
  planOf,
  priceOf,
  TRANSFER_WINDOW_MS,
  type TransferConfirmInput,
  type TransferRejectInput,
  translate,
} from '@meridian/contracts';
import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import { insertJob } from '../../platform/jobs/repository.ts';
import { audit } from '../../portal/audit/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { slaveUsage, TEST_ACCOUNT_ROLE } from '../devices/quota.ts';
import { usersWithRole } from '../devices/quota-repository.ts';
import { AlipayError, alipayOf, closeTrade, precreate, queryTrade } from './alipay.ts';
import { monthOf } from './allowance.ts';
import * as repo from './repository.ts';
import type { BillingOrderRow } from './tables.ts';
import { closeOrder, createNativeOrder, WechatPayError, wechatPayOf } from './wechatpay.ts';

export const ORDER_EXPIRY_JOB = 'iot.billing.orderExpiry';

const LEVEL_OF: Partial<Record<Product, 1 | 2>> = { member1: 1, neutral: 2 };

/** An unpaid order past its window reads as expired before the expiry job has closed it. */
function statusOf(o: BillingOrderRow, now: number): OrderStatus {
  return o.status === 'unpaid' && Number(o.expires_at) <= now ? 'expired' : o.status;
}

function orderView(o: BillingOrderRow, now = Date.now()): OrderView {
  return {
    id: Number(o.id),
    number: o.number,
    product: o.product,
    quantity: Number(o.quantity),
    amount: Number(o.amount),
    status: statusOf(o, now),
    payMethod: o.pay_method,
    transactionId: o.transaction_id,
    createdAt: Number(o.created_at),
    expiresAt: Number(o.expires_at),
    paidAt: o.paid_at === null ? null : Number(o.paid_at),
    cancelledAt: o.cancelled_at === null ? null : Number(o.cancelled_at),
    cancelReason: o.cancel_reason,
  };
}

/** The caller's membership, limits, usage and money. */
export async function membershipOverview(actor: Actor): Promise<MembershipView> {
  const { db, auth } = actor;
  const now = Date.now();
  const row = await repo.membershipRow(db, auth.userId);
  const holds = row ? holdsMembership(row) : false;
  const level = row && holds ? levelInForce(row, now) : 0;
  const plan = planOf(level);
  const [usage, money, testers, messages] = await Promise.all([
    slaveUsage(db, auth.userId),
    repo.billingAccount(db, auth.userId),
    usersWithRole(db, [auth.userId], TEST_ACCOUNT_ROLE),
    repo.monthUsage(db, auth.userId, monthOf(now)),
  ]);
  const expiresAt = row?.vip_expires_at == null ? null : Number(row.vip_expires_at);
  return {
    level,
    expiresAt: level === 0 ? null : expiresAt,
    lapsed: row !== undefined && Number(row.vip_level) > 0 && expiresAt !== null && expiresAt <= now,
    testAccount: testers.length > 0,
    limits: {
      slaves: usage.quota,
      dataDays: Math.min(plan.dataDays, actor.request.server.config.TELEMETRY_RETENTION_DAYS),
      smsPerMonth: plan.smsPerMonth,
      voicePerMonth: plan.voicePerMonth,
      subUsers: plan.subUsers,
    },
    slavesUsed: usage.used,
    dataDaysMax: actor.request.server.config.TELEMETRY_RETENTION_DAYS,
    balance: Number(money?.balance ?? 0),
    smsCredits: Number(money?.sms_credits ?? 0),
    voiceCredits: Number(money?.voice_credits ?? 0),
    smsUsed: messages.sms,
    voiceUsed: messages.voice,
    wechatPay: wechatPayOf(actor.request.server.config) !== null,
    alipay: alipayOf(actor.request.server.config) !== null,
    bankTransfer: actor.request.server.config.BANK_TRANSFER_PAYEE !== undefined,
  };
}

export async function listOrders(actor: Actor, status: OrderStatus | undefined, page: PageQuery) {
  const now = Date.now();
  const result = await repo.ordersPage(actor.db, actor.auth.userId, status, page, now);
  return { ...result, list: result.list.map((o) => orderView(o, now)) };
}

async function ownOrder(actor: Actor, id: number): Promise<BillingOrderRow> {
  const order = await repo.findOrder(actor.db, id);
  // Another account's order is as absent as one that never was.
  if (!order || Number(order.account_id) !== actor.auth.userId) throw notFound('order.notFound');
  return order;
}

export async function orderDetail(actor: Actor, id: number): Promise<OrderView> {
  return orderView(await ownOrder(actor, id));
}

/** Year-and-time digits and six random digits: 20 characters, WeChat Pay's out_trade_no as well. */
const newOrderNumber = (now: number) =>
  `${new Date(now).toISOString().replace(/\D/g, '').slice(0, 14)}${String(randomInt(1_000_000)).padStart(6, '0')}`;

/** Places an order (unpaid, for the pay window); the expiry job is enqueued with it. */
export async function placeOrder(actor: Actor, input: OrderInput): Promise<OrderView> {
  const { db, auth } = actor;
  const now = Date.now();
  const quantity = input.quantity ?? 1;
  const level = LEVEL_OF[input.product];
  if (level !== undefined) {
    const row = await repo.membershipRow(db, auth.userId);
    if (!row || !holdsMembership(row)) throw new AppError(409, 'order.mainAccount');
    // A neutral member's customer buys from that member, never the platform's neutral operation.
    if (input.product === 'neutral' && row.reseller_id !== null) throw new AppError(409, 'order.brandCustomer');
    const current = levelInForce(row, now);
    if (current > level) {
      throw new AppError(409, 'order.lowerLevel', { params: { current: translate(`level.${current}`, actor.lang) } });
    }
    if (current === level && row.vip_expires_at === null) throw new AppError(409, 'order.noEnd');
  }
  const amount = priceOf(input.product, quantity, input.amount);
  const number = newOrderNumber(now);
  const expiresAt = now + ORDER_PAY_WINDOW_MS;
  const id = await db.transaction().execute(async (trx) => {
    const orderId = await repo.insertOrder(trx, {
      number,
      account_id: auth.userId,
      product: input.product,
      quantity: input.product === 'recharge' ? 1 : quantity,
      amount,
      status: 'unpaid',
      pay_method: null,
      code_url: null,
      transaction_id: null,
      created_by: auth.userId,
      created_at: now,
      expires_at: expiresAt,
      paid_at: null,
      cancelled_at: null,
    });
    await insertJob(
      trx,
      { kind: ORDER_EXPIRY_JOB, payload: { orderId }, runAt: expiresAt, dedupeKey: `order-expiry:${orderId}` },
      now,
    );
    await audit(trx, actor.request, {
      action: 'billing.order.create',
      targetType: 'billing_order',
      targetId: orderId,
      detail: { number, product: input.product, quantity, amount },
    });
    return orderId;
  });
  return orderDetail(actor, id);
}

function refuseUnpayable(order: BillingOrderRow, now: number) {
  const status = statusOf(order, now);
  if (status === 'cancelled') throw new AppError(409, 'order.cancelled');
  if (status === 'expired') throw new AppError(409, 'order.expired');
  if (status === 'paid') throw new AppError(409, 'order.paid');
}

/** WeChat Pay Native: places (or finds again) the order at WeChat Pay and answers its code_url. */
export async function payByWechat(actor: Actor, id: number) {
  const order = await ownOrder(actor, id);
  const now = Date.now();
  refuseUnpayable(order, now);
  const pay = wechatPayOf(actor.request.server.config);
  if (!pay) throw new AppError(409, 'pay.notConfigured');
  let codeUrl = order.pay_method === 'wechat' ? order.code_url : null;
  if (!codeUrl) {
    await closeAtProvider(actor, order);
    try {
      codeUrl = await createNativeOrder(pay, {
        outTradeNo: order.number,
        description: `Meridian ${order.product} x${order.quantity}`,
        total: Number(order.amount),
        expiresAt: Number(order.expires_at),
      });
    } catch (error) {
      if (!(error instanceof WechatPayError)) throw error;
      actor.request.log.warn({ err: error, order: order.number }, 'WeChat Pay refused a Native order');
      await audit(actor.db, actor.request, {
        action: 'billing.order.pay',
        result: 'fail',
        targetType: 'billing_order',
        targetId: Number(order.id),
        detail: { number: order.number, reason: error.message },
      });
      throw new AppError(502, 'pay.failed');
    }
    await repo.setPayment(actor.db, Number(order.id), codeUrl, 'wechat');
    await audit(actor.db, actor.request, {
      action: 'billing.order.pay',
      targetType: 'billing_order',
      targetId: Number(order.id),
      detail: { number: order.number, method: 'wechat', amount: Number(order.amount) },
    });
  }
  return { orderId: Number(order.id), codeUrl, expiresAt: Number(order.expires_at) };
}

/** Cancels an unpaid order for good: a cancelled order cannot be restored (spec section 4). */
export async function cancelOrder(actor: Actor, id: number): Promise<OrderView> {
  const order = await ownOrder(actor, id);
  const now = Date.now();
  refuseUnpayable(order, now);
  const done = await actor.db.transaction().execute(async (trx) => {
    if (!(await repo.closeUnpaid(trx, Number(order.id), 'cancelled', now))) return false;
    await audit(trx, actor.request, {
      action: 'billing.order.cancel',
      targetType: 'billing_order',
      targetId: Number(order.id),
      detail: { number: order.number },
    });
    return true;
  });
  if (!done) refuseUnpayable((await repo.findOrder(actor.db, Number(order.id))) ?? order, now);
  await closeAtProvider(actor, order);
  return orderDetail(actor, id);
}

/**
 * Closes the order's code at the provider that gave it (on cancel, or when the payer picks another
 * way to pay), so that it can no longer be paid; a payment that still arrives is refused and logged.
 */
async function closeAtProvider(actor: Actor, order: BillingOrderRow) {
  if (!order.code_url) return;
  const config = actor.request.server.config;
  const wechat = wechatPayOf(config);
  const alipay = alipayOf(config);
  const closing =
    order.pay_method === 'wechat' && wechat
      ? closeOrder(wechat, order.number)
      : order.pay_method === 'alipay' && alipay
        ? closeTrade(alipay, order.number)
        : null;
  await closing?.catch((error: unknown) =>
    actor.request.log.warn({ err: error, order: order.number }, `${order.pay_method} did not close an order`),
  );
}

/** Alipay (precreate): places (or finds again) the order at Alipay and answers its qr_code. */
export async function payByAlipay(actor: Actor, id: number) {
  const order = await ownOrder(actor, id);
  refuseUnpayable(order, Date.now());
  const pay = alipayOf(actor.request.server.config);
  if (!pay) throw new AppError(409, 'alipay.notConfigured');
  let qrCode = order.pay_method === 'alipay' ? order.code_url : null;
  if (!qrCode) {
    await closeAtProvider(actor, order);
    try {
      qrCode = await precreate(pay, {
        outTradeNo: order.number,
        subject: `Meridian ${order.product} x${order.quantity}`,
        total: Number(order.amount),
        expiresAt: Number(order.expires_at),
      });
    } catch (error) {
      if (!(error instanceof AlipayError)) throw error;
      actor.request.log.warn({ err: error, order: order.number }, 'Alipay refused a precreate');
      await audit(actor.db, actor.request, {
        action: 'billing.order.pay',
        result: 'fail',
        targetType: 'billing_order',
        targetId: Number(order.id),
        detail: { number: order.number, method: 'alipay', reason: error.message },
      });
      throw new AppError(502, 'alipay.failed');
    }
    await repo.setPayment(actor.db, Number(order.id), qrCode, 'alipay');
    await audit(actor.db, actor.request, {
      action: 'billing.order.pay',
      targetType: 'billing_order',
      targetId: Number(order.id),
      detail: { number: order.number, method: 'alipay', amount: Number(order.amount) },
    });
  }
  return { orderId: Number(order.id), qrCode, expiresAt: Number(order.expires_at) };
}

/**
 * Asks Alipay (`alipay.trade.query`) about an unpaid Alipay order whose notification has not come,
 * and applies a paid trade of the order's amount, once. Answers the order as it now stands.
 */
export async function reconcileAlipay(actor: Actor, id: number): Promise<OrderView> {
  const order = await ownOrder(actor, id);
  const pay = alipayOf(actor.request.server.config);
  if (!pay || order.pay_method !== 'alipay' || statusOf(order, Date.now()) !== 'unpaid') return orderView(order);
  let trade: Awaited<ReturnType<typeof queryTrade>>;
  try {
    trade = await queryTrade(pay, order.number);
  } catch (error) {
    if (!(error instanceof AlipayError)) throw error;
    actor.request.log.warn({ err: error, order: order.number }, 'Alipay trade query failed');
    throw new AppError(502, 'alipay.failed');
  }
  if (trade && (trade.status === 'TRADE_SUCCESS' || trade.status === 'TRADE_FINISHED')) {
    const now = Date.now();
    if (trade.total !== Number(order.amount)) {
      actor.request.log.warn({ order: order.number, total: trade.total }, 'Alipay trade amount differs from the order');
      await repo.insertPaymentEvent(actor.db, {
        provider: 'alipay',
        event_id: null,
        order_number: order.number,
        transaction_id: trade.tradeNo,
        outcome: 'refused',
        reason: `query: amount ${trade.total} differs from the order's ${order.amount}`,
        ip: null,
        at: now,
      });
    } else {
      const applied = await actor.db
        .transaction()
        .execute((trx) => applyPayment(trx, order, trade.tradeNo, 'alipay', now));
      await repo.insertPaymentEvent(actor.db, {
        provider: 'alipay',
        event_id: null,
        order_number: order.number,
        transaction_id: trade.tradeNo,
        outcome: applied ? 'credited' : 'duplicate',
        reason: 'trade.query',
        ip: null,
        at: now,
      });
    }
  }
  return orderDetail(actor, id);
}

/**
 * Pays an order from the account's balance, in one transaction: the order becomes paid and the
 * balance goes down by its amount (a purchase row behind the order), or nothing happens and the
 * balance that falls short is said. The balance is never negative (decision 0115).
 */
export async function payByBalance(actor: Actor, id: number): Promise<OrderView> {
  const order = await ownOrder(actor, id);
  const now = Date.now();
  refuseUnpayable(order, now);
  if (order.product === 'recharge') throw new AppError(409, 'balance.recharge');
  const accountId = Number(order.account_id);
  const amount = Number(order.amount);
  try {
    await actor.db.transaction().execute(async (trx) => {
      if (!(await repo.markPaid(trx, Number(order.id), null, 'balance', now))) {
        refuseUnpayable((await repo.findOrder(trx, Number(order.id))) ?? order, now);
        throw new AppError(409, 'order.paid');
      }
      await repo.ensureBillingAccount(trx, accountId, now);
      const debited = await repo.moveBalance(trx, accountId, -amount, now);
      if (debited === null) {
        const money = await repo.billingAccount(trx, accountId);
        throw new AppError(409, 'balance.low', {
          params: { balance: yuanText(Number(money?.balance ?? 0)), amount: yuanText(amount) },
        });
      }
      await deliverPurchase(trx, order, debited, now);
      await audit(trx, actor.request, {
        action: 'billing.order.pay',
        targetType: 'billing_order',
        targetId: Number(order.id),
        detail: { number: order.number, method: 'balance', amount },
      });
    });
  } catch (error) {
    if (error instanceof AppError) {
      await audit(actor.db, actor.request, {
        action: 'billing.order.pay',
        result: 'fail',
        targetType: 'billing_order',
        targetId: Number(order.id),
        detail: { number: order.number, method: 'balance', reason: error.key },
      });
    }
    throw error;
  }
  await closeAtProvider(actor, order);
  return orderDetail(actor, id);
}

const yuanText = (cents: number) => `¥${(cents / 100).toFixed(2)}`;

/**
 * Bank transfer: the order waits (up to TRANSFER_WINDOW_MS) in the administrators' queue with its
 * number as the transfer's reference, and answers where to send the money.
 */
export async function payByTransfer(actor: Actor, id: number) {
  const order = await ownOrder(actor, id);
  const now = Date.now();
  refuseUnpayable(order, now);
  const payee = actor.request.server.config.BANK_TRANSFER_PAYEE;
  if (!payee) throw new AppError(409, 'transfer.notConfigured');
  let expiresAt = Number(order.expires_at);
  if (order.pay_method !== 'transfer') {
    expiresAt = now + TRANSFER_WINDOW_MS;
    const waiting = await actor.db.transaction().execute(async (trx) => {
      if (!(await repo.awaitTransfer(trx, Number(order.id), expiresAt, now))) return false;
      await insertJob(
        trx,
        {
          kind: ORDER_EXPIRY_JOB,
          payload: { orderId: Number(order.id) },
          runAt: expiresAt,
          dedupeKey: `order-expiry:${order.id}:transfer`,
        },
        now,
      );
      await audit(trx, actor.request, {
        action: 'billing.order.pay',
        targetType: 'billing_order',
        targetId: Number(order.id),
        detail: { number: order.number, method: 'transfer', amount: Number(order.amount) },
      });
      return true;
    });
    if (!waiting) refuseUnpayable((await repo.findOrder(actor.db, Number(order.id))) ?? order, now);
    await closeAtProvider(actor, order);
  }
  return { orderId: Number(order.id), payee, reference: order.number, expiresAt };
}

/** The administrators' queue of orders waiting for a bank transfer. */
export async function transferQueue(actor: Actor, page: PageQuery) {
  const result = await repo.transferQueuePage(actor.db, page, Date.now());
  return {
    ...result,
    list: result.list.map((o) => ({
      id: Number(o.id),
      number: o.number,
      account: o.account,
      product: o.product,
      quantity: Number(o.quantity),
      amount: Number(o.amount),
      createdAt: Number(o.created_at),
      expiresAt: Number(o.expires_at),
    })),
  };
}

/** Refuses a decision on an order that is not waiting for a transfer, and logs the refusal. */
async function refuseTransferDecision(
  actor: Actor,
  order: BillingOrderRow,
  action: string,
  now: number,
): Promise<never> {
  const key = 'transfer.notWaiting';
  await audit(actor.db, actor.request, {
    action,
    result: 'fail',
    targetType: 'billing_order',
    targetId: Number(order.id),
    detail: { number: order.number, reason: key },
  });
  refuseUnpayable(order, now);
  throw new AppError(409, key);
}

/** The order an administrator decides on: waiting for a transfer, or the refusal. */
async function waitingTransfer(actor: Actor, id: number, action: string, now: number): Promise<BillingOrderRow> {
  const order = await repo.findOrder(actor.db, id);
  if (!order) throw notFound('order.notFound');
  if (order.pay_method !== 'transfer' || statusOf(order, now) !== 'unpaid') {
    return refuseTransferDecision(actor, order, action, now);
  }
  return order;
}

/** An administrator confirms that the transfer arrived: the order is paid, once, with the bank's reference. */
export async function confirmTransfer(actor: Actor, id: number, input: TransferConfirmInput): Promise<OrderView> {
  const now = Date.now();
  const action = 'billing.transfer.confirm';
  const order = await waitingTransfer(actor, id, action, now);
  const reference = input.bankReference.trim();
  const applied = await actor.db.transaction().execute(async (trx) => {
    if (!(await applyPayment(trx, order, `transfer:${reference}`, 'transfer', now))) return false;
    await audit(trx, actor.request, {
      action,
      targetType: 'billing_order',
      targetId: id,
      detail: { number: order.number, amount: Number(order.amount), bankReference: reference },
    });
    return true;
  });
  if (!applied) return refuseTransferDecision(actor, (await repo.findOrder(actor.db, id)) ?? order, action, now);
  return orderView((await repo.findOrder(actor.db, id)) ?? order);
}

/**
 * An administrator rejects a transfer that never arrived: the order is cancelled with the reason,
 * which its owner reads on the order, and nothing is credited. A transfer confirmed meanwhile wins.
 */
export async function rejectTransfer(actor: Actor, id: number, input: TransferRejectInput): Promise<OrderView> {
  const now = Date.now();
  const action = 'billing.transfer.reject';
  const order = await waitingTransfer(actor, id, action, now);
  const reason = input.reason.trim();
  const rejected = await actor.db.transaction().execute(async (trx) => {
    if (!(await repo.closeUnpaid(trx, id, 'cancelled', now, reason))) return false;
    await audit(trx, actor.request, {
      action,
      targetType: 'billing_order',
      targetId: id,
      detail: { number: order.number, amount: Number(order.amount), reason },
    });
    return true;
  });
  if (!rejected) return refuseTransferDecision(actor, (await repo.findOrder(actor.db, id)) ?? order, action, now);
  return orderView((await repo.findOrder(actor.db, id)) ?? order);
}

export async function ledger(actor: Actor, reason: LedgerReason | undefined, page: PageQuery) {
  const result = await repo.ledgerPage(actor.db, actor.auth.userId, reason, page);
  return {
    ...result,
    list: result.list.map((l) => ({
      id: Number(l.id),
      delta: Number(l.delta),
      balanceAfter: Number(l.balance_after),
      reason: l.reason,
      orderId: l.order_id === null ? null : Number(l.order_id),
      orderNumber: l.number ?? null,
      product: l.product ?? null,
      at: Number(l.at),
    })),
  };
}

/** `months` calendar months after `from` (UTC; the 31st becomes the month's last day). */
function addMonths(from: number, months: number): number {
  const d = new Date(from);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d.getTime();
}

/**
 * Applies a payment, once: the order goes from unpaid to paid, the money comes into the balance
 * (a recharge row) and, unless it was a top-up, goes out again for what it bought (a purchase
 * row), and the membership or the message credits are given. False when the order was no longer
 * unpaid (another notification took it first). Runs in the caller's transaction.
 */
export async function applyPayment(
  trx: Transaction<Database>,
  order: BillingOrderRow,
  transactionId: string,
  method: PayMethod,
  now: number,
) {
  const orderId = Number(order.id);
  if (!(await repo.markPaid(trx, orderId, transactionId, method, now))) return false;
  const accountId = Number(order.account_id);
  const amount = Number(order.amount);
  await repo.ensureBillingAccount(trx, accountId, now);
  // The first write on the account's money row: on PostgreSQL, payments of one account queue here.
  const credited = await repo.moveBalance(trx, accountId, amount, now);
  if (credited === null) throw new Error(`balance of account ${accountId} could not take ${amount}`);
  await repo.insertLedgerEntry(trx, {
    accountId,
    delta: amount,
    balanceAfter: credited,
    reason: 'recharge',
    orderId,
    at: now,
  });
  if (order.product === 'recharge') return true;
  const debited = await repo.moveBalance(trx, accountId, -amount, now);
  if (debited === null) throw new Error(`balance of account ${accountId} could not pay ${amount}`);
  await deliverPurchase(trx, order, debited, now);
  return true;
}

/**
 * What a paid order buys, once its amount has left the balance (`balanceAfter`): the purchase row
 * behind the order, then the membership or the message credits.
 */
async function deliverPurchase(trx: Transaction<Database>, order: BillingOrderRow, balanceAfter: number, now: number) {
  const accountId = Number(order.account_id);
  await repo.insertLedgerEntry(trx, {
    accountId,
    delta: -Number(order.amount),
    balanceAfter,
    reason: 'purchase',
    orderId: Number(order.id),
    at: now,
  });
  const level = LEVEL_OF[order.product];
  const quantity = Number(order.quantity);
  if (level !== undefined) {
    const row = await repo.membershipRow(trx, accountId);
    if (!row) return;
    const current = levelInForce(row, now);
    // A renewal adds its years to the running one; a new or higher level starts today (decision 0079).
    const from = current === level && row.vip_expires_at !== null ? Number(row.vip_expires_at) : now;
    await repo.setMembership(trx, accountId, level, addMonths(from, 12 * quantity), now);
  } else if (order.product in MESSAGE_PACKS) {
    const pack = MESSAGE_PACKS[order.product as keyof typeof MESSAGE_PACKS];
    const count = pack.count * quantity;
    await repo.addCredits(trx, accountId, pack.kind === 'sms' ? count : 0, pack.kind === 'voice' ? count : 0, now);
  }
}
