import type { MigrationContext } from '../../platform/db/migrate.ts';

/**
 * More of Device Cloud devices, found while building them: a project's manager sees its devices,
 * so every device list looks projects up by manager (bench/devices.ts).
 */
export async function up({ db }: MigrationContext): Promise<void> {
  await db.schema.createIndex('projects_manager').on('projects').column('manager_id').execute();
}
