import { z } from 'zod';
import { bodyId, queryId } from '../portal/orgs.ts';
import { CAMPUS_EVENT_TYPES } from './campus.ts';

/**
 * Video playback of campus cameras (the `hk` page, issue 22, decisions 0133 and 0147): start a
 * playback of a camera, by itself or around a behaviour alert, and stop it. `live` plays what the
 * camera sees now; `recorded` plays the camera's recorder (a Hikvision NVR) around the event or a
 * chosen instant, from `RECORDED_BEFORE_MS` before it to `RECORDED_AFTER_MS` after.
 */
export const CAMPUS_PLAYBACK_MODES = ['live', 'recorded'] as const;
export type CampusPlaybackMode = (typeof CAMPUS_PLAYBACK_MODES)[number];
export const RECORDED_BEFORE_MS = 30_000;
export const RECORDED_AFTER_MS = 60_000;

/**
 * Either a camera, or an alert whose camera is played; `recorded` plays around the alert's time, or
 * around `at` (epoch milliseconds) for a camera chosen by itself.
 */
export const campusPlaybackStart = z
  .strictObject({
    deviceId: bodyId.optional(),
    alertId: bodyId.optional(),
    mode: z.enum(CAMPUS_PLAYBACK_MODES, { error: 'v.campusPlayback.mode' }).default('live'),
    at: z
      .number({ error: 'v.campusPlayback.at' })
      .int('v.campusPlayback.at')
      .positive('v.campusPlayback.at')
      .optional(),
  })
  .refine((b) => (b.deviceId === undefined) !== (b.alertId === undefined), 'v.campusPlayback.target')
  .refine(
    (b) => (b.mode === 'recorded' ? b.alertId !== undefined || b.at !== undefined : b.at === undefined),
    'v.campusPlayback.at',
  );
export type CampusPlaybackStart = z.infer<typeof campusPlaybackStart>;

export const campusPlaybackStop = z.strictObject({
  deviceId: bodyId,
  /** A recorded playback's `range.from`, naming the recording it stops; absent for the live picture. */
  from: z
    .number({ error: 'v.campusPlayback.at' })
    .int('v.campusPlayback.at')
    .positive('v.campusPlayback.at')
    .optional(),
  playbackId: z.string().trim().min(1, 'v.campusPlayback.id').max(64, 'v.campusPlayback.id'),
});
export type CampusPlaybackStop = z.infer<typeof campusPlaybackStop>;

/** The alert a playback was opened from: what the page shows beside the video. */
export const campusPlaybackAlert = z.object({
  id: z.number(),
  type: z.enum(CAMPUS_EVENT_TYPES),
  occurredAt: z.number(),
  snapshot: z.string().nullable(),
});

export const campusPlayback = z.object({
  playbackId: z.string(),
  deviceId: z.number(),
  deviceName: z.string(),
  location: z.string(),
  schoolName: z.string(),
  mode: z.enum(CAMPUS_PLAYBACK_MODES),
  /** The recorded time range played (epoch milliseconds); null for the live picture. */
  range: z.object({ from: z.number(), to: z.number() }).nullable(),
  /** The HLS playlist the browser plays. */
  playlist: z.string(),
  startedAt: z.number(),
  alert: campusPlaybackAlert.nullable(),
});
export type CampusPlayback = z.infer<typeof campusPlayback>;

export const campusPlaybackStopped = z.object({
  /** Whether the camera's restream ended: false while someone else still watches it. */
  streamStopped: z.boolean(),
});

/** A camera that can be played: it has a stream address (`live`), a recorder (`recorded`), or both. */
export const campusPlayableCamera = z.object({
  id: z.number(),
  schoolId: z.number(),
  schoolName: z.string(),
  name: z.string(),
  location: z.string(),
  live: z.boolean(),
  recorded: z.boolean(),
});
export type CampusPlayableCamera = z.infer<typeof campusPlayableCamera>;

export const campusPlayableQuery = z.object({ schoolId: queryId.optional() });
