import type { MigrationContext } from '../../platform/db/migrate.ts';

/** Messages about work orders to the people who must act: sent to them, or past a time limit (issue 27). */
export async function up({ db, types, withId }: MigrationContext): Promise<void> {
  const s = db.schema;
  await withId(s.createTable('work_order_notices'))
    .addColumn('order_id', 'bigint', (c) => c.notNull().references('work_orders.id').onDelete('cascade'))
    .addColumn('owner_id', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('provider_ref', 'text')
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addColumn('sent_at', types.time)
    .execute();
  await s.createIndex('work_order_notices_order').on('work_order_notices').columns(['order_id', 'id']).execute();
}

export async function down({ db }: MigrationContext): Promise<void> {
  await db.schema.dropTable('work_order_notices').execute();
}
