import type { MigrationContext } from '../../platform/db/migrate.ts';

/**
 * Remote configuration (decision 0062): configuration profiles, owned by an account, and each
 * device's latest configuration with its state. A device's row holds a copy of the parameters it
 * was given, so that editing or deleting the profile does not change what is being sent.
 */
export async function up({ db, types, withId }: MigrationContext): Promise<void> {
  await withId(db.schema.createTable('config_profiles'))
    .addColumn('owner_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('config_profiles_owner_name')
    .on('config_profiles')
    .columns(['owner_id', 'name'])
    .unique()
    .execute();
  await db.schema
    .createTable('device_configs')
    .addColumn('device_id', 'bigint', (c) => c.primaryKey().references('devices.id').onDelete('cascade'))
    .addColumn('profile_id', 'bigint', (c) => c.references('config_profiles.id').onDelete('set null'))
    .addColumn('profile_name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('reason_key', 'text')
    .addColumn('reason_params', 'text')
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_until', types.time)
    .addColumn('requested_at', types.time, (c) => c.notNull())
    .addColumn('finished_at', types.time)
    .execute();
  await db.schema.createIndex('device_configs_state').on('device_configs').columns(['state', 'device_id']).execute();
}
