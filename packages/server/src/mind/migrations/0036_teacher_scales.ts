import type { Kysely } from 'kysely';
import type { MigrationContext } from '../../platform/db/migrate.ts';
import { syncBuiltInScales } from '../scales/seed.ts';

/**
 * The teachers' built-in scales (PSS-10, WHO-5, K10, and PHQ-9 and GAD-7 for adults), added to the
 * library by the same sync that seeded it; scales already there are left as they are.
 */
export async function up({ db }: MigrationContext): Promise<void> {
  await syncBuiltInScales(db as Kysely<Record<string, Record<string, unknown>>>, Date.UTC(2026, 10, 28));
}
