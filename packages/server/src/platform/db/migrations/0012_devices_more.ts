import type { MigrationContext } from '../migrate.ts';

/** more of Device Cloud devices (indexes and columns found while building them). */
export async function up(_context: MigrationContext): Promise<void> {}
