import type { MigrationContext } from '../migrate.ts';

/** Device Cloud contacts, channels and alarm deliveries. */
export async function up(_context: MigrationContext): Promise<void> {}
