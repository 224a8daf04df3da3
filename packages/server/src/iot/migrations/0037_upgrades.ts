import type { MigrationContext } from '../../platform/db/migrate.ts';

/**
 * Firmware upgrade jobs (decision 0064): a job upgrades devices to one firmware in waves; each
 * device's row holds its state, the bytes it acknowledged (a transfer resumes from there) and who
 * sends it until when. `device_firmware` keeps the series, model and version each device reported.
 */
export async function up({ db, types, withId }: MigrationContext): Promise<void> {
  const s = db.schema;
  await withId(s.createTable('upgrade_jobs'))
    .addColumn('owner_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // No cascade: firmware that a job uses cannot be deleted (the service says so first).
    .addColumn('firmware_id', 'bigint', (c) => c.notNull().references('firmware.id'))
    .addColumn('firmware_name', 'text', (c) => c.notNull())
    .addColumn('series', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('wave_size', 'integer', (c) => c.notNull())
    .addColumn('fail_percent', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('reason_key', 'text')
    .addColumn('reason_params', 'text')
    .addColumn('created_by', 'bigint')
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addColumn('finished_at', types.time)
    .execute();
  await s.createIndex('upgrade_jobs_owner').on('upgrade_jobs').columns(['owner_id', 'id']).execute();
  await s.createIndex('upgrade_jobs_firmware').on('upgrade_jobs').column('firmware_id').execute();
  await s
    .createTable('upgrade_devices')
    .addColumn('job_id', 'bigint', (c) => c.notNull().references('upgrade_jobs.id').onDelete('cascade'))
    .addColumn('device_id', 'bigint', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('percent', 'integer', (c) => c.notNull())
    .addColumn('acked_chunks', 'integer', (c) => c.notNull())
    .addColumn('reason_key', 'text')
    .addColumn('reason_params', 'text')
    .addColumn('from_version', 'text')
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_until', types.time)
    .addColumn('progress_at', types.time, (c) => c.notNull())
    .addColumn('finished_at', types.time)
    .addPrimaryKeyConstraint('upgrade_devices_pk', ['job_id', 'device_id'])
    .execute();
  await s.createIndex('upgrade_devices_state').on('upgrade_devices').columns(['state', 'device_id']).execute();
  await s
    .createTable('device_firmware')
    .addColumn('device_id', 'bigint', (c) => c.primaryKey().references('devices.id').onDelete('cascade'))
    .addColumn('series', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('reported_at', types.time, (c) => c.notNull())
    .execute();
}
