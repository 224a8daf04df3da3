import type { MigrationContext } from '../../platform/db/migrate.ts';

/**
 * Push configuration of behaviour alerts (decision 0097): a school's rules (which event types, whom,
 * by which channels, in which hours) and the site messages they sent, one per alert, person and
 * channel. Bureau and school administrators (1, 2) hold `/data/pushConfig` already.
 */
export async function up({ db, types, withId }: MigrationContext): Promise<void> {
  const s = db.schema;
  await withId(s.createTable('campus_push_rules'))
    .addColumn('school_id', 'bigint', (c) => c.notNull().references('orgs.id'))
    .addColumn('school_path', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    // Comma-separated event types, user ids and channels.
    .addColumn('types', 'text', (c) => c.notNull())
    .addColumn('user_ids', 'text', (c) => c.notNull())
    .addColumn('channels', 'text', (c) => c.notNull())
    .addColumn('from_minute', 'integer', (c) => c.notNull())
    .addColumn('to_minute', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'bigint', (c) => c.notNull())
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .execute();
  await s.createIndex('campus_push_rules_school').on('campus_push_rules').columns(['school_id', 'id']).execute();
  await withId(s.createTable('campus_notices'))
    .addColumn('alert_id', 'bigint', (c) => c.notNull().references('campus_alerts.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addColumn('read_at', types.time)
    .execute();
  // One message per alert, person and channel, however often the job runs.
  await s
    .createIndex('campus_notices_once')
    .on('campus_notices')
    .columns(['alert_id', 'user_id', 'channel'])
    .unique()
    .execute();
  await s.createIndex('campus_notices_user').on('campus_notices').columns(['user_id', 'id']).execute();
}

export async function down({ db }: MigrationContext): Promise<void> {
  await db.schema.dropTable('campus_notices').execute();
  await db.schema.dropTable('campus_push_rules').execute();
}
