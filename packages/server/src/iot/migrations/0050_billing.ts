import { sql } from 'kysely';
import type { MigrationContext } from '../../platform/db/migrate.ts';

/**
 * Orders, payments and the balance ledger (decision 0080). The balance is never negative (a check
 * the database keeps too) and is the sum of the account's ledger rows; a payment moves an order
 * from unpaid to paid once, whatever number of notifications arrive.
 */
export async function up({ db, types, withId }: MigrationContext): Promise<void> {
  const s = db.schema;
  await s
    .createTable('billing_accounts')
    .addColumn('account_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`balance >= 0`))
    .addColumn('sms_credits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('voice_credits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .execute();
  await withId(s.createTable('billing_orders'))
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('account_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('pay_method', 'text')
    .addColumn('code_url', 'text')
    .addColumn('transaction_id', 'text')
    .addColumn('created_by', 'bigint', (c) => c.notNull())
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addColumn('expires_at', types.time, (c) => c.notNull())
    .addColumn('paid_at', types.time)
    .addColumn('cancelled_at', types.time)
    .execute();
  await s.createIndex('billing_orders_account').on('billing_orders').columns(['account_id', 'id']).execute();
  await withId(s.createTable('billing_ledger'))
    .addColumn('account_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('delta', 'bigint', (c) => c.notNull())
    .addColumn('balance_after', 'bigint', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('order_id', 'bigint')
    .addColumn('at', types.time, (c) => c.notNull())
    .execute();
  await s.createIndex('billing_ledger_account').on('billing_ledger').columns(['account_id', 'id']).execute();
  // Every payment notification, taken or refused, with why: the log a forged or replayed one leaves.
  await withId(s.createTable('billing_payment_events'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text')
    .addColumn('order_number', 'text')
    .addColumn('transaction_id', 'text')
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('ip', 'text')
    .addColumn('at', types.time, (c) => c.notNull())
    .execute();
  await s.createIndex('billing_payment_events_order').on('billing_payment_events').column('order_number').execute();
}

export async function down({ db }: MigrationContext): Promise<void> {
  const s = db.schema;
  await s.dropTable('billing_payment_events').execute();
  await s.dropTable('billing_ledger').execute();
  await s.dropTable('billing_orders').execute();
  await s.dropTable('billing_accounts').execute();
}
