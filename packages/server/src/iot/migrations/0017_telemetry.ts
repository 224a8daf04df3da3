import { sql } from 'kysely';
import type { MigrationContext } from '../../platform/db/migrate.ts';

/**
 * Telemetry: history, the latest value of every point, online/offline records and network stats.
 * History on PostgreSQL is keyed by (device, point, time), the order every read takes, and
 * partitioned by day (the day partitions are created ahead and dropped for retention by
 * iot/telemetry/partitions.ts; the default partition only catches what arrives before its day
 * exists). On SQLite it is a WITHOUT ROWID table (the key is the row: one B-tree per insert) keyed
 * by (device, time, point): one poll's values of a device land side by side in one page, where
 * (device, point, time) would touch a page per point per poll and write five times less per second
 * (decision 0027). A chart of one point reads its device's rows of the range and keeps its own.
 */
export async function up({ db, engine, types, withId }: MigrationContext): Promise<void> {
  const s = db.schema;
  const pg = engine === 'postgres';

  if (pg) {
    await sql`create table telemetry (
      device_id bigint not null, point_id bigint not null, ts bigint not null,
      num double precision, text text,
      primary key (device_id, point_id, ts)
    ) partition by range (ts)`.execute(db);
    await sql`create table telemetry_default partition of telemetry default`.execute(db);
  } else {
    await sql`create table telemetry (
      device_id integer not null, point_id integer not null, ts integer not null,
      num real, text text,
      primary key (device_id, ts, point_id)
    ) without rowid`.execute(db);
  }

  await s
    .createTable('telemetry_latest')
    .addColumn('device_id', 'bigint', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('point_id', 'bigint', (c) => c.notNull())
    .addColumn('ts', types.time, (c) => c.notNull())
    .addColumn('num', 'double precision')
    .addColumn('text', 'text')
    .addPrimaryKeyConstraint('telemetry_latest_pk', ['device_id', 'point_id'])
    .$call((t) => (pg ? t : t.modifyEnd(sql`without rowid`)))
    .execute();

  await withId(s.createTable('device_online_records'))
    .addColumn('device_id', 'bigint', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('transport', 'text')
    .addColumn('at', types.time, (c) => c.notNull())
    .execute();
  // The records page lists one device's records or everyone's, newest first.
  await s
    .createIndex('device_online_records_device')
    .on('device_online_records')
    .columns(['device_id', 'at'])
    .execute();
  await s.createIndex('device_online_records_at').on('device_online_records').column('at').execute();

  await s
    .createTable('device_network')
    .addColumn('device_id', 'bigint', (c) => c.primaryKey().references('devices.id').onDelete('cascade'))
    .addColumn('signal', 'double precision')
    .addColumn('battery', 'double precision')
    .addColumn('bytes_in', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('bytes_out', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('conn_bytes_in', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('conn_bytes_out', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .execute();

  // The offline job looks for devices that are not offline and have been silent too long.
  await s.createIndex('devices_silent').on('devices').columns(['status', 'last_data_at']).execute();
}
