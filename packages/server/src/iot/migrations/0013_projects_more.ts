import type { MigrationContext } from '../../platform/db/migrate.ts';

/** more of Device Cloud projects, tags and grants. */
export async function up(_context: MigrationContext): Promise<void> {}
