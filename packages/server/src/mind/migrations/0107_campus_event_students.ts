import type { MigrationContext } from '../../platform/db/migrate.ts';

/**
 * Behaviour events that name students (decision 0136): each student an event named, with the
 * warning it opened, once per alert and reference; and a school's own set of event types that
 * open warnings (no row: the default set); a school's day report settings and the reports sent.
 */
export async function up({ db, types, withId }: MigrationContext): Promise<void> {
  const s = db.schema;
  await withId(s.createTable('campus_alert_students'))
    .addColumn('alert_id', 'bigint', (c) => c.notNull().references('campus_alerts.id').onDelete('cascade'))
    // What the device sent: `no:<student number>` or `id:<roster id>`.
    .addColumn('reference', 'text', (c) => c.notNull())
    // Null when the school's roster or whitelist does not know the reference.
    .addColumn('student_id', 'bigint')
    .addColumn('warning_id', 'bigint')
    .execute();
  await s
    .createIndex('campus_alert_students_once')
    .on('campus_alert_students')
    .columns(['alert_id', 'reference'])
    .unique()
    .execute();
  await s
    .createTable('campus_warning_types')
    .addColumn('school_id', 'bigint', (c) => c.primaryKey().references('orgs.id'))
    // Comma-separated event types; empty for none.
    .addColumn('types', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .execute();
  // A school's day report: whether, when (China minute of the day), to whom and what.
  await s
    .createTable('campus_day_report_settings')
    .addColumn('school_id', 'bigint', (c) => c.primaryKey().references('orgs.id'))
    .addColumn('enabled', 'boolean', (c) => c.notNull())
    .addColumn('minute', 'integer', (c) => c.notNull())
    .addColumn('user_ids', 'text', (c) => c.notNull())
    .addColumn('contents', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .execute();
  // The reports sent, one per school, China day and recipient, however many workers run.
  await withId(s.createTable('campus_day_reports'))
    .addColumn('school_id', 'bigint', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('created_at', types.time, (c) => c.notNull())
    .execute();
  await s
    .createIndex('campus_day_reports_once')
    .on('campus_day_reports')
    .columns(['school_id', 'day', 'user_id'])
    .unique()
    .execute();
  await s.createIndex('campus_day_reports_user').on('campus_day_reports').columns(['user_id', 'id']).execute();
}

export async function down({ db }: MigrationContext): Promise<void> {
  await db.schema.dropTable('campus_day_reports').execute();
  await db.schema.dropTable('campus_day_report_settings').execute();
  await db.schema.dropTable('campus_warning_types').execute();
  await db.schema.dropTable('campus_alert_students').execute();
}
