import type { MigrationContext } from '../migrate.ts';

/** telemetry: latest values, history, online/offline records. */
export async function up(_context: MigrationContext): Promise<void> {}
