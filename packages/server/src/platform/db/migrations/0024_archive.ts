import type { MigrationContext } from '../migrate.ts';

/** Mind student archive, growth records, home visits and counselling. */
export async function up(_context: MigrationContext): Promise<void> {}
