import type { FastifyRequest } from 'fastify';
import { audit } from '../../portal/audit/service.ts';
import { alipayOf, verifyNotification } from './alipay.ts';
import * as repo from './repository.ts';
import { applyPayment } from './service.ts';
import { NotificationRefused, openNotification, wechatPayOf } from './wechatpay.ts';

/** WeChat Pay's reply: 200 takes the notification; 4xx/5xx with code FAIL asks it to retry or gives up. */
export interface NotifyReply {
  status: 200 | 400 | 401;
  body: { code: 'SUCCESS' | 'FAIL'; message: string };
}

const taken: NotifyReply = { status: 200, body: { code: 'SUCCESS', message: '成功' } };
const fail = (status: 400 | 401, message: string): NotifyReply => ({ status, body: { code: 'FAIL', message } });

type Provider = 'wechat' | 'alipay';
/** A verified payment, whichever provider sent it. */
interface Paid {
  eventId: string;
  outTradeNo: string;
  transactionId: string;
  total: number;
}
type Record = (
  outcome: 'credited' | 'duplicate' | 'refused',
  reason: string | null,
  tx?: Partial<Paid>,
) => Promise<void>;

/** Keeps every outcome in `billing_payment_events`, audits all but duplicates, and logs refusals. */
function recorder(request: FastifyRequest, provider: Provider, now: number): Record {
  const db = request.server.db.kysely;
  return async (outcome, reason, tx) => {
    await repo.insertPaymentEvent(db, {
      provider,
      event_id: tx?.eventId ?? null,
      order_number: tx?.outTradeNo ?? null,
      transaction_id: tx?.transactionId ?? null,
      outcome,
      reason,
      ip: request.ip,
      at: now,
    });
    if (outcome !== 'duplicate') {
      await audit(db, request, {
        action: 'billing.payment.notify',
        result: outcome === 'credited' ? 'ok' : 'fail',
        userId: null,
        account: null,
        targetType: 'billing_order',
        targetId: tx?.outTradeNo,
        detail: { provider, outcome, reason, transactionId: tx?.transactionId },
      });
    }
    if (outcome === 'refused')
      request.log.warn({ provider, order: tx?.outTradeNo, reason }, 'payment notification refused');
  };
}

/**
 * Applies a verified payment once. `taken` when it was credited now or before (a replay: nothing
 * credited twice); otherwise why it was refused: an unknown, cancelled or expired order, or an
 * amount that differs from the order's.
 */
async function settle(
  request: FastifyRequest,
  provider: Provider,
  tx: Paid,
  record: Record,
  now: number,
): Promise<'taken' | string> {
  const db = request.server.db.kysely;
  const order = await repo.findOrderByNumber(db, tx.outTradeNo);
  if (!order) {
    await record('refused', 'unknown order', tx);
    return 'unknown order';
  }
  if (Number(order.amount) !== tx.total) {
    await record('refused', `amount ${tx.total} differs from the order's ${order.amount}`, tx);
    return 'amount mismatch';
  }
  if (order.status === 'paid') {
    const same = order.transaction_id === tx.transactionId;
    // Taken already: acknowledge, so that the provider stops sending it; credit nothing.
    await record(same ? 'duplicate' : 'refused', same ? null : `already paid by ${order.transaction_id}`, tx);
    return 'taken';
  }
  if (order.status === 'cancelled' || order.status === 'expired') {
    await record('refused', `order ${order.status}`, tx);
    return `order ${order.status}`;
  }
  const applied = await db.transaction().execute((trx) => applyPayment(trx, order, tx.transactionId, provider, now));
  await record(applied ? 'credited' : 'duplicate', null, tx);
  return 'taken';
}

/**
 * A WeChat Pay payment notification (decision 0080): verified against the platform key over the
 * raw body, opened with the APIv3 key, then applied once. The same notification twice credits
 * once; a forged one, one for an unknown, cancelled or expired order, or one whose amount differs
 * is refused, and every outcome is kept in `billing_payment_events` and the audit log.
 */
export async function wechatNotification(request: FastifyRequest, rawBody: string): Promise<NotifyReply> {
  const pay = wechatPayOf(request.server.config);
  const now = Date.now();
  const record = recorder(request, 'wechat', now);
  if (!pay) {
    await record('refused', 'WeChat Pay is not configured');
    return fail(400, 'not configured');
  }
  let tx: ReturnType<typeof openNotification>;
  try {
    tx = openNotification(pay, request.headers, rawBody, now);
  } catch (error) {
    if (!(error instanceof NotificationRefused)) throw error;
    await record('refused', error.message);
    return fail(401, 'verification failed');
  }
  const outcome = await settle(request, 'wechat', tx, record, now);
  return outcome === 'taken' ? taken : fail(400, outcome);
}

/**
 * An Alipay asynchronous notification (decision 0115), form-encoded: verified with Alipay's public
 * key over its parameters sorted (`sign` and `sign_type` left out), then applied as above. Alipay
 * takes the plain-text reply `success`; anything else and it sends the notification again later.
 */
export async function alipayNotification(request: FastifyRequest, rawBody: string): Promise<'success' | 'fail'> {
  const pay = alipayOf(request.server.config);
  const now = Date.now();
  const record = recorder(request, 'alipay', now);
  if (!pay) {
    await record('refused', 'Alipay is not configured');
    return 'fail';
  }
  const params = Object.fromEntries(new URLSearchParams(rawBody));
  let tx: ReturnType<typeof verifyNotification>;
  try {
    tx = verifyNotification(pay, params);
  } catch (error) {
    if (!(error instanceof NotificationRefused)) throw error;
    await record('refused', error.message, { outTradeNo: params.out_trade_no });
    return 'fail';
  }
  const paid = { eventId: tx.notifyId, outTradeNo: tx.outTradeNo, transactionId: tx.tradeNo, total: tx.total };
  return (await settle(request, 'alipay', paid, record, now)) === 'taken' ? 'success' : 'fail';
}
