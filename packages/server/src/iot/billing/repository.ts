import type { LedgerReason, OrderStatus, PageQuery, PayMethod } from '@meridian/contracts';
import { type Insertable, type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { paginate } from '../../platform/db/sql.ts';
import type { BillingOrdersTable, BillingPaymentEventsTable } from './tables.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The account's membership as stored: the level bought or set, and when a bought one ends. */
export function membershipRow(db: Db, accountId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'account', 'user_type', 'parent_id', 'vip_level', 'vip_expires_at', 'slave_quota', 'reseller_id'])
    .where('id', '=', accountId)
    .executeTakeFirst();
}

/** These accounts' membership columns (the slave quota reads them up the account tree). */
export function membershipsOf(db: Db, ids: readonly number[]) {
  return db
    .selectFrom('users')
    .select(['id', 'user_type', 'parent_id', 'vip_level', 'vip_expires_at'])
    .where('id', 'in', ids)
    .execute();
}

export async function setMembership(trx: Db, accountId: number, level: number, expiresAt: number | null, at: number) {
  await trx
    .updateTable('users')
    .set({ vip_level: level, vip_expires_at: expiresAt, updated_at: at })
    .where('id', '=', accountId)
    .execute();
}

export function billingAccount(db: Db, accountId: number) {
  return db.selectFrom('billing_accounts').selectAll().where('account_id', '=', accountId).executeTakeFirst();
}

/** Makes the account's money row if it has none yet. */
export async function ensureBillingAccount(trx: Db, accountId: number, at: number) {
  await trx
    .insertInto('billing_accounts')
    .values({ account_id: accountId, balance: 0, sms_credits: 0, voice_credits: 0, updated_at: at })
    .onConflict((oc) => oc.column('account_id').doNothing())
    .execute();
}

/**
 * Moves the balance by `delta` cents unless that would take it below zero, and answers the new
 * balance (null: refused). One UPDATE: on PostgreSQL it holds the row until the transaction ends,
 * so payments of one account queue behind each other.
 */
export async function moveBalance(trx: Db, accountId: number, delta: number, at: number): Promise<number | null> {
  const row = await trx
    .updateTable('billing_accounts')
    .set({ balance: sql`balance + ${delta}`, updated_at: at })
    .where('account_id', '=', accountId)
    .where(sql<boolean>`balance + ${delta} >= 0`)
    .returning('balance')
    .executeTakeFirst();
  return row ? Number(row.balance) : null;
}

export async function addCredits(trx: Db, accountId: number, sms: number, voice: number, at: number) {
  await trx
    .updateTable('billing_accounts')
    .set({ sms_credits: sql`sms_credits + ${sms}`, voice_credits: sql`voice_credits + ${voice}`, updated_at: at })
    .where('account_id', '=', accountId)
    .execute();
}

export async function insertLedgerEntry(
  trx: Db,
  entry: { accountId: number; delta: number; balanceAfter: number; reason: LedgerReason; orderId: number; at: number },
) {
  await trx
    .insertInto('billing_ledger')
    .values({
      account_id: entry.accountId,
      delta: entry.delta,
      balance_after: entry.balanceAfter,
      reason: entry.reason,
      order_id: entry.orderId,
      at: entry.at,
    })
    .execute();
}

/** The account's settlement details, newest first, with the order behind each change. */
export function ledgerPage(db: Db, accountId: number, reason: LedgerReason | undefined, page: PageQuery) {
  return paginate(
    db
      .selectFrom('billing_ledger as l')
      .leftJoin('billing_orders as o', 'o.id', 'l.order_id')
      .select(['l.id', 'l.delta', 'l.balance_after', 'l.reason', 'l.order_id', 'l.at', 'o.number', 'o.product'])
      .where('l.account_id', '=', accountId)
      .$if(reason !== undefined, (q) => q.where('l.reason', '=', reason ?? 'recharge'))
      .orderBy('l.id', 'desc'),
    page,
  );
}

/** The sum of the account's ledger rows: what the balance must equal. */
export async function ledgerSum(db: Db, accountId: number): Promise<number> {
  const row = await db
    .selectFrom('billing_ledger')
    .select(sql<number>`coalesce(sum(delta), 0)`.as('total'))
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

export async function insertOrder(db: Db, order: Insertable<BillingOrdersTable>): Promise<number> {
  const row = await db.insertInto('billing_orders').values(order).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export function findOrder(db: Db, id: number) {
  return db.selectFrom('billing_orders').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findOrderByNumber(db: Db, number: string) {
  return db.selectFrom('billing_orders').selectAll().where('number', '=', number).executeTakeFirst();
}

export function ordersPage(db: Db, accountId: number, status: OrderStatus | undefined, page: PageQuery, at: number) {
  return paginate(
    db
      .selectFrom('billing_orders')
      .selectAll()
      .where('account_id', '=', accountId)
      // An unpaid order past its window is expired even before the expiry job has run.
      .$if(status === 'unpaid', (q) => q.where('status', '=', 'unpaid').where('expires_at', '>', at))
      .$if(status === 'expired', (q) =>
        q.where((eb) =>
          eb.or([eb('status', '=', 'expired'), eb.and([eb('status', '=', 'unpaid'), eb('expires_at', '<=', at)])]),
        ),
      )
      .$if(status === 'paid' || status === 'cancelled', (q) => q.where('status', '=', status ?? 'paid'))
      .orderBy('id', 'desc'),
    page,
  );
}

/** Keeps the code the provider gave for an unpaid order (WeChat Pay's code_url, Alipay's qr_code). */
export async function setPayment(db: Db, id: number, codeUrl: string, method: 'wechat' | 'alipay') {
  await db
    .updateTable('billing_orders')
    .set({ code_url: codeUrl, pay_method: method })
    .where('id', '=', id)
    .where('status', '=', 'unpaid')
    .execute();
}

/**
 * Puts an unpaid order in the bank-transfer queue until `expiresAt` (decision 0115); false when it
 * was no longer unpaid or its window had closed.
 */
export async function awaitTransfer(db: Db, id: number, expiresAt: number, at: number): Promise<boolean> {
  const result = await db
    .updateTable('billing_orders')
    .set({ pay_method: 'transfer', code_url: null, expires_at: expiresAt })
    .where('id', '=', id)
    .where('status', '=', 'unpaid')
    .where('expires_at', '>', at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Unpaid orders waiting for a bank transfer, oldest first, with the account that placed them. */
export function transferQueuePage(db: Db, page: PageQuery, at: number) {
  return paginate(
    db
      .selectFrom('billing_orders as o')
      .innerJoin('users as u', 'u.id', 'o.account_id')
      .select(['o.id', 'o.number', 'o.product', 'o.quantity', 'o.amount', 'o.created_at', 'o.expires_at', 'u.account'])
      .where('o.status', '=', 'unpaid')
      .where('o.pay_method', '=', 'transfer')
      .where('o.expires_at', '>', at)
      .orderBy('o.id', 'asc'),
    page,
  );
}

/** Moves an unpaid order to `status`; false when it was not unpaid (or, for `expired`, not yet due). */
export async function closeUnpaid(
  db: Db,
  id: number,
  status: 'cancelled' | 'expired',
  at: number,
  reason: string | null = null,
): Promise<boolean> {
  const result = await db
    .updateTable('billing_orders')
    .set(status === 'cancelled' ? { status, cancelled_at: at, cancel_reason: reason } : { status })
    .where('id', '=', id)
    .where('status', '=', 'unpaid')
    .$if(status === 'expired', (q) => q.where('expires_at', '<=', at))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Takes the payment of an unpaid order, once: false when another notification already took it. */
export async function markPaid(
  trx: Db,
  id: number,
  transactionId: string | null,
  method: PayMethod,
  at: number,
): Promise<boolean> {
  const result = await trx
    .updateTable('billing_orders')
    .set({ status: 'paid', paid_at: at, transaction_id: transactionId, pay_method: method })
    .where('id', '=', id)
    .where('status', '=', 'unpaid')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function insertPaymentEvent(db: Db, event: Insertable<BillingPaymentEventsTable>) {
  await db.insertInto('billing_payment_events').values(event).execute();
}

export function paymentEvents(db: Db, orderNumber: string) {
  return db
    .selectFrom('billing_payment_events')
    .selectAll()
    .where('order_number', '=', orderNumber)
    .orderBy('id')
    .execute();
}

/** Accounts that hold memberships (main accounts at the top of their tree), after `afterId`, by id. */
export function membershipHolders(db: Db, afterId: number, limit: number) {
  return db
    .selectFrom('users')
    .select(['id', 'user_type', 'parent_id', 'vip_level', 'vip_expires_at'])
    .where('user_type', '=', 'main')
    .where('parent_id', 'is', null)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The devices these accounts own. */
export async function devicesOwnedBy(db: Db, ownerIds: readonly number[]): Promise<number[]> {
  // Guard against running an invalid query when the list is empty.
  if (ownerIds.length === 0) return [];
  const rows = await db.selectFrom('devices').select('id').where('owner_id', 'in', ownerIds).execute();
  return rows.map((r) => Number(r.id));
}

// ---- Alarm messages through the platform's provider (decision 0134)

type Charge = 'month' | 'credit';

/** Marks the delivery as paid by `source` unless something paid for it already; false when something did. */
export async function markCharged(trx: Db, deliveryId: number, source: Charge, before: Charge | null = null) {
  const result = await trx
    .updateTable('notify_deliveries')
    .set({ charged: source })
    .where('id', '=', deliveryId)
    .where('charged', before === null ? 'is' : '=', before)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Takes one of the month's `allowance` messages of the channel; false when all are used. One
 * conditional UPDATE: on PostgreSQL a second one waits for the first and checks `used` again.
 */
export async function takeMonthUnit(
  trx: Db,
  accountId: number,
  month: string,
  channel: 'sms' | 'voice',
  allowance: number,
): Promise<boolean> {
  if (allowance <= 0) return false;
  await trx
    .insertInto('iot_message_usage')
    .values({ account_id: accountId, month, channel, used: 0 })
    .onConflict((oc) => oc.columns(['account_id', 'month', 'channel']).doNothing())
    .execute();
  const result = await trx
    .updateTable('iot_message_usage')
    .set({ used: sql`used + 1` })
    .where('account_id', '=', accountId)
    .where('month', '=', month)
    .where('channel', '=', channel)
    .where('used', '<', allowance)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Takes one pack credit of the channel; false when none is left. */
export async function takeCredit(trx: Db, accountId: number, channel: 'sms' | 'voice', at: number) {
  const column = channel === 'sms' ? 'sms_credits' : 'voice_credits';
  const result = await trx
    .updateTable('billing_accounts')
    .set({ [column]: sql`${sql.ref(column)} - 1`, updated_at: at })
    .where('account_id', '=', accountId)
    .where(column, '>', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The account's alarm SMS and calls of the month through the platform's provider. */
export async function monthUsage(db: Db, accountId: number, month: string) {
  const rows = await db
    .selectFrom('iot_message_usage')
    .select(['channel', 'used'])
    .where('account_id', '=', accountId)
    .where('month', '=', month)
    .execute();
  const of = (channel: 'sms' | 'voice') => Number(rows.find((r) => r.channel === channel)?.used ?? 0);
  return { sms: of('sms'), voice: of('voice') };
}
