import type { MigrationContext } from '../../platform/db/migrate.ts';

/**
 * What Meridian last told an external Mosquitto's dynamic security about each MQTT device
 * (decision 0106): its client, by SN, and a hash of the password it was given, so that each
 * minute's sync sends only what changed.
 */
export async function up({ db, types }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('mqtt_broker_clients')
    .addColumn('sn', 'text', (c) => c.primaryKey())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('synced_at', types.time, (c) => c.notNull())
    .execute();
}

export async function down({ db }: MigrationContext): Promise<void> {
  await db.schema.dropTable('mqtt_broker_clients').execute();
}
