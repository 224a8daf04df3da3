import type { MigrationContext } from '../migrate.ts';

/** The tables of Device Cloud devices, tags and projects. */
export async function up(_context: MigrationContext): Promise<void> {}
