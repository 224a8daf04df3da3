import type { MigrationContext } from '../../platform/db/migrate.ts';

/**
 * Custom protocols defined by frames (decision 0140): an account's protocol, its frames and
 * points kept as one JSON definition, and the template that chooses it.
 */
export async function up({ db, types, withId }: MigrationContext): Promise<void> {
  await withId(db.schema.createTable('custom_protocols'))
    .addColumn('owner_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    // The whole CustomProtocolDefinition as JSON: read and written as one, checked by contracts.
    .addColumn('definition', 'text', (c) => c.notNull())
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('custom_protocols_owner_name')
    .on('custom_protocols')
    .columns(['owner_id', 'name'])
    .unique()
    .execute();
  await db.schema
    .alterTable('templates')
    .addColumn('custom_protocol_id', 'bigint', (c) => c.references('custom_protocols.id'))
    .execute();
}

export async function down({ db }: MigrationContext): Promise<void> {
  await db.schema.alterTable('templates').dropColumn('custom_protocol_id').execute();
  await db.schema.dropTable('custom_protocols').execute();
}
