import { deleteInBatches } from '../../platform/db/sql.ts';
import type { Cleanup } from '../../platform/jobs/cleanup.ts';
import { DAY } from '../../platform/time.ts';
import { deleteFinishedBefore } from './deliveries-repository.ts';

/** How long the Alarm Notification page can look back: half a year, like the alarm records people ask about. */
export const DELIVERIES_KEPT_DAYS = 180;

/** Finished deliveries older than DELIVERIES_KEPT_DAYS; queued and retrying ones stay whatever their age. */
export const deliveriesCleanup: Cleanup = {
  name: 'alarm notifications',
  run: (db, now) =>
    deleteInBatches((limit) => deleteFinishedBefore(db.kysely, now - DELIVERIES_KEPT_DAYS * DAY, limit)),
};
