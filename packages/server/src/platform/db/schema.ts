import type { JobsTable } from '../jobs/schema.ts';
import type { SettingsTable } from '../settings/tables.ts';

/**
 * Every table Meridian keeps, as Kysely sees it. The platform declares its own here; each app's
 * tables are added where the features are listed (`src/features.ts`), which augments this
 * interface, so that one type covers every query while the platform imports no app.
 */
export interface Database {
  jobs: JobsTable;
  settings: SettingsTable;
}
