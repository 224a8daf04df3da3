import type { MeridianMigration } from '../migrate.ts';
import * as jobs from './0001_jobs.ts';

/** Every migration, in the order it runs. A name never changes once it has shipped. */
export const migrations: Record<string, MeridianMigration> = {
  '0001_jobs': jobs,
};
