import { z } from 'zod';
import { bodyId, queryId } from '../portal/orgs.ts';
import { CAMPUS_EVENT_TYPES } from './campus.ts';

/**
 * Video playback of campus cameras (the `hk` page, issue 22, decision 0133): start a playback of a
 * camera, by itself or around a behaviour alert, and stop it. Plain stream addresses carry no
 * recordings, so a playback is always the camera's live picture; an alert's snapshot and time stand
 * beside it.
 */
export const CAMPUS_PLAYBACK_MODES = ['live'] as const;

/** Either a camera, or an alert whose camera is played. */
export const campusPlaybackStart = z
  .strictObject({ deviceId: bodyId.optional(), alertId: bodyId.optional() })
  .refine((b) => (b.deviceId === undefined) !== (b.alertId === undefined), 'v.campusPlayback.target');
export type CampusPlaybackStart = z.infer<typeof campusPlaybackStart>;

export const campusPlaybackStop = z.strictObject({
  deviceId: bodyId,
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

/** A camera that can be played: it has a stream address. */
export const campusPlayableCamera = z.object({
  id: z.number(),
  schoolId: z.number(),
  schoolName: z.string(),
  name: z.string(),
  location: z.string(),
});
export type CampusPlayableCamera = z.infer<typeof campusPlayableCamera>;

export const campusPlayableQuery = z.object({ schoolId: queryId.optional() });
