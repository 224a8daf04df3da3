import type { MeridianMigration } from '../migrate.ts';
import * as jobs from './0001_jobs.ts';
import * as identity from './0002_identity.ts';
import * as builtinRoles from './0003_builtin_roles.ts';

/** Every migration, in the order it runs. A name never changes once it has shipped. */
export const migrations: Record<string, MeridianMigration> = {
  '0001_jobs': jobs,
  '0002_identity': identity,
  '0003_builtin_roles': builtinRoles,
};
