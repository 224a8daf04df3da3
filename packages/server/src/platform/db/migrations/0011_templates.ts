import type { MigrationContext } from '../migrate.ts';

/** The tables of Device Cloud templates, slaves, data points and the device library. */
export async function up(_context: MigrationContext): Promise<void> {}
