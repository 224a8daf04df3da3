import type { MigrationContext } from '../migrate.ts';

/** Device Cloud triggers and alarms. */
export async function up(_context: MigrationContext): Promise<void> {}
