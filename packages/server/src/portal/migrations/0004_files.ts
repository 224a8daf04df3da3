import type { MigrationContext } from '../../platform/db/migrate.ts';

/** Stored files: which store holds each, under what generated path, whose it is and who may read it. */
export async function up({ db, no, types, withId }: MigrationContext): Promise<void> {
  await withId(db.schema.createTable('files'))
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull().unique())
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('protected', types.bool, (c) => c.notNull().defaultTo(no))
    .addColumn('created_at', types.time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('files_owner').on('files').columns(['owner_id', 'created_at']).execute();
}

export async function down({ db }: MigrationContext): Promise<void> {
  await db.schema.dropTable('files').execute();
}
