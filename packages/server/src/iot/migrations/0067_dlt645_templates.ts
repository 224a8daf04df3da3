import type { MigrationContext } from '../../platform/db/migrate.ts';

/** DL/T 645-2007 meters in templates: a slave's meter address and a point's data identifier (decision 0093). */
export async function up({ db }: MigrationContext): Promise<void> {
  await db.schema.alterTable('template_slaves').addColumn('meter_address', 'text').execute();
  await db.schema.alterTable('template_points').addColumn('data_identifier', 'text').execute();
}
