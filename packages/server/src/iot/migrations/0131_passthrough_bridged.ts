import type { MigrationContext } from '../../platform/db/migrate.ts';

/**
 * Passthrough groups across gateway processes (decision 0167): each gateway process records the
 * group members whose line it holds bridged, under its lease name, so that the list read on any
 * process (an API process holds none) says whether a group is bridged.
 */
export async function up({ db }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('passthrough_bridged')
    .addColumn('device_id', 'bigint', (c) => c.primaryKey())
    .addColumn('strategy_id', 'bigint', (c) => c.notNull())
    .addColumn('node', 'text', (c) => c.notNull())
    .addColumn('since', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('passthrough_bridged_strategy').on('passthrough_bridged').column('strategy_id').execute();
  await db.schema.createIndex('passthrough_bridged_node').on('passthrough_bridged').column('node').execute();
}

export async function down({ db }: MigrationContext): Promise<void> {
  await db.schema.dropTable('passthrough_bridged').execute();
}
