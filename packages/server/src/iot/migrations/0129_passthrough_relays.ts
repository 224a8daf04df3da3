import type { MigrationContext } from '../../platform/db/migrate.ts';

/**
 * Passthrough across gateway processes (decision 0163): each gateway process records, beside its
 * lease (`gateway_nodes`, same name), the private address where the others hand it a PC client
 * whose DTU it holds.
 */
export async function up({ db }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('passthrough_relays')
    .addColumn('node', 'text', (c) => c.primaryKey())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down({ db }: MigrationContext): Promise<void> {
  await db.schema.dropTable('passthrough_relays').execute();
}
