import type { MigrationContext } from '../../platform/db/migrate.ts';

/**
 * The large-screen monitor's settings (decision 0121): one row per signed-in account, its title,
 * logo (an uploaded picture's path) and refresh interval. No row: the defaults.
 */
export async function up({ db, types }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('bigscreen_settings')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('logo', 'text')
    .addColumn('refresh_seconds', 'integer', (c) => c.notNull())
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .execute();
}

export async function down({ db }: MigrationContext): Promise<void> {
  await db.schema.dropTable('bigscreen_settings').execute();
}
