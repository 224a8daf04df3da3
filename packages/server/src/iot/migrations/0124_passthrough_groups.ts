import { sql } from 'kysely';
import type { MigrationContext } from '../../platform/db/migrate.ts';

/**
 * Passthrough groups (decision 0157): a strategy of kind `group` bridges a management DTU (its
 * `device_id`) with the edge DTUs of `passthrough_edges`, while it is enabled. Kind `pc` strategies
 * (decision 0113) keep their meaning. A DTU is in at most one strategy: the edges' device is unique.
 */
export async function up({ db, engine, types, withId }: MigrationContext): Promise<void> {
  await db.schema
    .alterTable('passthrough_strategies')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('pc'))
    .execute();
  await db.schema
    .alterTable('passthrough_strategies')
    .addColumn('enabled', types.bool, (c) => c.notNull().defaultTo(engine === 'postgres' ? sql`true` : sql`1`))
    .execute();
  await withId(db.schema.createTable('passthrough_edges'))
    .addColumn('strategy_id', 'bigint', (c) => c.notNull().references('passthrough_strategies.id').onDelete('cascade'))
    .addColumn('device_id', 'bigint', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .execute();
  await db.schema
    .createIndex('passthrough_edges_device')
    .on('passthrough_edges')
    .column('device_id')
    .unique()
    .execute();
  await db.schema.createIndex('passthrough_edges_strategy').on('passthrough_edges').column('strategy_id').execute();
}

export async function down({ db }: MigrationContext): Promise<void> {
  await db.schema.dropTable('passthrough_edges').execute();
  await db.schema.alterTable('passthrough_strategies').dropColumn('enabled').execute();
  await db.schema.alterTable('passthrough_strategies').dropColumn('kind').execute();
}
