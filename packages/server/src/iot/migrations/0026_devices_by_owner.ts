import type { MigrationContext } from '../../platform/db/migrate.ts';

/**
 * An owner's devices newest first, read straight off an index: the device list's commonest page
 * (`devices_owner` leads with the status, so without it every owner's devices were sorted).
 */
export async function up({ db }: MigrationContext): Promise<void> {
  await db.schema.createIndex('devices_owner_newest').on('devices').columns(['owner_id', 'id']).execute();
}
