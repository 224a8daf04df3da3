import { type IotTables, iot } from './iot/feature.ts';
import { type MindTables, mind } from './mind/feature.ts';
import type { AppName } from './platform/config.ts';
import type { MeridianMigration } from './platform/db/migrate.ts';
import { collectMigrations } from './platform/db/migrate.ts';
import type { Feature } from './platform/feature.ts';
import { finishedJobsCleanup } from './platform/jobs/cleanup.ts';
import { platformMigrations } from './platform/migrations/index.ts';
import { type PortalTables, portal } from './portal/feature.ts';

declare module './platform/db/schema.ts' {
  /** The platform's tables and every feature's: the type of every query. */
  interface Database extends PortalTables, IotTables, MindTables {}
}

const platform: Feature = { name: 'platform', migrations: platformMigrations, cleanups: [finishedJobsCleanup] };

const byApp: Record<AppName, Feature> = { iot, mind };

/** Every feature of the product; a deployment mounts the shared ones and those of its apps. */
export function featuresFor(apps: readonly AppName[]): Feature[] {
  return [platform, portal, ...apps.map((app) => byApp[app])];
}

/**
 * Every feature's migrations, whichever apps this deployment offers: the schema is whole on every
 * database, so that offering an app later needs no migration out of order.
 */
export const allMigrations: Record<string, MeridianMigration> = collectMigrations([
  platform,
  portal,
  ...Object.values(byApp),
]);
