import type { MigrationContext } from '../../platform/db/migrate.ts';

/**
 * Data push (decision 0123): an account's targets, each a URL under the deployment's prefix and a
 * sealed HMAC secret, paused after failures in a row; and each request's delivery, whose job
 * sends it through the outbox with retries.
 */
export async function up({ db, types, withId }: MigrationContext): Promise<void> {
  await withId(db.schema.createTable('data_push_targets'))
    .addColumn('owner_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    // Sealed under SECRETS_KEY, bound to the target's row.
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('paused_reason', 'text')
    .addColumn('failures_in_row', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_sent_at', types.time)
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('data_push_targets_owner')
    .on('data_push_targets')
    .columns(['owner_id', 'state'])
    .execute();
  await withId(db.schema.createTable('data_push_deliveries'))
    .addColumn('target_id', 'bigint', (c) => c.notNull().references('data_push_targets.id').onDelete('cascade'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('devices', 'integer', (c) => c.notNull())
    .addColumn('values', 'integer', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer')
    .addColumn('error', 'text')
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addColumn('sent_at', types.time)
    .execute();
  await db.schema
    .createIndex('data_push_deliveries_target')
    .on('data_push_deliveries')
    .columns(['target_id', 'id'])
    .execute();
}

export async function down({ db }: MigrationContext): Promise<void> {
  await db.schema.dropTable('data_push_deliveries').execute();
  await db.schema.dropTable('data_push_targets').execute();
}
