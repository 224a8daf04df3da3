import { randomUUID } from 'node:crypto';
import {
  type CampusEventType,
  type CampusPlayableCamera,
  type CampusPlayback,
  type CampusPlaybackMode,
  type CampusPlaybackStart,
  type CampusPlaybackStop,
  RECORDED_AFTER_MS,
  RECORDED_BEFORE_MS,
  streamKindOf,
} from '@meridian/contracts';
import { AppError } from '../../platform/http/errors.ts';
import { SECOND } from '../../platform/time.ts';
import { restreamerOf, type StreamKey } from '../../platform/video/restream.ts';
import { audit } from '../../portal/audit/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { schoolScope } from './devices.ts';
import { findAlertInScope, findDeviceInScope, playableCameras, type SchoolScope } from './repository.ts';

/** The restreamer of campus cameras: their ids are their own, apart from Device Cloud's (decision 0133). */
export const CAMPUS_VIDEO = 'mind.campus';

export async function listPlayable(actor: Actor, schoolId: number | undefined): Promise<CampusPlayableCamera[]> {
  const scope = await schoolScope(actor);
  const rows = await playableCameras(actor.db, scope, schoolId);
  return rows.map((r) => ({
    id: Number(r.id),
    schoolId: Number(r.school_id),
    schoolName: r.school_name,
    name: r.name,
    location: r.location,
    live: r.stream_url !== null,
    recorded: r.recorder_url !== null,
  }));
}

/** `YYYYMMDDThhmmssZ`, the time form of a Hikvision recorder's playback address (decision 0147). */
export function hikTime(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

/** The recorder's playback address of a time range: its `Streaming/tracks/…` address with `starttime` and `endtime`. */
export function recordingAddress(recorder: string, from: number, to: number): string {
  return `${recorder}?starttime=${hikTime(from)}&endtime=${hikTime(to)}`;
}

/** The window played around an instant: 30 s before to 60 s after, on whole seconds (decision 0147). */
export function recordedRange(at: number): { from: number; to: number } {
  const from = Math.floor((at - RECORDED_BEFORE_MS) / SECOND) * SECOND;
  return { from, to: from + RECORDED_BEFORE_MS + RECORDED_AFTER_MS };
}

/** The restream of one camera's recorded window, shared by everyone playing the same window. */
function recordingKey(deviceId: number, from: number): StreamKey {
  return `${deviceId}-${from / SECOND}`;
}

/** An instant as the Beijing wall clock, `YYYY-MM-DD HH:mm:ss`, for a sentence. */
function beijingClock(ms: number): string {
  return new Date(ms + 8 * 3600 * SECOND).toISOString().slice(0, 19).replace('T', ' ');
}

/** The recorder's refusals of a time range it holds nothing of (RTSP 404 Not Found, 454, 457 Invalid Range). */
const NOT_RECORDED = /\b(404|454|457)\b/;

/** A camera of a school in scope, or the sentence saying it is not one the caller may play. */
async function cameraFor(actor: Actor, scope: SchoolScope, id: number) {
  const device = await findDeviceInScope(actor.db, scope, id);
  if (!device) throw new AppError(404, 'campusPlayback.cameraNotYours');
  return device;
}

/**
 * Starts a playback of a camera, or of the camera of an alert (decision 0133): the camera's live
 * picture restreamed to HLS, shared with whoever watches it already. Answers once the first video
 * is there, or with why not (no address, a terminal, ffmpeg's reason). Every start is audited,
 * refused ones too.
 */
export async function startPlayback(actor: Actor, body: CampusPlaybackStart): Promise<CampusPlayback> {
  const mode: CampusPlaybackMode = body.mode ?? 'live';
  const scope = await schoolScope(actor);
  let alert: CampusPlayback['alert'] = null;
  let deviceId = body.deviceId;
  if (body.alertId !== undefined) {
    const row = await findAlertInScope(actor.db, scope, body.alertId);
    if (!row) throw new AppError(404, 'campus.alertNotFound');
    alert = {
      id: Number(row.id),
      type: row.type as CampusEventType,
      occurredAt: Number(row.occurred_at),
      snapshot: row.snapshot,
    };
    deviceId = Number(row.device_id);
  }
  const device = await cameraFor(actor, scope, Number(deviceId));
  const id = Number(device.id);
  const playbackId = randomUUID();
  const range = mode === 'recorded' ? recordedRange(alert?.occurredAt ?? Number(body.at)) : null;
  const trail = { action: 'campusPlayback.start', targetType: 'campus_device', targetId: id };
  const detail = { playbackId, camera: device.name, alertId: alert?.id ?? null, mode, ...range };
  try {
    if (device.kind !== 'camera')
      throw new AppError(400, 'campusPlayback.notCamera', { params: { name: device.name } });
    const restreamer = restreamerOf(actor.db, CAMPUS_VIDEO);
    if (range) {
      if (!device.recorder_url) throw new AppError(400, 'campusPlayback.noRecorder', { params: { name: device.name } });
      const source = recordingAddress(device.recorder_url, range.from, range.to);
      await restreamer
        .open(recordingKey(id, range.from), source, 'rtsp', playbackId, { recording: true })
        .catch((error: unknown) => {
          // The recorder refused the range: said as such, not as ffmpeg's line.
          const reason = error instanceof AppError ? String(error.params.reason ?? '') : '';
          if (!(error instanceof AppError && error.key === 'camera.streamFailed' && NOT_RECORDED.test(reason)))
            throw error;
          const params = { name: device.name, from: beijingClock(range.from), to: beijingClock(range.to) };
          throw new AppError(404, 'campusPlayback.notRecorded', { params });
        });
    } else {
      const address = device.stream_url ?? '';
      const kind = streamKindOf(address);
      if (!address || !kind) throw new AppError(400, 'campusPlayback.noStream', { params: { name: device.name } });
      await restreamer.open(id, address, kind, playbackId);
    }
  } catch (error) {
    const reason = error instanceof AppError ? error.key : 'unknown';
    await audit(actor.db, actor.request, { ...trail, result: 'fail', detail: { ...detail, reason } });
    throw error;
  }
  await audit(actor.db, actor.request, { ...trail, detail });
  return {
    playbackId,
    deviceId: Number(device.id),
    deviceName: device.name,
    location: device.location,
    schoolName: device.school_name,
    mode,
    range,
    playlist: range
      ? `/api/apis-psychology/video/recording/${id}/${range.from}/index.m3u8`
      : `/api/apis-psychology/video/playback/${id}/index.m3u8`,
    startedAt: Date.now(),
    alert,
  };
}

/** Ends one playback; the camera's restream stops with the last one (or when nobody asks for video). */
export async function stopPlayback(actor: Actor, body: CampusPlaybackStop): Promise<{ streamStopped: boolean }> {
  const scope = await schoolScope(actor);
  const device = await cameraFor(actor, scope, body.deviceId);
  const key = body.from === undefined ? Number(device.id) : recordingKey(Number(device.id), body.from);
  const streamStopped = await restreamerOf(actor.db, CAMPUS_VIDEO).leave(key, body.playbackId);
  await audit(actor.db, actor.request, {
    action: 'campusPlayback.stop',
    targetType: 'campus_device',
    targetId: Number(device.id),
    detail: { playbackId: body.playbackId, camera: device.name, from: body.from ?? null, streamStopped },
  });
  return { streamStopped };
}

/**
 * A playlist or segment of a camera being played, live or (with `from`, the recorded range's start)
 * from its recorder, for a caller who may play it.
 */
export async function playbackFile(actor: Actor, deviceId: number, name: string, from?: number): Promise<Buffer> {
  const scope = await schoolScope(actor);
  await cameraFor(actor, scope, deviceId);
  const key = from === undefined ? deviceId : recordingKey(deviceId, from);
  return restreamerOf(actor.db, CAMPUS_VIDEO).file(key, name);
}
