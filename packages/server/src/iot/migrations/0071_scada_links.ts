import type { MigrationContext } from '../../platform/db/migrate.ts';

/**
 * A configuration's shared link (decision 0099): at most one per screen, kept as the hash of its
 * token, with an optional expiry and an optional password hash. Closing the share deletes the row.
 */
export async function up({ db, types }: MigrationContext): Promise<void> {
  const s = db.schema;
  await s
    .createTable('scada_links')
    .addColumn('screen_id', 'bigint', (c) => c.primaryKey().references('scada_screens.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('expires_at', types.time)
    .addColumn('created_by', 'bigint', (c) => c.notNull())
    .addColumn('created_at', types.time, (c) => c.notNull())
    .execute();
  await s.createIndex('scada_links_token').on('scada_links').column('token_hash').unique().execute();
}

export async function down({ db }: MigrationContext): Promise<void> {
  await db.schema.dropTable('scada_links').execute();
}
