import { deleteInBatches } from '../../platform/db/sql.ts';
import type { Cleanup } from '../../platform/jobs/cleanup.ts';

const DAY = 24 * 60 * 60_000;
/** How long the Alarm Notification page can look back: half a year, like the alarm records people ask about. */
export const DELIVERIES_KEPT_DAYS = 180;

/** Finished deliveries older than DELIVERIES_KEPT_DAYS; queued and retrying ones stay whatever their age. */
export const deliveriesCleanup: Cleanup = {
  name: 'alarm notifications',
  run: (db, now) =>
    deleteInBatches(async (limit) => {
      const ids = db.kysely
        .selectFrom('notify_deliveries')
        .select('id')
        .where('state', 'in', ['sent', 'failed'])
        .where('created_at', '<', now - DELIVERIES_KEPT_DAYS * DAY)
        .limit(limit);
      const result = await db.kysely.deleteFrom('notify_deliveries').where('id', 'in', ids).executeTakeFirst();
      return Number(result.numDeletedRows);
    }),
};
