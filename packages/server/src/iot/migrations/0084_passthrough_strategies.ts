import type { MigrationContext } from '../../platform/db/migrate.ts';

/**
 * Passthrough strategies (decision 0113): an account's DTU reachable by the user's PC software on
 * the gateway's passthrough port, with the token the software sends first and the source addresses
 * it may come from. One strategy per DTU; the token is unique.
 */
export async function up({ db, types, withId }: MigrationContext): Promise<void> {
  await withId(db.schema.createTable('passthrough_strategies'))
    .addColumn('owner_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('device_id', 'bigint', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('token', 'text', (c) => c.notNull())
    // A JSON array of IPv4 addresses; empty: any.
    .addColumn('allow_list', 'text', (c) => c.notNull())
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('passthrough_strategies_owner_name')
    .on('passthrough_strategies')
    .columns(['owner_id', 'name'])
    .unique()
    .execute();
  await db.schema
    .createIndex('passthrough_strategies_device')
    .on('passthrough_strategies')
    .column('device_id')
    .unique()
    .execute();
  await db.schema
    .createIndex('passthrough_strategies_token')
    .on('passthrough_strategies')
    .column('token')
    .unique()
    .execute();
}

export async function down({ db }: MigrationContext): Promise<void> {
  await db.schema.dropTable('passthrough_strategies').execute();
}
