import type { MeridianMigration } from '../db/migrate.ts';
import * as m0001 from './0001_jobs.ts';

/** The migrations of the platform, by name. A name never changes once it has shipped: it orders every feature's migrations. */
export const platformMigrations: Record<string, MeridianMigration> = {
  '0001_jobs': m0001,
};
