import type { MigrationContext } from '../../platform/db/migrate.ts';

/**
 * The device gateway: the DTU registration log (accepted and refused, with the reason) and the
 * per-device DTU settings (custom registration packet, heartbeat, register merge length).
 */
export async function up({ db, types, withId }: MigrationContext): Promise<void> {
  const s = db.schema;
  await withId(s.createTable('dtu_registrations'))
    .addColumn('at', types.time, (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('sn', 'text')
    .addColumn('device_id', 'bigint', (c) => c.references('devices.id').onDelete('set null'))
    .addColumn('result', 'text', (c) => c.notNull())
    .execute();
  // The log is read newest first, for one device or one SN.
  await s.createIndex('dtu_registrations_at').on('dtu_registrations').column('at').execute();
  await s.createIndex('dtu_registrations_device').on('dtu_registrations').columns(['device_id', 'at']).execute();
  await s.createIndex('dtu_registrations_sn').on('dtu_registrations').columns(['sn', 'at']).execute();

  await s
    .createTable('dtu_settings')
    .addColumn('device_id', 'bigint', (c) => c.primaryKey().references('devices.id').onDelete('cascade'))
    .addColumn('registration_packet', 'text')
    .addColumn('registration_mode', 'text', (c) => c.notNull().defaultTo('once'))
    .addColumn('heartbeat', 'text')
    .addColumn('merge_length', 'integer')
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .execute();
  await s
    .createIndex('dtu_settings_packet')
    .on('dtu_settings')
    .column('registration_packet')
    .unique()
    .where('registration_packet', 'is not', null)
    .execute();
}
