import { sql } from 'kysely';
import type { MigrationContext } from '../../platform/db/migrate.ts';

/**
 * Versions of a configuration (decision 0127): every save keeps a numbered copy of the document,
 * who saved it and when; a screen names its draft (the newest version, which the editor edits) and
 * its published version (what the viewer and shared links show). Existing screens become version 1,
 * published.
 */
export async function up({ db, types }: MigrationContext): Promise<void> {
  const s = db.schema;
  await s
    .createTable('scada_versions')
    .addColumn('screen_id', 'bigint', (c) => c.notNull().references('scada_screens.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('document', types.json, (c) => c.notNull())
    .addColumn('element_count', 'integer', (c) => c.notNull())
    /** The version it copies when it came from a roll back; null for a save. */
    .addColumn('rolled_back_from', 'integer')
    .addColumn('created_by', 'bigint', (c) => c.notNull())
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addPrimaryKeyConstraint('scada_versions_pk', ['screen_id', 'number'])
    .execute();
  await s
    .alterTable('scada_screens')
    .addColumn('draft_version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await s
    .alterTable('scada_screens')
    .addColumn('published_version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await sql`insert into scada_versions (screen_id, number, document, element_count, created_by, created_at)
    select id, 1, document, element_count, created_by, updated_at from scada_screens`.execute(db);
}

export async function down({ db }: MigrationContext): Promise<void> {
  await db.schema.dropTable('scada_versions').execute();
  await db.schema.alterTable('scada_screens').dropColumn('published_version').execute();
  await db.schema.alterTable('scada_screens').dropColumn('draft_version').execute();
}
