import type { MigrationContext } from '../../platform/db/migrate.ts';
import { grantPath, revokePath } from '../../platform/db/role-grants.ts';

/**
 * Emotion alerts and the behaviour journal (decision 0118): one alert per class and Beijing day whose
 * negative share crossed the school's threshold, the thresholds schools chose, and the site messages
 * push rules sent about them. The psychology teacher (3) handles emotion alerts and reads the
 * journal; bureau and school administrators (1, 2) hold every path already. A snapshot: never
 * import today's catalogues.
 */
const ALERTS = '/data/intelEmotion';
const JOURNAL = '/data/behaviorJournal';

export async function up({ db, types, withId }: MigrationContext): Promise<void> {
  const s = db.schema;
  await withId(s.createTable('emotion_alerts'))
    .addColumn('school_id', 'bigint', (c) => c.notNull().references('orgs.id'))
    .addColumn('class_id', 'bigint', (c) => c.notNull().references('orgs.id'))
    // The Beijing day, `YYYY-MM-DD`.
    .addColumn('day', 'text', (c) => c.notNull())
    // Shares in thousandths: the day's negative share when it last crossed, its highest, and the threshold crossed.
    .addColumn('negative', 'integer', (c) => c.notNull())
    .addColumn('peak', 'integer', (c) => c.notNull())
    .addColumn('threshold', 'integer', (c) => c.notNull())
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('raised_at', types.time, (c) => c.notNull())
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .addColumn('handled_by', 'bigint')
    .addColumn('handled_at', types.time)
    .addColumn('note', 'text')
    .execute();
  // A class has one alert a day: a second crossing updates it.
  await s.createIndex('emotion_alerts_once').on('emotion_alerts').columns(['class_id', 'day']).unique().execute();
  await s.createIndex('emotion_alerts_school').on('emotion_alerts').columns(['school_id', 'day']).execute();
  await withId(s.createTable('emotion_alert_thresholds'))
    .addColumn('school_id', 'bigint', (c) => c.notNull().unique().references('orgs.id'))
    .addColumn('threshold', 'integer', (c) => c.notNull())
    .addColumn('updated_by', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .execute();
  await withId(s.createTable('emotion_alert_notices'))
    .addColumn('alert_id', 'bigint', (c) => c.notNull().references('emotion_alerts.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addColumn('read_at', types.time)
    .execute();
  // One message per alert, person and channel, however often the job runs.
  await s
    .createIndex('emotion_alert_notices_once')
    .on('emotion_alert_notices')
    .columns(['alert_id', 'user_id', 'channel'])
    .unique()
    .execute();
  await s.createIndex('emotion_alert_notices_user').on('emotion_alert_notices').columns(['user_id', 'id']).execute();
  await grantPath(db, ALERTS, [[3, 'view,edit']]);
  await grantPath(db, JOURNAL, [[3, 'view,export']]);
}

export async function down({ db }: MigrationContext): Promise<void> {
  await revokePath(db, JOURNAL, [3]);
  await revokePath(db, ALERTS, [3]);
  for (const table of ['emotion_alert_notices', 'emotion_alert_thresholds', 'emotion_alerts']) {
    await db.schema.dropTable(table).execute();
  }
}
