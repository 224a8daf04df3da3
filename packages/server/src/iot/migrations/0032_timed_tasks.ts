import type { MigrationContext } from '../../platform/db/migrate.ts';

/**
 * Timed tasks (decision 0061): a task, the points it writes, every write of every run (Execution
 * Record) and what the task itself did (Execution Log). `next_run_at` is the firing the task waits
 * for; a run claims it by moving it on, so a firing is carried out once however many workers see it.
 */
export async function up({ db, types, withId }: MigrationContext): Promise<void> {
  const s = db.schema;
  await withId(s.createTable('timed_tasks'))
    .addColumn('owner_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('schedule', types.json, (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('start_at', types.time, (c) => c.notNull())
    .addColumn('end_at', types.time)
    .addColumn('missed', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('next_run_at', types.time)
    .addColumn('last_run_at', types.time)
    .addColumn('last_outcome', 'text')
    .addColumn('runs', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'bigint')
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .execute();
  await s.createIndex('timed_tasks_owner').on('timed_tasks').column('owner_id').execute();

  await s
    .createTable('timed_task_targets')
    .addColumn('task_id', 'bigint', (c) => c.notNull().references('timed_tasks.id').onDelete('cascade'))
    .addColumn('device_id', 'bigint', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('point_id', 'bigint', (c) => c.notNull())
    .addColumn('value', types.json, (c) => c.notNull())
    .addPrimaryKeyConstraint('timed_task_targets_pk', ['task_id', 'device_id', 'point_id'])
    .execute();
  await s.createIndex('timed_task_targets_device').on('timed_task_targets').column('device_id').execute();

  // Records and log outlive a deleted task, by name, as alarms outlive their trigger.
  await withId(s.createTable('timed_task_records'))
    .addColumn('task_id', 'bigint', (c) => c.notNull())
    .addColumn('task_name', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'bigint', (c) => c.notNull())
    .addColumn('device_id', 'bigint', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('point_id', 'bigint', (c) => c.notNull())
    .addColumn('point_name', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('due_at', types.time, (c) => c.notNull())
    .addColumn('ran_at', types.time, (c) => c.notNull())
    .addColumn('late', types.bool, (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('detail', 'text')
    .execute();
  await s.createIndex('timed_task_records_task').on('timed_task_records').columns(['task_id', 'ran_at']).execute();
  await s.createIndex('timed_task_records_device').on('timed_task_records').columns(['device_id', 'ran_at']).execute();

  await withId(s.createTable('timed_task_log'))
    .addColumn('task_id', 'bigint', (c) => c.notNull())
    .addColumn('task_name', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'bigint', (c) => c.notNull())
    .addColumn('at', types.time, (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('params', types.json)
    .addColumn('by_user', 'bigint')
    .execute();
  await s.createIndex('timed_task_log_task').on('timed_task_log').columns(['task_id', 'at']).execute();
  await s.createIndex('timed_task_log_owner').on('timed_task_log').columns(['owner_id', 'at']).execute();
}
