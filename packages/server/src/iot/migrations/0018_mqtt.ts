import type { MigrationContext } from '../../platform/db/migrate.ts';

/**
 * MQTT and HTTP device ingest: the token an NB or cellular device sends to the HTTP ingest
 * endpoint. Only its SHA-256 is kept (the device page shows the token once, when it is made), one
 * per device, so making a new one retires the old.
 */
export async function up({ db, types }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('device_tokens')
    .addColumn('device_id', 'bigint', (c) => c.primaryKey().references('devices.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_by', 'bigint')
    .addColumn('created_at', types.time, (c) => c.notNull())
    .execute();
}
