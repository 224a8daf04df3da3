import type { MigrationContext } from '../../platform/db/migrate.ts';

/**
 * What a data push target forwards (decision 0138): the devices' values (as before), the alarm
 * events (raised, recovered), or both; and which of the two each delivery carried.
 */
export async function up({ db }: MigrationContext): Promise<void> {
  await db.schema
    .alterTable('data_push_targets')
    .addColumn('push_values', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  await db.schema
    .alterTable('data_push_targets')
    .addColumn('push_alarms', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .alterTable('data_push_deliveries')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('values'))
    .execute();
}

export async function down({ db }: MigrationContext): Promise<void> {
  await db.schema.alterTable('data_push_deliveries').dropColumn('kind').execute();
  await db.schema.alterTable('data_push_targets').dropColumn('push_alarms').execute();
  await db.schema.alterTable('data_push_targets').dropColumn('push_values').execute();
}
