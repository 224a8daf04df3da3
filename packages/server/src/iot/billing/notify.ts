import type { FastifyRequest } from 'fastify';
import { audit } from '../../portal/audit/service.ts';
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

/**
 * A WeChat Pay payment notification (decision 0080): verified against the platform key over the
 * raw body, opened with the APIv3 key, then applied once. The same notification twice credits
 * once; a forged one, one for an unknown, cancelled or expired order, or one whose amount differs
 * is refused, and every outcome is kept in `billing_payment_events` and the audit log.
 */
export async function wechatNotification(request: FastifyRequest, rawBody: string): Promise<NotifyReply> {
  const db = request.server.db.kysely;
  const pay = wechatPayOf(request.server.config);
  const now = Date.now();
  const record = async (
    outcome: 'credited' | 'duplicate' | 'refused',
    reason: string | null,
    tx?: { eventId?: string; outTradeNo?: string; transactionId?: string },
  ) => {
    await repo.insertPaymentEvent(db, {
      provider: 'wechat',
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
        detail: { provider: 'wechat', outcome, reason, transactionId: tx?.transactionId },
      });
    }
    if (outcome === 'refused') request.log.warn({ order: tx?.outTradeNo, reason }, 'WeChat Pay notification refused');
  };
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
  const order = await repo.findOrderByNumber(db, tx.outTradeNo);
  if (!order) {
    await record('refused', 'unknown order', tx);
    return fail(400, 'unknown order');
  }
  if (Number(order.amount) !== tx.total) {
    await record('refused', `amount ${tx.total} differs from the order's ${order.amount}`, tx);
    return fail(400, 'amount mismatch');
  }
  if (order.status === 'paid') {
    const same = order.transaction_id === tx.transactionId;
    // Taken already: acknowledge, so that WeChat Pay stops sending it; credit nothing.
    await record(same ? 'duplicate' : 'refused', same ? null : `already paid by ${order.transaction_id}`, tx);
    return taken;
  }
  if (order.status === 'cancelled' || order.status === 'expired') {
    await record('refused', `order ${order.status}`, tx);
    return fail(400, `order ${order.status}`);
  }
  const applied = await db.transaction().execute((trx) => applyPayment(trx, order, tx.transactionId, now));
  await record(applied ? 'credited' : 'duplicate', null, tx);
  return taken;
}
