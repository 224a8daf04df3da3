import type { MigrationContext } from '../../platform/db/migrate.ts';

/**
 * Articles per brand (issue 24): an article belongs to the platform (no owner) or to a neutral
 * member, whose customers read its announcements instead of the platform's.
 */
export async function up({ db }: MigrationContext): Promise<void> {
  await db.schema
    .alterTable('articles')
    .addColumn('owner_id', 'bigint', (c) => c.references('users.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('articles_owner').on('articles').columns(['owner_id', 'type', 'published']).execute();
}

export async function down({ db }: MigrationContext): Promise<void> {
  await db.schema.dropIndex('articles_owner').execute();
  await db.schema.alterTable('articles').dropColumn('owner_id').execute();
}
