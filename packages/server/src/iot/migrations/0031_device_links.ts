import type { MigrationContext } from '../../platform/db/migrate.ts';

/**
 * Device link leases (decision 0048): each gateway process keeps one row alive (`gateway_nodes`,
 * renewed every few seconds), and each connected device names the process that holds its
 * connection (`device_links`), so that a process that restarts after a crash, or the offline job
 * once a lease has run out, takes exactly the devices of the dead process offline.
 */
export async function up({ db, types }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('gateway_nodes')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('instance', 'text', (c) => c.notNull())
    .addColumn('started_at', types.time, (c) => c.notNull())
    .addColumn('alive_until', types.time, (c) => c.notNull())
    .execute();
  // No foreign key to gateway_nodes: a link outlives its process's row until it is released.
  await db.schema
    .createTable('device_links')
    .addColumn('device_id', 'bigint', (c) => c.primaryKey().references('devices.id').onDelete('cascade'))
    .addColumn('node', 'text', (c) => c.notNull())
    .addColumn('transport', 'text', (c) => c.notNull())
    .addColumn('since', types.time, (c) => c.notNull())
    .execute();
  // A restarted process releases its own links; the offline job finds the links of dead processes.
  await db.schema.createIndex('device_links_node').on('device_links').columns(['node', 'device_id']).execute();
}
