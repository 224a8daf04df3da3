import { iot } from './iot/feature.ts';
import { mind } from './mind/feature.ts';
import type { AppName } from './platform/config.ts';
import type { Feature } from './platform/feature.ts';
import { finishedJobsCleanup } from './platform/jobs/cleanup.ts';
import { portal } from './portal/feature.ts';

const platform: Feature = { name: 'platform', cleanups: [finishedJobsCleanup] };

/** Every feature of the product; a deployment mounts the shared ones and those of its apps. */
export function featuresFor(apps: readonly AppName[]): Feature[] {
  const byApp: Record<AppName, Feature[]> = { iot: [iot], mind: [mind] };
  return [platform, portal, ...apps.flatMap((app) => byApp[app])];
}
