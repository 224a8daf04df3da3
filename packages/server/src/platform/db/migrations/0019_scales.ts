import type { MigrationContext } from '../migrate.ts';

/** Mind scales: the library, versions and custom scales. */
export async function up(_context: MigrationContext): Promise<void> {}
