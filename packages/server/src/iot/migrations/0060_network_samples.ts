import type { MigrationContext } from '../../platform/db/migrate.ts';

/** Signal, battery and traffic of each device over time, a sample every few minutes (issue 27). */
export async function up({ db, types }: MigrationContext): Promise<void> {
  const s = db.schema;
  await s
    .createTable('device_network_samples')
    .addColumn('device_id', 'bigint', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('at', types.time, (c) => c.notNull())
    .addColumn('signal', 'integer')
    .addColumn('battery', 'integer')
    .addColumn('bytes_in', 'bigint', (c) => c.notNull())
    .addColumn('bytes_out', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('device_network_samples_pk', ['device_id', 'at'])
    .execute();
  await s.createIndex('device_network_samples_at').on('device_network_samples').column('at').execute();
}
