import type { MigrationContext } from '../../platform/db/migrate.ts';
import { grantPath, revokePath } from '../../platform/db/role-grants.ts';

/**
 * Campus equipment and behaviour alerts (decision 0085): the cameras and terminals of a school with
 * their device keys, the nonces their signed requests used, the alerts they reported and each
 * handling step. The psychology teacher (3) handles behaviour alerts; bureau and school
 * administrators (1, 2) hold every path already. A snapshot: never import today's catalogues.
 */
const ALERTS = '/data/securityWarning';

export async function up({ db, types, withId }: MigrationContext): Promise<void> {
  const s = db.schema;
  await withId(s.createTable('campus_devices'))
    .addColumn('school_id', 'bigint', (c) => c.notNull().references('orgs.id'))
    .addColumn('school_path', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('device_key', 'text', (c) => c.notNull().unique())
    // The HMAC key itself: the server must hold it to check a signature (decision 0085).
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', types.time)
    .addColumn('created_by', 'bigint', (c) => c.notNull())
    .addColumn('created_at', types.time, (c) => c.notNull())
    .execute();
  await s.createIndex('campus_devices_school').on('campus_devices').columns(['school_path', 'id']).execute();
  await withId(s.createTable('campus_nonces'))
    .addColumn('device_id', 'bigint', (c) => c.notNull().references('campus_devices.id').onDelete('cascade'))
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('at', types.time, (c) => c.notNull())
    .execute();
  // A replayed request hits this.
  await s.createIndex('campus_nonces_once').on('campus_nonces').columns(['device_id', 'nonce']).unique().execute();
  await withId(s.createTable('campus_alerts'))
    .addColumn('device_id', 'bigint', (c) => c.notNull().references('campus_devices.id').onDelete('cascade'))
    .addColumn('school_id', 'bigint', (c) => c.notNull().references('orgs.id'))
    .addColumn('school_path', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('occurred_at', types.time, (c) => c.notNull())
    .addColumn('received_at', types.time, (c) => c.notNull())
    .addColumn('snapshot', 'text')
    .addColumn('holder_id', 'bigint')
    .execute();
  // The device's idempotency key: a retried event is stored once.
  await s.createIndex('campus_alerts_event').on('campus_alerts').columns(['device_id', 'event_id']).unique().execute();
  await s.createIndex('campus_alerts_school').on('campus_alerts').columns(['school_path', 'occurred_at']).execute();
  await withId(s.createTable('campus_alert_steps'))
    .addColumn('alert_id', 'bigint', (c) => c.notNull().references('campus_alerts.id').onDelete('cascade'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('by_id', 'bigint')
    .addColumn('to_id', 'bigint')
    .addColumn('result', 'text')
    .addColumn('at', types.time, (c) => c.notNull())
    .execute();
  await s.createIndex('campus_alert_steps_alert').on('campus_alert_steps').columns(['alert_id', 'id']).execute();
  await grantPath(db, ALERTS, [[3, 'view,edit']]);
}

export async function down({ db }: MigrationContext): Promise<void> {
  await revokePath(db, ALERTS, [3]);
  for (const table of ['campus_alert_steps', 'campus_alerts', 'campus_nonces', 'campus_devices']) {
    await db.schema.dropTable(table).execute();
  }
}
