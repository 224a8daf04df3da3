import type { MigrationContext } from '../../platform/db/migrate.ts';

/** Firmware Management: uploaded images, their bytes in the file store. */
export async function up({ db, types, withId }: MigrationContext): Promise<void> {
  const s = db.schema;
  await withId(s.createTable('firmware'))
    .addColumn('owner_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('series', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('remark', 'text')
    .addColumn('created_at', types.time, (c) => c.notNull())
    .execute();
  // One image per version of a series and model within an account: a device asks for a version by name.
  await s
    .createIndex('firmware_owner_series_model_version')
    .on('firmware')
    .columns(['owner_id', 'series', 'model', 'version'])
    .unique()
    .execute();
}
