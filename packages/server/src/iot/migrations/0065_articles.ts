import type { MigrationContext } from '../../platform/db/migrate.ts';

/**
 * Articles (decision 0094): announcements, news and help, written by the platform's administrators
 * (who hold every permission, so no role is granted anything here). The content is HTML sanitised
 * on the server before it is stored.
 */
export async function up({ db, no, types, withId }: MigrationContext): Promise<void> {
  const s = db.schema;
  await withId(s.createTable('articles'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('published', types.bool, (c) => c.notNull().defaultTo(no))
    .addColumn('pinned', types.bool, (c) => c.notNull().defaultTo(no))
    .addColumn('show_from', types.time)
    .addColumn('show_until', types.time)
    .addColumn('published_at', types.time)
    .addColumn('author_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .execute();
  await s.createIndex('articles_type').on('articles').columns(['type', 'published', 'id']).execute();
}

export async function down({ db }: MigrationContext): Promise<void> {
  await db.schema.dropTable('articles').execute();
}
