import type { MigrationContext } from '../../platform/db/migrate.ts';

/**
 * A timed task's run kept for a device that was offline at its firing, under the rule "run once on
 * recovery" (decision 0061): written once when the device is connected again, within a day. The
 * gateway process holding the device claims it, as remote configuration is claimed (0062).
 */
export async function up({ db, types }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('timed_task_recoveries')
    .addColumn('task_id', 'bigint', (c) => c.notNull().references('timed_tasks.id').onDelete('cascade'))
    .addColumn('device_id', 'bigint', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('due_at', types.time, (c) => c.notNull())
    .addColumn('expires_at', types.time, (c) => c.notNull())
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_until', types.time)
    .addPrimaryKeyConstraint('timed_task_recoveries_pk', ['task_id', 'device_id'])
    .execute();
  await db.schema.createIndex('timed_task_recoveries_device').on('timed_task_recoveries').column('device_id').execute();
}
