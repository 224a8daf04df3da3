import type { MigrationContext } from '../../platform/db/migrate.ts';

/**
 * Alarm SMS and calls sent through the platform's provider count against the account's month
 * (decision 0134): one row per top account, calendar month and channel, and each delivery says
 * what paid for it, so that a retry never takes a second unit.
 */
export async function up({ db }: MigrationContext): Promise<void> {
  const s = db.schema;
  await s
    .createTable('iot_message_usage')
    .addColumn('account_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('iot_message_usage_pk', ['account_id', 'month', 'channel'])
    .execute();
  await s.alterTable('notify_deliveries').addColumn('charged', 'text').execute();
}

export async function down({ db }: MigrationContext): Promise<void> {
  await db.schema.alterTable('notify_deliveries').dropColumn('charged').execute();
  await db.schema.dropTable('iot_message_usage').execute();
}
