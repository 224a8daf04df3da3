import type { MigrationContext } from '../migrate.ts';

/** MQTT and HTTP device ingest. */
export async function up(_context: MigrationContext): Promise<void> {}
