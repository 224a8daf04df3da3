import { z } from 'zod';
import { CAMERA_URL_MAX, streamKindOf } from '../iot/cameras.ts';
import { pageQuery } from '../paging.ts';
import { bodyId, queryId } from '../portal/orgs.ts';

/**
 * Campus equipment and behaviour alerts (issue 22, decision 0085): limits and shapes written once
 * for the server, the web and the simulator of a campus AI box.
 */
export const CAMPUS_LIMITS = {
  nameMax: 50,
  locationMax: 100,
  /** A device counts as online while its last heartbeat or event is this recent. */
  onlineMs: 5 * 60_000,
  /** How far a signed request's timestamp may stray from the server's clock. */
  clockSkewMs: 5 * 60_000,
  snapshotMaxBytes: 512 * 1024,
  eventIdMax: 64,
  nonceMax: 64,
  resultMax: 500,
  /** How many identified students one event may name. */
  studentsMax: 20,
  studentNoMax: 32,
} as const;
const L = CAMPUS_LIMITS;

/** A stream address the server's ffmpeg restreams: not WebRTC, which it cannot read (decision 0112). */
export function isPlayableAddress(address: string): boolean {
  const kind = streamKindOf(address);
  return kind !== null && kind !== 'webrtc';
}

/** A recorder's playback address: RTSP without a query of its own (playback adds the time range). */
export function isRecorderAddress(address: string): boolean {
  return /^rtsps?:\/\/[^\s?#]+$/i.test(address);
}

export const CAMPUS_DEVICE_KINDS = ['camera', 'terminal'] as const;
/** The function types an AI box reports (spec: func type). */
export const CAMPUS_EVENT_TYPES = ['fight', 'fall', 'climbing', 'crowding', 'loitering', 'intrusion'] as const;
export type CampusEventType = (typeof CAMPUS_EVENT_TYPES)[number];
export const CAMPUS_ALERT_STATES = ['new', 'acknowledged', 'handedOver', 'solved', 'falseAlarm'] as const;
export type CampusAlertState = (typeof CAMPUS_ALERT_STATES)[number];
export const CAMPUS_ALERT_ACTIONS = ['report', 'acknowledge', 'handOver', 'solve', 'falseAlarm'] as const;

/** The headers of a signed device request (docs/protocols/campus-events.md). */
export const CAMPUS_SIGNATURE_HEADERS = {
  key: 'x-device-key',
  timestamp: 'x-timestamp',
  nonce: 'x-nonce',
  signature: 'x-signature',
} as const;

export const campusDeviceCreate = z.strictObject({
  schoolId: bodyId,
  kind: z.enum(CAMPUS_DEVICE_KINDS),
  name: z.string().trim().min(1, 'v.campusDevice.name').max(L.nameMax, 'v.campusDevice.name'),
  location: z.string().trim().min(1, 'v.campusDevice.location').max(L.locationMax, 'v.campusDevice.location'),
  /**
   * A camera's stream address for playback (decision 0133): RTSP, HLS (`.m3u8`) or HTTP-FLV (`.flv`);
   * empty for none. An edit may send back the masked address it read to keep the stored one.
   */
  streamUrl: z
    .string()
    .trim()
    .max(CAMERA_URL_MAX, 'v.campusDevice.streamUrl')
    .refine((u) => u === '' || isPlayableAddress(u), 'v.campusDevice.streamUrl')
    .default(''),
  /**
   * A camera's recorder (decision 0147): the Hikvision NVR's RTSP playback address of its channel,
   * `rtsp://…/Streaming/tracks/101`, to which playback adds `starttime` and `endtime`; empty for none.
   */
  recorderUrl: z
    .string()
    .trim()
    .max(CAMERA_URL_MAX, 'v.campusDevice.recorderUrl')
    .refine((u) => u === '' || isRecorderAddress(u), 'v.campusDevice.recorderUrl')
    .default(''),
});
export type CampusDeviceCreate = z.infer<typeof campusDeviceCreate>;

/** What an edit changes: the kind, name and place; the school, key and secret stay. */
export const campusDeviceEdit = campusDeviceCreate.omit({ schoolId: true });
export type CampusDeviceEdit = z.infer<typeof campusDeviceEdit>;

export const campusDevice = z.object({
  id: z.number(),
  schoolId: z.number(),
  schoolName: z.string(),
  kind: z.enum(CAMPUS_DEVICE_KINDS),
  name: z.string(),
  location: z.string(),
  deviceKey: z.string(),
  /** The stream address with its password masked, or null when the device has none. */
  streamUrl: z.string().nullable(),
  /** The recorder's playback address with its password masked, or null when the camera has none. */
  recorderUrl: z.string().nullable(),
  online: z.boolean(),
  lastSeenAt: z.number().nullable(),
  createdAt: z.number(),
});
export type CampusDevice = z.infer<typeof campusDevice>;

/** A new device with its secret, shown this once. */
export const campusDeviceCreated = campusDevice.extend({ secret: z.string() });
export type CampusDeviceCreated = z.infer<typeof campusDeviceCreated>;

export const campusDeviceQuery = pageQuery.extend({ schoolId: queryId.optional() });
export type CampusDeviceQuery = z.infer<typeof campusDeviceQuery>;

/**
 * The event types that open a warning for each student an event names, unless the school chose
 * its own set (decision 0136).
 */
export const CAMPUS_WARNING_TYPES_DEFAULT: readonly CampusEventType[] = ['fight', 'climbing'];

/**
 * A student an event names (decision 0136): by roster student number, or by the roster id the
 * school whitelisted the face under (the id a sighting sends).
 */
export const campusEventStudent = z.union([
  z.strictObject({ studentNo: z.string().trim().min(1).max(L.studentNoMax) }),
  z.strictObject({ studentId: z.number().int().positive() }),
]);
export type CampusEventStudent = z.infer<typeof campusEventStudent>;

/** What a device sends: one event, with its own id so that a retry is stored once. */
export const campusEventIn = z.strictObject({
  /** The school the box is installed at, when it says: an event naming another school than the key's is refused. */
  schoolId: bodyId.optional(),
  eventId: z.string().trim().min(1).max(L.eventIdMax),
  type: z.enum(CAMPUS_EVENT_TYPES),
  occurredAt: z.number().int().positive(),
  /** The snapshot, base64: a jpg or png by its content, at most `snapshotMaxBytes` once decoded. */
  snapshot: z
    .string()
    .max(Math.ceil((L.snapshotMaxBytes * 4) / 3) + 4, 'campus.snapshotTooLarge')
    .optional(),
  /** The students the box identified, if any: each may open a warning (decision 0136). */
  students: z.array(campusEventStudent).max(L.studentsMax).optional(),
});
export type CampusEventIn = z.infer<typeof campusEventIn>;

export const campusEventAccepted = z.object({ alertId: z.number(), duplicate: z.boolean() });
export const campusHeartbeatAccepted = z.object({ at: z.number() });

export const campusAlertQuery = pageQuery.extend({
  schoolId: queryId.optional(),
  type: z.enum(CAMPUS_EVENT_TYPES).optional(),
  state: z.enum(CAMPUS_ALERT_STATES).optional(),
  from: z.coerce.number().int().optional(),
  to: z.coerce.number().int().optional(),
});
export type CampusAlertQuery = z.infer<typeof campusAlertQuery>;

export const campusAlert = z.object({
  id: z.number(),
  schoolId: z.number(),
  schoolName: z.string(),
  location: z.string(),
  deviceName: z.string(),
  type: z.enum(CAMPUS_EVENT_TYPES),
  state: z.enum(CAMPUS_ALERT_STATES),
  occurredAt: z.number(),
  /** The snapshot's path for the file service, or null when the device sent none. */
  snapshot: z.string().nullable(),
  holderId: z.number().nullable(),
  holderName: z.string().nullable(),
});
export type CampusAlert = z.infer<typeof campusAlert>;

export const campusAlertStep = z.object({
  action: z.enum(CAMPUS_ALERT_ACTIONS),
  byName: z.string().nullable(),
  toName: z.string().nullable(),
  result: z.string().nullable(),
  at: z.number(),
});
/**
 * A student an event named: the roster student with the warning it opened (null when the type
 * opens none), or, for a reference the school's roster or whitelist does not know, only what the
 * device sent.
 */
export const campusAlertStudent = z.object({
  reference: z.string(),
  studentId: z.number().nullable(),
  name: z.string().nullable(),
  warningId: z.number().nullable(),
});
export type CampusAlertStudent = z.infer<typeof campusAlertStudent>;
export const campusAlertDetail = campusAlert.extend({
  /** What the alert's camera offers to play: its live picture (a stream address), its recording (a recorder). */
  video: z.object({ live: z.boolean(), recorded: z.boolean() }),
  timeline: z.array(campusAlertStep),
  students: z.array(campusAlertStudent),
});
export type CampusAlertDetail = z.infer<typeof campusAlertDetail>;

/** Someone an alert may be handed over to: an active teacher of its school. */
export const campusHandler = z.object({ userId: z.number(), name: z.string(), teacherNo: z.string() });
export type CampusHandler = z.infer<typeof campusHandler>;

const result = z.string().trim().min(1, 'v.campusAlert.result').max(L.resultMax, 'v.campusAlert.result');
/** A handling step: acknowledge, hand over to a person, solve with a result, or mark a false alarm. */
export const campusAlertHandle = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('acknowledge') }),
  z.strictObject({ action: z.literal('handOver'), toUserId: bodyId, note: result.optional() }),
  z.strictObject({ action: z.literal('solve'), result }),
  z.strictObject({ action: z.literal('falseAlarm'), result: result.optional() }),
]);
export type CampusAlertHandle = z.infer<typeof campusAlertHandle>;

export const campusAlertStats = z.object({
  byType: z.array(z.object({ type: z.enum(CAMPUS_EVENT_TYPES), count: z.number() })),
  /** China-time days since 1970-01-01 with their count. */
  byDay: z.array(z.object({ day: z.string(), count: z.number() })),
});
export type CampusAlertStats = z.infer<typeof campusAlertStats>;

/**
 * The text a device signs (docs/protocols/campus-events.md): method, path (with its query), the
 * timestamp in milliseconds, the nonce and the body's SHA-256 in hex, one per line.
 */
export function campusSigningText(method: string, path: string, timestamp: string, nonce: string, bodySha256: string) {
  return [method.toUpperCase(), path, timestamp, nonce, bodySha256].join('\n');
}
