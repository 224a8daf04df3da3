import type { InvoiceStatus, PageQuery } from '@meridian/contracts';
import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { paginate } from '../../platform/db/sql.ts';
import type { BillingInvoiceInfoTable, BillingInvoicesTable, InvoiceRow } from './tables.ts';

type Db = Kysely<Database> | Transaction<Database>;

export function invoiceInfo(db: Db, accountId: number) {
  return db.selectFrom('billing_invoice_info').selectAll().where('account_id', '=', accountId).executeTakeFirst();
}

export async function saveInvoiceInfo(db: Db, row: Insertable<BillingInvoiceInfoTable>) {
  const { account_id: _id, ...rest } = row;
  await db
    .insertInto('billing_invoice_info')
    .values(row)
    .onConflict((oc) => oc.column('account_id').doUpdateSet(rest))
    .execute();
}

/** The account's paid orders that are on no invoice, newest first. */
export function invoiceableOrders(db: Db, accountId: number) {
  return db
    .selectFrom('billing_orders as o')
    .leftJoin('billing_invoice_orders as io', 'io.order_id', 'o.id')
    .select(['o.id', 'o.number', 'o.amount', 'o.paid_at'])
    .where('o.account_id', '=', accountId)
    .where('o.status', '=', 'paid')
    .where('io.order_id', 'is', null)
    .orderBy('o.id', 'desc')
    .limit(200)
    .execute();
}

/**
 * On PostgreSQL, locks these orders of the account for the caller's transaction, in id order, so
 * that two applications naming the same order take turns; the second then reads the first's
 * invoice (a statement after the lock sees what committed meanwhile). SQLite writes one at a time.
 */
export async function lockOrders(trx: Db, engine: 'sqlite' | 'postgres', accountId: number, ids: readonly number[]) {
  if (engine !== 'postgres') return;
  await trx
    .selectFrom('billing_orders')
    .select('id')
    .where('account_id', '=', accountId)
    .where('id', 'in', ids)
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** These orders of the account, with whether each is on an invoice already. */
export function ordersForInvoice(db: Db, accountId: number, ids: readonly number[]) {
  return db
    .selectFrom('billing_orders as o')
    .leftJoin('billing_invoice_orders as io', 'io.order_id', 'o.id')
    .select(['o.id', 'o.number', 'o.amount', 'o.status', 'o.expires_at', 'io.invoice_id'])
    .where('o.account_id', '=', accountId)
    .where('o.id', 'in', ids)
    .execute();
}

export async function insertInvoice(trx: Db, row: Insertable<BillingInvoicesTable>, orderIds: readonly number[]) {
  const { id } = await trx.insertInto('billing_invoices').values(row).returning('id').executeTakeFirstOrThrow();
  const invoiceId = Number(id);
  await trx
    .insertInto('billing_invoice_orders')
    .values(orderIds.map((orderId) => ({ order_id: orderId, invoice_id: invoiceId })))
    .execute();
  return invoiceId;
}

export function findInvoice(db: Db, id: number) {
  return db.selectFrom('billing_invoices').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Invoices newest first: one account's (`accountId`), or every account's for the review queue. */
export function invoicesPage(db: Db, accountId: number | null, status: InvoiceStatus | undefined, page: PageQuery) {
  return paginate(
    db
      .selectFrom('billing_invoices as i')
      .innerJoin('users as u', 'u.id', 'i.account_id')
      .selectAll('i')
      .select('u.account')
      .$if(accountId !== null, (q) => q.where('i.account_id', '=', accountId ?? 0))
      .$if(status !== undefined && status !== 'not_applied', (q) =>
        q.where('i.status', '=', status as Exclude<InvoiceStatus, 'not_applied'>),
      )
      .$if(status === 'not_applied', (q) => q.where('i.id', '<', 0))
      .orderBy('i.id', 'desc'),
    page,
  );
}

export function invoiceAccount(db: Db, accountId: number) {
  return db.selectFrom('users').select('account').where('id', '=', accountId).executeTakeFirst();
}

/** The orders on these invoices. */
export function ordersOfInvoices(db: Db, invoiceIds: readonly number[]) {
  if (invoiceIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('billing_invoice_orders as io')
    .innerJoin('billing_orders as o', 'o.id', 'io.order_id')
    .select(['io.invoice_id', 'o.id', 'o.number', 'o.amount'])
    .where('io.invoice_id', 'in', invoiceIds)
    .orderBy('o.id')
    .execute();
}

/** Moves an invoice on from `from`, once: false when it was no longer there. */
export async function stepInvoice(
  trx: Db,
  id: number,
  from: InvoiceRow['status'],
  change: Updateable<BillingInvoicesTable>,
): Promise<boolean> {
  const result = await trx
    .updateTable('billing_invoices')
    .set(change)
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Lets a rejected invoice's orders go, so they can be applied for again. */
export async function releaseOrders(trx: Db, invoiceId: number) {
  await trx.deleteFrom('billing_invoice_orders').where('invoice_id', '=', invoiceId).execute();
}
