import type { MigrationContext } from '../../platform/db/migrate.ts';

/**
 * Device Cloud triggers and alarms. An alarm's `active_key` is unique while it lasts (null after
 * its restore; both engines allow many nulls), so two processes that see the same value cannot
 * fire the same alarm twice.
 */
export async function up({ db, types, withId, no }: MigrationContext): Promise<void> {
  const s = db.schema;

  await withId(s.createTable('alarm_triggers'))
    .addColumn('owner_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('device_id', 'bigint', (c) => c.references('devices.id').onDelete('cascade'))
    .addColumn('template_id', 'bigint', (c) => c.references('templates.id').onDelete('cascade'))
    .addColumn('conditions', types.json, (c) => c.notNull())
    .addColumn('join_with', 'text', (c) => c.notNull())
    .addColumn('dead_zone', 'double precision', (c) => c.notNull())
    .addColumn('duration', 'integer', (c) => c.notNull())
    .addColumn('push_interval', 'integer', (c) => c.notNull())
    .addColumn('alarm_enabled', types.bool, (c) => c.notNull().defaultTo(no))
    .addColumn('save_rule', 'text', (c) => c.notNull())
    .addColumn('alarm_content', 'text')
    .addColumn('restore_content', 'text')
    .addColumn('linkage_enabled', types.bool, (c) => c.notNull().defaultTo(no))
    .addColumn('linkage_point_id', 'bigint')
    .addColumn('linkage_value', types.json)
    .addColumn('created_by', 'bigint')
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .execute();
  await s.createIndex('alarm_triggers_device').on('alarm_triggers').column('device_id').execute();
  await s.createIndex('alarm_triggers_template').on('alarm_triggers').column('template_id').execute();
  await s.createIndex('alarm_triggers_owner').on('alarm_triggers').column('owner_id').execute();

  await withId(s.createTable('alarms'))
    .addColumn('trigger_id', 'bigint', (c) => c.notNull())
    // Kept by name as well: an alarm stays in Alarm Record after its trigger is deleted.
    .addColumn('trigger_name', 'text', (c) => c.notNull())
    .addColumn('device_id', 'bigint', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('owner_id', 'bigint', (c) => c.notNull())
    .addColumn('point_id', 'bigint')
    .addColumn('value', 'text')
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('fired_at', types.time, (c) => c.notNull())
    .addColumn('active_key', 'text', (c) => c.unique())
    .addColumn('recovery', 'text', (c) => c.notNull())
    .addColumn('restored_at', types.time)
    .addColumn('restore_value', 'text')
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('result', 'text')
    .addColumn('processed_by', 'bigint')
    .addColumn('processed_at', types.time)
    .addColumn('recorded', types.bool, (c) => c.notNull())
    .addColumn('notification', 'text', (c) => c.notNull())
    .addColumn('last_pushed_at', types.time, (c) => c.notNull())
    .addColumn('repeats', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('linkage_outcome', 'text')
    .execute();
  // Alarm Record lists one device's alarms or everyone's, newest first; the engine reloads active ones per device.
  await s.createIndex('alarms_device').on('alarms').columns(['device_id', 'fired_at']).execute();
  await s.createIndex('alarms_fired').on('alarms').column('fired_at').execute();
  await s.createIndex('alarms_trigger').on('alarms').columns(['trigger_id', 'recovery']).execute();

  await s
    .createTable('alarm_pending')
    .addColumn('trigger_id', 'bigint', (c) => c.notNull().references('alarm_triggers.id').onDelete('cascade'))
    .addColumn('device_id', 'bigint', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('since', types.time, (c) => c.notNull())
    .addColumn('point_id', 'bigint')
    .addColumn('value', 'text')
    .addPrimaryKeyConstraint('alarm_pending_pk', ['trigger_id', 'device_id'])
    .execute();
}
