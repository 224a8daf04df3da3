import {
  type CameraAnswer,
  type CameraInput,
  type CameraLive,
  type CameraView,
  cameraInput,
  type PageQuery,
  type StreamKind,
  streamKindOf,
} from '@meridian/contracts';
import { AppError } from '../../platform/http/errors.ts';
import { addressToStore, maskedAddress } from '../../platform/video/address.ts';
import { restreamerOf } from '../../platform/video/restream.ts';
import { whepProxyOf } from '../../platform/video/whep.ts';
import { accountScopeOf, type Scope } from '../../portal/access/scope.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import * as repo from './repository.ts';

async function viewsOf(actor: Actor, scope: Scope, rows: repo.CameraRow[]): Promise<CameraView[]> {
  const devices = await repo.boundDevices(
    actor.db,
    scope,
    rows.map((r) => Number(r.id)),
  );
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    streamUrl: maskedAddress(row.stream_url),
    // Stored addresses passed the same check; 'rtsp' only covers one changed by hand.
    kind: streamKindOf(row.stream_url) ?? 'rtsp',
    projectId: row.project_id === null ? null : Number(row.project_id),
    projectName: row.project_name ?? null,
    devices: devices
      .filter((d) => Number(d.camera_id) === Number(row.id))
      .map((d) => ({ id: Number(d.id), name: d.name, sn: d.sn })),
    createdAt: Number(row.created_at),
  }));
}

export async function listCameras(actor: Actor, keyword: string | undefined, page: PageQuery) {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const result = await repo.listCameras(actor.db, scope, keyword, page);
  return { ...result, ...page, list: await viewsOf(actor, scope, result.list) };
}

async function cameraFor(actor: Actor, scope: Scope, id: number) {
  const row = await repo.findCamera(actor.db, scope, id);
  if (!row) throw new AppError(404, 'camera.notFound');
  return row;
}

export async function cameraDetail(actor: Actor, id: number): Promise<CameraView> {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const [view] = await viewsOf(actor, scope, [await cameraFor(actor, scope, id)]);
  if (!view) throw new AppError(404, 'camera.notFound');
  return view;
}

/** A project and devices the caller may use, or the field that names the one they may not. */
async function checkBindings(actor: Actor, scope: Scope, input: ReturnType<typeof cameraInput.parse>) {
  if (input.projectId !== null && !(await repo.projectInScope(actor.db, scope, input.projectId))) {
    throw new AppError(400, 'camera.projectUnknown', {
      rules: [{ field: 'projectId', key: 'camera.projectUnknown' }],
    });
  }
  const deviceIds = [...new Set(input.deviceIds)];
  const visible = new Set(await repo.visibleDeviceIds(actor.db, scope, deviceIds));
  if (deviceIds.some((id) => !visible.has(id))) {
    throw new AppError(400, 'camera.deviceUnknown', { rules: [{ field: 'deviceIds', key: 'camera.deviceUnknown' }] });
  }
  return deviceIds;
}

export async function addCamera(actor: Actor, body: CameraInput): Promise<CameraView> {
  const input = cameraInput.parse(body);
  const scope = await accountScopeOf(actor.db, actor.auth);
  const deviceIds = await checkBindings(actor, scope, input);
  const at = Date.now();
  const id = await actor.db.transaction().execute(async (trx) => {
    const cameraId = await repo.insertCamera(trx, {
      owner_id: actor.auth.userId,
      name: input.name,
      stream_url: input.streamUrl,
      project_id: input.projectId,
      created_by: actor.auth.userId,
      created_at: at,
      updated_at: at,
    });
    await repo.setCameraDevices(trx, cameraId, deviceIds);
    return cameraId;
  });
  return cameraDetail(actor, id);
}

export async function editCamera(actor: Actor, id: number, body: CameraInput): Promise<CameraView> {
  const input = cameraInput.parse(body);
  const scope = await accountScopeOf(actor.db, actor.auth);
  const stored = await cameraFor(actor, scope, id);
  const deviceIds = await checkBindings(actor, scope, input);
  await actor.db.transaction().execute(async (trx) => {
    await repo.updateCamera(trx, id, {
      name: input.name,
      stream_url: addressToStore(input.streamUrl, stored.stream_url),
      project_id: input.projectId,
      updated_at: Date.now(),
    });
    await repo.setCameraDevices(trx, id, deviceIds);
  });
  return cameraDetail(actor, id);
}

export async function removeCamera(actor: Actor, id: number): Promise<void> {
  const scope = await accountScopeOf(actor.db, actor.auth);
  await cameraFor(actor, scope, id);
  await repo.deleteCamera(actor.db, id);
}

/** Starts (or joins) the camera's restream and answers where the browser plays it. */
export async function watchCamera(actor: Actor, id: number): Promise<CameraLive> {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const row = await cameraFor(actor, scope, id);
  const kind: StreamKind | null = streamKindOf(row.stream_url);
  if (!kind) throw new AppError(400, 'v.camera.streamUrl');
  await restreamerOf(actor.db).open(id, row.stream_url, kind);
  return { playlist: `/api/iot/cameras/${id}/live/index.m3u8` };
}

/** A playlist or segment of the camera's restream, for a caller who may see the camera. */
export async function liveFile(actor: Actor, id: number, name: string): Promise<Buffer> {
  const scope = await accountScopeOf(actor.db, actor.auth);
  await cameraFor(actor, scope, id);
  return restreamerOf(actor.db).file(id, name);
}

/**
 * A WebRTC camera's view (decision 0159): the browser's offer goes to the camera's WHEP endpoint
 * from the server, which answers the camera's SDP answer; the address and its credentials stay here.
 */
export async function offerToCamera(actor: Actor, id: number, offer: string): Promise<CameraAnswer> {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const row = await cameraFor(actor, scope, id);
  if (streamKindOf(row.stream_url) !== 'webrtc') throw new AppError(400, 'camera.notWebrtc');
  if (/^webrtc:/i.test(row.stream_url)) throw new AppError(400, 'camera.webrtcScheme');
  return whepProxyOf(actor.db).offer(id, row.stream_url, offer);
}

/** The viewer closed a WebRTC camera's view: its session at the camera ends. */
export async function endCameraSession(actor: Actor, id: number, session: string): Promise<void> {
  const scope = await accountScopeOf(actor.db, actor.auth);
  await cameraFor(actor, scope, id);
  await whepProxyOf(actor.db).end(id, session);
}
