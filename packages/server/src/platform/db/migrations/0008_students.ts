import type { MigrationContext } from '../migrate.ts';

/** The tables of students, parents and school years. */
export async function up(_context: MigrationContext): Promise<void> {}
