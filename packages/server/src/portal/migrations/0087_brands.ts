import type { MigrationContext } from '../../platform/db/migrate.ts';

/**
 * Neutral operation (decision 0116): a neutral member's brand, served to requests arriving on its
 * custom domain (unique across brands), and the neutral member that brought an account in
 * (`users.reseller_id`: whoever signed up on its domain).
 */
export async function up({ db, types, withId }: MigrationContext): Promise<void> {
  await withId(db.schema.createTable('brands'))
    .addColumn('owner_id', 'bigint', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('logo', 'text', (c) => c.notNull())
    .addColumn('favicon', 'text')
    .addColumn('background', 'text')
    .addColumn('primary_color', 'text', (c) => c.notNull())
    .addColumn('icp', 'text', (c) => c.notNull())
    .addColumn('domain', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('reseller_id', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('users_reseller').on('users').column('reseller_id').execute();
}

export async function down({ db }: MigrationContext): Promise<void> {
  await db.schema.dropIndex('users_reseller').execute();
  await db.schema.alterTable('users').dropColumn('reseller_id').execute();
  await db.schema.dropTable('brands').execute();
}
