import { randomUUID } from 'node:crypto';
import {
  type CampusEventType,
  type CampusPlayableCamera,
  type CampusPlayback,
  type CampusPlaybackStart,
  type CampusPlaybackStop,
  streamKindOf,
} from '@meridian/contracts';
import { AppError } from '../../platform/http/errors.ts';
import { restreamerOf } from '../../platform/video/restream.ts';
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
  }));
}

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
  const playbackId = randomUUID();
  const trail = { action: 'campusPlayback.start', targetType: 'campus_device', targetId: Number(device.id) };
  const detail = { playbackId, camera: device.name, alertId: alert?.id ?? null, mode: 'live' };
  try {
    if (device.kind !== 'camera')
      throw new AppError(400, 'campusPlayback.notCamera', { params: { name: device.name } });
    const address = device.stream_url ?? '';
    const kind = streamKindOf(address);
    if (!address || !kind) throw new AppError(400, 'campusPlayback.noStream', { params: { name: device.name } });
    await restreamerOf(actor.db, CAMPUS_VIDEO).open(Number(device.id), address, kind, playbackId);
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
    mode: 'live',
    playlist: `/api/apis-psychology/video/playback/${device.id}/index.m3u8`,
    startedAt: Date.now(),
    alert,
  };
}

/** Ends one playback; the camera's restream stops with the last one (or when nobody asks for video). */
export async function stopPlayback(actor: Actor, body: CampusPlaybackStop): Promise<{ streamStopped: boolean }> {
  const scope = await schoolScope(actor);
  const device = await cameraFor(actor, scope, body.deviceId);
  const streamStopped = await restreamerOf(actor.db, CAMPUS_VIDEO).leave(Number(device.id), body.playbackId);
  await audit(actor.db, actor.request, {
    action: 'campusPlayback.stop',
    targetType: 'campus_device',
    targetId: Number(device.id),
    detail: { playbackId: body.playbackId, camera: device.name, streamStopped },
  });
  return { streamStopped };
}

/** A playlist or segment of a camera being played, for a caller who may play it. */
export async function playbackFile(actor: Actor, deviceId: number, name: string): Promise<Buffer> {
  const scope = await schoolScope(actor);
  await cameraFor(actor, scope, deviceId);
  return restreamerOf(actor.db, CAMPUS_VIDEO).file(deviceId, name);
}
