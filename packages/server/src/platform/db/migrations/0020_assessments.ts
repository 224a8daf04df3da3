import type { MigrationContext } from '../migrate.ts';

/** Mind assessment tasks, answer sheets and results. */
export async function up(_context: MigrationContext): Promise<void> {}
