import {
  type InvoiceableOrderView,
  type InvoiceInfoInput,
  type InvoiceInfoView,
  type InvoiceQuery,
  type InvoiceReviewInput,
  type InvoiceView,
  invoiceInfoInput,
  type MessageKey,
  translate,
} from '@meridian/contracts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import { audit } from '../../portal/audit/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import * as repo from './repository.ts';
import type { InvoiceRow } from './tables.ts';

type Order = { invoice_id: number | string; id: number | string; number: string; amount: number | string };

function invoiceView(i: InvoiceRow & { account: string }, orders: readonly Order[]): InvoiceView {
  const mine = orders.filter((o) => Number(o.invoice_id) === Number(i.id));
  return {
    id: Number(i.id),
    accountId: Number(i.account_id),
    account: i.account,
    amount: Number(i.amount),
    orders: mine.map((o) => ({ id: Number(o.id), number: o.number, amount: Number(o.amount) })),
    title: i.title,
    taxNumber: i.tax_number,
    email: i.email,
    status: i.status,
    delivery: i.delivery,
    trackingNumber: i.tracking_number,
    rejectReason: i.reject_reason,
    createdAt: Number(i.created_at),
    updatedAt: Number(i.updated_at),
  };
}

/** The caller's invoice info, or null before it is first filled in. */
export async function myInvoiceInfo(actor: Actor): Promise<InvoiceInfoView | null> {
  const row = await repo.invoiceInfo(actor.db, actor.auth.userId);
  if (!row) return null;
  return {
    title: row.title,
    taxNumber: row.tax_number,
    address: row.address,
    phone: row.phone,
    bank: row.bank,
    bankAccount: row.bank_account,
    email: row.email,
    updatedAt: Number(row.updated_at),
  };
}

export async function saveMyInvoiceInfo(actor: Actor, input: InvoiceInfoInput): Promise<InvoiceInfoView | null> {
  const info = invoiceInfoInput.parse(input);
  const now = Date.now();
  await actor.db.transaction().execute(async (trx) => {
    await repo.saveInvoiceInfo(trx, {
      account_id: actor.auth.userId,
      title: info.title,
      tax_number: info.taxNumber.toUpperCase(),
      address: info.address,
      phone: info.phone,
      bank: info.bank,
      bank_account: info.bankAccount,
      email: info.email,
      updated_at: now,
    });
    await audit(trx, actor.request, {
      action: 'billing.invoiceInfo.save',
      targetType: 'user',
      targetId: actor.auth.userId,
      detail: { title: info.title, taxNumber: info.taxNumber.toUpperCase() },
    });
  });
  return myInvoiceInfo(actor);
}

/** The caller's paid orders that are on no invoice yet. */
export async function invoiceableOrders(actor: Actor): Promise<InvoiceableOrderView[]> {
  const rows = await repo.invoiceableOrders(actor.db, actor.auth.userId);
  return rows.map((o) => ({ id: Number(o.id), number: o.number, amount: Number(o.amount), paidAt: Number(o.paid_at) }));
}

async function withOrders(actor: Actor, page: Awaited<ReturnType<typeof repo.invoicesPage>>) {
  const orders = await repo.ordersOfInvoices(
    actor.db,
    page.list.map((i) => Number(i.id)),
  );
  return { ...page, list: page.list.map((i) => invoiceView(i, orders)) };
}

export async function myInvoices(actor: Actor, query: InvoiceQuery) {
  const { status, page, size } = query;
  return withOrders(actor, await repo.invoicesPage(actor.db, actor.auth.userId, status, { page, size }));
}

/** The review queue: every account's applications (platform administrators, decision 0098). */
export async function invoiceQueue(actor: Actor, query: InvoiceQuery) {
  const { status, page, size } = query;
  return withOrders(actor, await repo.invoicesPage(actor.db, null, status, { page, size }));
}

async function invoiceDetail(actor: Actor, id: number): Promise<InvoiceView> {
  const row = await repo.findInvoice(actor.db, id);
  if (!row) throw notFound('invoice.notFound');
  const owner = await repo.invoiceAccount(actor.db, Number(row.account_id));
  return invoiceView({ ...row, account: owner?.account ?? '' }, await repo.ordersOfInvoices(actor.db, [id]));
}

/**
 * Applies for one invoice over paid orders of the caller that are on no invoice yet. An unpaid,
 * cancelled or expired order, or one already invoiced, refuses the whole application, saying which.
 */
export async function applyForInvoice(actor: Actor, orderIds: readonly number[]): Promise<InvoiceView> {
  const { db, auth } = actor;
  const ids = [...new Set(orderIds)];
  const info = await repo.invoiceInfo(db, auth.userId);
  if (!info) throw new AppError(409, 'invoice.noInfo');
  const now = Date.now();
  type Refusal = { key: MessageKey; number: string; orderId: number };
  const outcome = await db.transaction().execute(async (trx): Promise<number | Refusal> => {
    await repo.lockOrders(trx, actor.request.server.db.engine, auth.userId, ids);
    const orders = await repo.ordersForInvoice(trx, auth.userId, ids);
    // Another account's order is as absent as one that never was.
    if (orders.length !== ids.length) throw notFound('order.notFound');
    for (const o of orders) {
      const refusal = (key: MessageKey): Refusal => ({ key, number: o.number, orderId: Number(o.id) });
      const expired = o.status === 'expired' || (o.status === 'unpaid' && Number(o.expires_at) <= now);
      if (o.status === 'cancelled') return refusal('invoice.orderCancelled');
      if (expired) return refusal('invoice.orderExpired');
      if (o.status !== 'paid') return refusal('invoice.orderUnpaid');
      if (o.invoice_id !== null) return refusal('invoice.orderInvoiced');
    }
    const amount = orders.reduce((sum, o) => sum + Number(o.amount), 0);
    const invoiceId = await repo.insertInvoice(
      trx,
      {
        account_id: auth.userId,
        amount,
        title: info.title,
        tax_number: info.tax_number,
        address: info.address,
        phone: info.phone,
        bank: info.bank,
        bank_account: info.bank_account,
        email: info.email,
        status: 'applied',
        delivery: 'unshipped',
        tracking_number: null,
        reject_reason: null,
        created_at: now,
        updated_at: now,
      },
      ids,
    );
    await audit(trx, actor.request, {
      action: 'billing.invoice.apply',
      targetType: 'billing_invoice',
      targetId: invoiceId,
      detail: { orders: orders.map((o) => o.number), amount },
    });
    return invoiceId;
  });
  if (typeof outcome === 'number') return invoiceDetail(actor, outcome);
  // Refused: nothing was written; the refusal is logged with the order it names.
  await audit(db, actor.request, {
    action: 'billing.invoice.apply',
    result: 'fail',
    targetType: 'billing_order',
    targetId: outcome.orderId,
    detail: { number: outcome.number, reason: outcome.key },
  });
  throw new AppError(409, outcome.key, { params: { number: outcome.number } });
}

/**
 * The administrator's steps (decision 0098): approve moves applied to in audit and in audit to
 * arrived; ship (from in audit) sends the paper invoice with its tracking number and it arrives;
 * reject (applied or in audit) gives the reason and lets the orders go. Every step is audited.
 */
export async function reviewInvoice(actor: Actor, id: number, input: InvoiceReviewInput): Promise<InvoiceView> {
  const row = await repo.findInvoice(actor.db, id);
  if (!row) throw notFound('invoice.notFound');
  const now = Date.now();
  const from = row.status;
  const badStep = () =>
    new AppError(409, 'invoice.badStep', { params: { status: translate(`invoice.status.${from}`, actor.lang) } });
  const done = await actor.db.transaction().execute(async (trx) => {
    let moved = false;
    if (input.action === 'approve' && (from === 'applied' || from === 'in_audit')) {
      moved = await repo.stepInvoice(trx, id, from, {
        status: from === 'applied' ? 'in_audit' : 'arrived',
        updated_at: now,
      });
    } else if (input.action === 'ship' && from === 'in_audit') {
      moved = await repo.stepInvoice(trx, id, from, {
        status: 'arrived',
        delivery: 'shipped',
        tracking_number: input.trackingNumber,
        updated_at: now,
      });
    } else if (input.action === 'reject' && (from === 'applied' || from === 'in_audit')) {
      moved = await repo.stepInvoice(trx, id, from, {
        status: 'rejected',
        reject_reason: input.reason,
        updated_at: now,
      });
      if (moved) await repo.releaseOrders(trx, id);
    }
    await audit(trx, actor.request, {
      action: `billing.invoice.${input.action}`,
      result: moved ? 'ok' : 'fail',
      targetType: 'billing_invoice',
      targetId: id,
      detail: { from, ...(input.action === 'approve' ? {} : input) },
    });
    return moved;
  });
  if (!done) throw badStep();
  return invoiceDetail(actor, id);
}
