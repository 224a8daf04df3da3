import { z } from 'zod';
import { homeAnnouncement } from './articles.ts';

/** Days of alarms the home page charts, today included. */
export const HOME_ALARM_DAYS = 7;
/** Devices the home page lists as recently offline. */
export const HOME_OFFLINE_DEVICES = 5;

const count = z.number().int().nonnegative();

/**
 * The home page's cards besides the device counts (`/iot/overview`): each section is present only
 * when the caller may open the page it links to, so that a role sees no figure it could not find.
 */
export const iotHomeSummary = z.object({
  alarms: z
    .object({
      today: count,
      /** Alarms not restored yet, and the devices they are on. */
      active: count,
      devicesInAlarm: count,
      unprocessed: count,
      /** Oldest first, today last: alarms raised each day, and how many of those are restored. */
      week: z.array(z.object({ date: z.string(), raised: count, restored: count })),
    })
    .nullable(),
  /** Devices offline now, the most recent first, with when they went offline. */
  offline: z
    .array(z.object({ id: z.number(), name: z.string(), sn: z.string(), at: z.number().nullable() }))
    .nullable(),
  workOrders: z
    .object({
      open: count,
      /** Open orders past the time their priority allows (decision 0071). */
      overdue: count,
      /** Open orders assigned to the caller. */
      mine: count,
      /** Open orders of maintenance plans whose maintenance date has passed. */
      maintenanceOverdue: count,
    })
    .nullable(),
  /** The announcements running now (decision 0088): every user sees them. */
  announcements: z.array(homeAnnouncement),
});
export type IotHomeSummary = z.infer<typeof iotHomeSummary>;
