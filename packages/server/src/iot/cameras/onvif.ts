import {
  type MessageKey,
  type OnvifDiscovery,
  type OnvifProfiles,
  type OnvifProfilesInput,
  onvifDiscovery,
  onvifProfiles,
} from '@meridian/contracts';
import type { z } from 'zod';
import { AppError } from '../../platform/http/errors.ts';
import { accountScopeOf } from '../../portal/access/scope.ts';
import { audit } from '../../portal/audit/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { deviceFor } from '../devices/service.ts';
import type { DeviceRequest } from '../gateway/links.ts';
import type { ReachDevice } from '../gateway/service.ts';

/** What an edge gateway may answer in words: its failure codes (docs/protocols/mqtt.md, "Edge gateways"). */
const FAILURES: Record<string, MessageKey> = {
  unsupported: 'onvif.unsupported',
  notAuthorized: 'onvif.notAuthorized',
  unreachable: 'onvif.unreachable',
  noProfile: 'onvif.noProfile',
  badAnswer: 'onvif.badAnswer',
};

/** The probe waits about 2 s on the gateway; it answers within the command timeout. */
async function askGateway<T>(
  actor: Actor,
  reach: ReachDevice,
  deviceId: number,
  request: DeviceRequest,
  shape: z.ZodType<T>,
): Promise<T> {
  const scope = await accountScopeOf(actor.db, actor.auth);
  await deviceFor(actor, scope, deviceId, 'edit');
  const link = await reach(deviceId);
  if (!link) throw new AppError(409, 'gateway.offline');
  if (!link.ask) throw new AppError(400, 'onvif.notEdge');
  let result: unknown;
  try {
    result = await link.ask(request);
  } catch (error) {
    const reason = error instanceof AppError && error.key === 'mqtt.command.failed' ? String(error.params.reason) : '';
    const key = FAILURES[reason];
    // The user's choice or credentials are wrong: 400; the camera could not be asked: 502.
    if (key) throw new AppError(key === 'onvif.unsupported' || key === 'onvif.notAuthorized' ? 400 : 502, key);
    throw error;
  }
  const parsed = shape.safeParse(result);
  if (!parsed.success) throw new AppError(502, 'onvif.gatewayBadAnswer');
  return parsed.data;
}

/** The ONVIF cameras on the gateway's LAN, as its WS-Discovery probe found them. */
export async function discoverCameras(actor: Actor, reach: ReachDevice, deviceId: number): Promise<OnvifDiscovery> {
  const found = await askGateway(actor, reach, deviceId, { discover: 'onvif' }, onvifDiscovery);
  await audit(actor.db, actor.request, {
    action: 'camera.onvif.discover',
    targetType: 'device',
    targetId: deviceId,
    detail: { found: found.cameras.length },
  });
  return found;
}

/**
 * One camera's profiles and RTSP addresses, asked by the gateway with the camera's credentials.
 * The credentials go to the gateway over its own connection and are not kept: the page puts them
 * into the stream address the user saves, which is stored and shown masked as any other.
 */
export async function cameraProfilesVia(
  actor: Actor,
  reach: ReachDevice,
  input: Required<OnvifProfilesInput>,
): Promise<OnvifProfiles> {
  const { deviceId, xaddr, username, password } = input;
  const answer = await askGateway(actor, reach, deviceId, { onvif: { xaddr, username, password } }, onvifProfiles);
  await audit(actor.db, actor.request, {
    action: 'camera.onvif.profiles',
    targetType: 'device',
    targetId: deviceId,
    detail: { xaddr, username, profiles: answer.profiles.length },
  });
  return answer;
}
