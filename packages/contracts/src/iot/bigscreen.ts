import { z } from 'zod';
import { deviceMap } from './devices.ts';
import { statusCounts } from './projects.ts';

/** Refresh intervals the large-screen monitor offers, in seconds. */
export const BIGSCREEN_REFRESH = [10, 30, 60, 300] as const;
/** A monitor title's longest length (spec section 5's 40 for names). */
export const BIGSCREEN_TITLE_MAX = 40;
/** Days of alarms the monitor charts, today included. */
export const BIGSCREEN_ALARM_DAYS = 7;
/** Projects, top devices and recent alarms the monitor shows. */
export const BIGSCREEN_PROJECTS = 12;
export const BIGSCREEN_TOP_DEVICES = 5;
export const BIGSCREEN_RECENT_ALARMS = 12;
/** Devices the monitor follows on the live socket for its alarm feed (decision 0121). */
export const BIGSCREEN_FOLLOWED = 500;
/** Located devices the monitor's map draws, newest first (decision 0154). */
export const BIGSCREEN_MAP = 500;

const count = z.number().int().nonnegative();

/** The monitor's own settings, kept per signed-in account (decision 0121). */
export const bigscreenSettings = z.object({
  /** Empty: the default title in the reader's language. */
  title: z.string().trim().max(BIGSCREEN_TITLE_MAX, 'bigscreen.title.tooLong'),
  /** The path of an uploaded jpg or png; null: the product's logo. */
  logo: z.string().max(500).nullable(),
  refreshSeconds: z.union([z.literal(10), z.literal(30), z.literal(60), z.literal(300)]),
});
export type BigscreenSettings = z.infer<typeof bigscreenSettings>;

/** Everything the monitor shows besides the device list, in the caller's scope. */
export const bigscreenView = z.object({
  settings: bigscreenSettings,
  devices: statusCounts,
  byProject: z.array(statusCounts.extend({ projectId: z.number().nullable(), name: z.string().nullable() })),
  alarms: z.object({
    today: count,
    active: count,
    devicesInAlarm: count,
    unprocessed: count,
    /** Oldest first, today last. */
    week: z.array(z.object({ date: z.string(), raised: count, restored: count })),
    /** The devices with the most alarms over the week, most first. */
    topDevices: z.array(z.object({ deviceId: z.number(), name: z.string(), count })),
  }),
  /** The newest alarms, newest first. */
  recent: z.array(
    z.object({
      id: z.number(),
      deviceId: z.number(),
      deviceName: z.string(),
      content: z.string(),
      firedAt: z.number(),
      restored: z.boolean(),
    }),
  ),
  /** Devices to follow on the live socket, at most BIGSCREEN_FOLLOWED. */
  followed: z.array(z.number()),
  /** The located devices for the overview's map, at most BIGSCREEN_MAP, as the Devices Map gives them. */
  map: deviceMap,
});
export type BigscreenView = z.infer<typeof bigscreenView>;
