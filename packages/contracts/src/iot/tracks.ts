import { z } from 'zod';
import { queryId } from '../portal/orgs.ts';

/** The longest range of one track: a month of positions. */
export const TRACK_RANGE_MAX_DAYS = 31;
/** Points drawn at most: a longer track is simplified (shape kept) for display, its figures from every point. */
export const TRACK_DRAWN_MAX = 2000;
/** A stop: the device stayed within this radius (metres) for at least this long (ms). */
export const TRACK_STOP_RADIUS_M = 50;
export const TRACK_STOP_MIN_MS = 5 * 60_000;

const DAY = 24 * 60 * 60_000;
const time = z.coerce.number().int().min(0);

/** Positioning Track: one device's location point over a range; the first location point when none is named. */
export const trackQuery = z
  .object({ deviceId: queryId, pointId: z.coerce.number().int().positive().optional(), from: time, to: time })
  .refine((r) => r.to > r.from, { message: 'telemetry.range.order', path: ['to'] })
  .refine((r) => r.to - r.from <= TRACK_RANGE_MAX_DAYS * DAY, { message: 'track.range.tooLong', path: ['to'] });
export type TrackQuery = z.infer<typeof trackQuery>;

const stop = z.object({ from: z.number(), to: z.number(), lat: z.number(), lng: z.number() });

export const trackView = z.object({
  /** The device's location points, to choose from; empty when its template has none. */
  locationPoints: z.array(z.object({ id: z.number(), name: z.string() })),
  pointId: z.number().nullable(),
  /** Positions stored in the range, and those drawn (`[time, latitude, longitude]`, oldest first). */
  total: z.number(),
  points: z.array(z.tuple([z.number(), z.number(), z.number()])),
  simplified: z.boolean(),
  /** Along every stored position, in metres; speeds in km/h between consecutive positions. */
  distanceM: z.number(),
  maxSpeedKmh: z.number(),
  movingSpeedKmh: z.number(),
  stops: z.array(stop),
});
export type TrackView = z.infer<typeof trackView>;
export type TrackStop = z.infer<typeof stop>;
