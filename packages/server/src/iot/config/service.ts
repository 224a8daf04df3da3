import {
  type ConfigKind,
  type ConfigProfileInput,
  type ConfigProfileView,
  type ConfigState,
  type DeviceConfigView,
  DTU_PROTOCOLS,
  dtuParams,
  mqttParams,
  type PageQuery,
  translate,
} from '@meridian/contracts';
import type { Db } from '../../platform/db/database.ts';
import { AppError, rulesBroken } from '../../platform/http/errors.ts';
import { accountScopeOf } from '../../portal/access/scope.ts';
import { audit } from '../../portal/audit/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { packetTaken } from '../gateway/repository.ts';
import {
  deleteProfile,
  editableDevices,
  findProfile,
  insertProfile,
  listDeviceConfigs,
  listProfiles,
  type ProfileRow,
  profileNameTaken,
  queueConfigs,
  updateProfile,
} from './repository.ts';
import { configRunnerOf } from './runner.ts';

/** The kind of configuration a device takes, by how it connects; null: none (HTTP devices only post). */
function kindOfProtocol(protocol: string): ConfigKind | null {
  if ((DTU_PROTOCOLS as readonly string[]).includes(protocol)) return 'dtu';
  if (protocol === 'mqttJson') return 'mqtt';
  return null;
}

function viewOf(row: ProfileRow): ConfigProfileView {
  const params: unknown = JSON.parse(row.params);
  return {
    id: Number(row.id),
    name: row.name,
    kind: row.kind,
    dtu: row.kind === 'dtu' ? dtuParams.parse(params) : null,
    mqtt: row.kind === 'mqtt' ? mqttParams.parse(params) : null,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

const paramsOf = (input: ConfigProfileInput) => JSON.stringify(input.kind === 'dtu' ? input.dtu : input.mqtt);

export async function profiles(
  actor: Actor,
  filter: { name?: string | undefined; kind?: ConfigKind | undefined },
  page: PageQuery,
) {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const result = await listProfiles(actor.db, scope, filter, page);
  return { ...result, list: result.list.map(viewOf) };
}

async function profileFor(actor: Actor, id: number): Promise<ProfileRow> {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const row = await findProfile(actor.db, scope, id);
  if (!row) throw new AppError(404, 'config.profile.notFound');
  return row;
}

export async function profile(actor: Actor, id: number): Promise<ConfigProfileView> {
  return viewOf(await profileFor(actor, id));
}

export async function createProfile(actor: Actor, input: ConfigProfileInput): Promise<ConfigProfileView> {
  const ownerId = actor.auth.userId;
  if (await profileNameTaken(actor.db, ownerId, input.name))
    throw rulesBroken([{ field: 'name', key: 'config.name.taken' }]);
  const id = await insertProfile(actor.db, {
    owner_id: ownerId,
    name: input.name,
    kind: input.kind,
    params: paramsOf(input),
    at: Date.now(),
  });
  await audit(actor.db, actor.request, { action: 'createConfigProfile', targetType: 'configProfile', targetId: id });
  return profile(actor, id);
}

export async function editProfile(actor: Actor, id: number, input: ConfigProfileInput): Promise<ConfigProfileView> {
  const row = await profileFor(actor, id);
  if (await profileNameTaken(actor.db, Number(row.owner_id), input.name, id))
    throw rulesBroken([{ field: 'name', key: 'config.name.taken' }]);
  await updateProfile(actor.db, id, { name: input.name, kind: input.kind, params: paramsOf(input), at: Date.now() });
  await audit(actor.db, actor.request, { action: 'editConfigProfile', targetType: 'configProfile', targetId: id });
  return profile(actor, id);
}

/** Devices configured with it keep what they were sent: their rows hold a copy. */
export async function removeProfile(actor: Actor, id: number): Promise<void> {
  await profileFor(actor, id);
  await deleteProfile(actor.db, id);
  await audit(actor.db, actor.request, { action: 'deleteConfigProfile', targetType: 'configProfile', targetId: id });
}

/**
 * Applies a profile to devices the caller may edit: every one is checked first (all or none is
 * queued), then each goes to "to be configured"; the gateway process holding a device's link sends it.
 */
export async function applyProfile(actor: Actor, id: number, deviceIds: readonly number[], db: Db) {
  const row = await profileFor(actor, id);
  const scope = await accountScopeOf(actor.db, actor.auth);
  const unique = [...new Set(deviceIds)];
  const devices = await editableDevices(actor.db, scope, unique);
  if (devices.length !== unique.length) throw new AppError(404, 'device.notFound');
  const wrong = devices.find((d) => kindOfProtocol(d.protocol) !== row.kind);
  if (wrong) throw new AppError(400, 'config.apply.wrongKind', { params: { sn: wrong.sn } });
  if (row.kind === 'dtu') {
    const packet = dtuParams.parse(JSON.parse(row.params)).registrationPacket;
    if (packet && unique.length > 1) throw new AppError(400, 'config.apply.packetForOne');
    if (packet && (await packetTaken(actor.db, packet, unique[0] ?? 0)))
      throw new AppError(409, 'config.apply.packetTaken');
  }
  await queueConfigs(
    actor.db,
    unique,
    { id: Number(row.id), name: row.name, kind: row.kind, params: row.params },
    Date.now(),
  );
  await audit(actor.db, actor.request, {
    action: 'applyConfigProfile',
    targetType: 'configProfile',
    targetId: Number(row.id),
    detail: { deviceIds: unique },
  });
  // Sent at once when this process holds the links; another gateway process finds them at its next check.
  configRunnerOf(db)?.kick();
  return { queued: unique.length };
}

export async function deviceConfigs(
  actor: Actor,
  filter: { sn?: string | undefined; state?: ConfigState | undefined; profileId?: number | undefined },
  page: PageQuery,
) {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const result = await listDeviceConfigs(actor.db, scope, filter, page);
  return {
    ...result,
    list: result.list.map(
      (r): DeviceConfigView => ({
        deviceId: Number(r.device_id),
        deviceName: r.device_name,
        sn: r.sn ?? '-',
        profileId: r.profile_id === null ? null : Number(r.profile_id),
        profileName: r.profile_name,
        kind: r.kind,
        state: r.state,
        reason: r.reason_key
          ? translate(
              r.reason_key,
              actor.lang,
              r.reason_params ? (JSON.parse(r.reason_params) as Record<string, string>) : {},
            )
          : null,
        requestedAt: Number(r.requested_at),
        finishedAt: r.finished_at === null ? null : Number(r.finished_at),
      }),
    ),
  };
}
