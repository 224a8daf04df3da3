import type { MigrationContext } from '../../platform/db/migrate.ts';

/**
 * Invoices of paid orders (decision 0098): the account's invoice info, its applications and the
 * orders on each. An order is on one live invoice at most (the unique order); a rejected
 * application lets its orders go, so they can be applied for again.
 */
export async function up({ db, types, withId }: MigrationContext): Promise<void> {
  const s = db.schema;
  await s
    .createTable('billing_invoice_info')
    .addColumn('account_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('tax_number', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('bank', 'text', (c) => c.notNull())
    .addColumn('bank_account', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .execute();
  await withId(s.createTable('billing_invoices'))
    .addColumn('account_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('tax_number', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('bank', 'text', (c) => c.notNull())
    .addColumn('bank_account', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('delivery', 'text', (c) => c.notNull())
    .addColumn('tracking_number', 'text')
    .addColumn('reject_reason', 'text')
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .execute();
  await s.createIndex('billing_invoices_account').on('billing_invoices').columns(['account_id', 'id']).execute();
  await s.createIndex('billing_invoices_status').on('billing_invoices').columns(['status', 'id']).execute();
  await s
    .createTable('billing_invoice_orders')
    .addColumn('order_id', 'bigint', (c) => c.primaryKey().references('billing_orders.id').onDelete('cascade'))
    .addColumn('invoice_id', 'bigint', (c) => c.notNull().references('billing_invoices.id').onDelete('cascade'))
    .execute();
  await s.createIndex('billing_invoice_orders_invoice').on('billing_invoice_orders').column('invoice_id').execute();
}

export async function down({ db }: MigrationContext): Promise<void> {
  const s = db.schema;
  await s.dropTable('billing_invoice_orders').execute();
  await s.dropTable('billing_invoices').execute();
  await s.dropTable('billing_invoice_info').execute();
}
