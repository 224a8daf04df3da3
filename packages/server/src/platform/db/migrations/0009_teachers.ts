import type { MigrationContext } from '../migrate.ts';

/** The tables of teachers, class teachers, groups and teacher reshuffle. */
export async function up(_context: MigrationContext): Promise<void> {}
