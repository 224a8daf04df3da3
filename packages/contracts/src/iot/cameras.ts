import { z } from 'zod';
import { pageQuery, textFilter } from '../paging.ts';

export const CAMERA_NAME_MAX = 40;
export const CAMERA_URL_MAX = 500;
/** Devices whose live values a view shows beside the video. */
export const CAMERA_DEVICES_MAX = 8;
/** Video Monitor grids (issue 25): 1, 4, 9 or 16 views. */
export const MONITOR_GRIDS = [1, 4, 9, 16] as const;

/**
 * How a camera's stream is reached (decision 0112): RTSP, HTTP(S) HLS (`.m3u8`), HTTP-FLV (`.flv`)
 * or a WebRTC address (`webrtc://`, or a WHEP endpoint `http(s)://…/whep`).
 */
export const STREAM_KINDS = ['rtsp', 'hls', 'flv', 'webrtc'] as const;
export type StreamKind = (typeof STREAM_KINDS)[number];

/** scheme://[user[:password]@]host[:port][/path][?query]; a host name or a bracketed IPv6 address. */
const STREAM_ADDRESS =
  /^([a-z][a-z0-9+.-]*):\/\/(?:[^@/\s]*@)?(\[[0-9a-f:.]+\]|[a-z0-9._~%-]+)(?::(\d{1,5}))?(\/[^\s?#]*)?(?:\?[^\s#]*)?$/i;

/** The kind of a stream address, or null when it is none of the four. */
export function streamKindOf(address: string): StreamKind | null {
  const parts = STREAM_ADDRESS.exec(address);
  if (!parts) return null;
  const scheme = (parts[1] ?? '').toLowerCase();
  const port = parts[3] === undefined ? 0 : Number(parts[3]);
  const path = (parts[4] ?? '').toLowerCase();
  if (port > 65535) return null;
  switch (scheme) {
    case 'rtsp':
    case 'rtsps':
      return 'rtsp';
    case 'webrtc':
      return path.length > 1 ? 'webrtc' : null;
    case 'http':
    case 'https':
      if (path.endsWith('.m3u8')) return 'hls';
      if (path.endsWith('.flv')) return 'flv';
      // MediaMTX `…/name/whep`, ZLMediaKit `…/index/api/whep?app=…`, SRS `…/rtc/v1/whep/?app=…` (decision 0159).
      if (path.endsWith('/whep') || path.endsWith('/whep/')) return 'webrtc';
      return null;
    default:
      return null;
  }
}

export const cameraInput = z.strictObject({
  name: z.string({ error: 'v.camera.name' }).trim().min(1, 'v.camera.name').max(CAMERA_NAME_MAX, 'v.camera.name'),
  streamUrl: z
    .string({ error: 'v.camera.streamUrl' })
    .trim()
    .min(1, 'v.camera.streamUrl')
    .max(CAMERA_URL_MAX, 'v.camera.streamUrl')
    .refine((u) => streamKindOf(u) !== null, 'v.camera.streamUrl'),
  projectId: z.number({ error: 'v.camera.project' }).int().positive().nullable().default(null),
  deviceIds: z
    .array(z.number().int().positive(), { error: 'v.camera.devices' })
    .max(CAMERA_DEVICES_MAX, 'v.camera.devices')
    .default([]),
});
export type CameraInput = z.input<typeof cameraInput>;

export const cameraQuery = pageQuery.extend({ keyword: textFilter(50) });

export const cameraView = z.object({
  id: z.number(),
  name: z.string(),
  streamUrl: z.string(),
  kind: z.enum(STREAM_KINDS),
  projectId: z.number().nullable(),
  projectName: z.string().nullable(),
  devices: z.array(z.object({ id: z.number(), name: z.string(), sn: z.string().nullable() })),
  createdAt: z.number(),
});
export type CameraView = z.infer<typeof cameraView>;

/** The largest SDP offer the server forwards to a WebRTC camera (a browser's is a few kilobytes). */
export const SDP_OFFER_MAX = 32 * 1024;

/** A browser's SDP offer for a WebRTC camera, forwarded to its WHEP endpoint by the server (decision 0159). */
export const cameraOffer = z.strictObject({
  offer: z.string({ error: 'v.camera.offer' }).min(1, 'v.camera.offer').max(SDP_OFFER_MAX, 'v.camera.offer'),
});
export type CameraOffer = z.infer<typeof cameraOffer>;

/** The camera's SDP answer, and the session to end when the view closes (null when the camera names none). */
export const cameraAnswer = z.object({ answer: z.string(), session: z.string().nullable() });
export type CameraAnswer = z.infer<typeof cameraAnswer>;

/** Where the browser plays a camera: the restreamed HLS playlist behind the API. */
export const cameraLive = z.object({ playlist: z.string() });
export type CameraLive = z.infer<typeof cameraLive>;
