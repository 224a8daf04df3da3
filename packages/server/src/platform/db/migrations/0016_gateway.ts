import type { MigrationContext } from '../migrate.ts';

/** the device gateway: DTU registration log, connection state, command log. */
export async function up(_context: MigrationContext): Promise<void> {}
