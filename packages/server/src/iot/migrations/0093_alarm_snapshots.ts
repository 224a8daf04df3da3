import type { MigrationContext } from '../../platform/db/migrate.ts';

/**
 * Alarm snapshots (issue 25, decision 0122): when an alarm fires on a device bound to a camera, one
 * JPEG frame of each bound camera is taken by a job and attached to the alarm. A row is written
 * with the alarm ('pending'), then 'taken' with its file or 'failed' with the camera's reason. The
 * camera's name is kept: the snapshot outlives a camera deleted later.
 */
export async function up({ db, types }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('alarm_snapshots')
    .addColumn('alarm_id', 'bigint', (c) => c.notNull().references('alarms.id').onDelete('cascade'))
    .addColumn('camera_id', 'bigint', (c) => c.notNull())
    .addColumn('camera_name', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('file_id', 'bigint', (c) => c.references('files.id').onDelete('set null'))
    .addColumn('reason', 'text')
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addColumn('taken_at', types.time)
    .addPrimaryKeyConstraint('alarm_snapshots_pk', ['alarm_id', 'camera_id'])
    .execute();
}

export async function down({ db }: MigrationContext): Promise<void> {
  await db.schema.dropTable('alarm_snapshots').execute();
}
