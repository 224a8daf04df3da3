import { randomBytes } from 'node:crypto';
import {
  CAMPUS_LIMITS,
  type CampusDevice,
  type CampusDeviceCreate,
  type CampusDeviceCreated,
  type CampusDeviceEdit,
  type CampusDeviceQuery,
  Identity,
  type Page,
} from '@meridian/contracts';
import type { Config } from '../../platform/config.ts';
import type { FeatureContext } from '../../platform/feature.ts';
import { AppError } from '../../platform/http/errors.ts';
import { isSealed, SEALED_PREFIX, secretBoxOf } from '../../platform/secrets/box.ts';
import { addressToStore, maskedAddress } from '../../platform/video/address.ts';
import { audit } from '../../portal/audit/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { studentScopeOf } from '../people/students/scope.ts';
import {
  deleteDevice,
  devicePage,
  findDeviceInScope,
  findSchool,
  insertDevice,
  plainSecrets,
  type SchoolScope,
  sealSecret,
  updateDevice,
} from './repository.ts';

/** Where a device's sealed secret belongs: its row, named by its key (a sealed secret moved to another row does not open). */
const secretContext = (deviceKey: string) => `campus_devices.secret:${deviceKey}`;

/** Device secrets already opened, per secret box, by row key and sealed value; at most `OPENED_MAX` kept. */
const openedSecrets = new WeakMap<object, Map<string, string>>();
const OPENED_MAX = 20_000;

/** The HMAC key of a device, opened from its sealed form (decision 0088); a row not yet sealed holds it plain. */
export function deviceSecret(config: Config, device: { device_key: string; secret: string }): string {
  if (!isSealed(device.secret)) return device.secret;
  const box = secretBoxOf(config);
  // Opened once per sealed value and row (decision 0155): the row's value is read on every request,
  // so a secret changed, moved or removed is never answered from here.
  let opened = openedSecrets.get(box);
  if (!opened) {
    opened = new Map();
    openedSecrets.set(box, opened);
  }
  const key = `${device.device_key}\n${device.secret}`;
  const known = opened.get(key);
  if (known !== undefined) return known;
  const plain = box.open(device.secret, secretContext(device.device_key));
  if (opened.size >= OPENED_MAX) opened.clear();
  opened.set(key, plain);
  return plain;
}

/** On every start: seals the secrets still stored plain, rows written before secrets were sealed. */
export async function sealPlainSecrets({ config, db, log }: FeatureContext): Promise<number> {
  const box = secretBoxOf(config);
  const rows = await plainSecrets(db.kysely, SEALED_PREFIX);
  for (const row of rows) {
    await sealSecret(db.kysely, Number(row.id), row.secret, box.seal(row.secret, secretContext(row.device_key)));
  }
  if (rows.length > 0) log.info({ devices: rows.length }, 'campus device secrets sealed');
  return rows.length;
}

/** The schools a member of staff may see; students and parents see none. */
export async function schoolScope(actor: Actor): Promise<SchoolScope> {
  const { identityId, superAdmin } = actor.auth;
  if (!superAdmin && (identityId === Identity.student || identityId === Identity.parent)) {
    throw new AppError(403, 'auth.forbidden');
  }
  const scope = await studentScopeOf(actor.db, actor.auth);
  return { all: scope.all, schoolIds: scope.schoolIds.map(Number) };
}

type DeviceRow = NonNullable<Awaited<ReturnType<typeof findDeviceInScope>>>;

function deviceOf(row: DeviceRow, now: number): CampusDevice {
  const lastSeenAt = row.last_seen_at === null ? null : Number(row.last_seen_at);
  return {
    id: Number(row.id),
    schoolId: Number(row.school_id),
    schoolName: row.school_name,
    kind: row.kind,
    name: row.name,
    location: row.location,
    deviceKey: row.device_key,
    streamUrl: row.stream_url === null ? null : maskedAddress(row.stream_url),
    recorderUrl: row.recorder_url === null ? null : maskedAddress(row.recorder_url),
    online: lastSeenAt !== null && now - lastSeenAt <= CAMPUS_LIMITS.onlineMs,
    lastSeenAt,
    createdAt: Number(row.created_at),
  };
}

/** Adds a camera or terminal to a school in scope; its secret is answered this once and never again. */
export async function addDevice(actor: Actor, body: CampusDeviceCreate): Promise<CampusDeviceCreated> {
  const scope = await schoolScope(actor);
  const school = await findSchool(actor.db, body.schoolId);
  if (!school || !(scope.all || scope.schoolIds.includes(Number(school.id)))) {
    throw new AppError(400, 'campus.notSchool', { rules: [{ field: 'schoolId', key: 'campus.notSchool' }] });
  }
  const secret = randomBytes(32).toString('base64url');
  const deviceKey = `cd_${randomBytes(12).toString('hex')}`;
  const now = Date.now();
  const id = await insertDevice(actor.db, {
    school_id: body.schoolId,
    school_path: school.path,
    kind: body.kind,
    name: body.name,
    location: body.location,
    device_key: deviceKey,
    stream_url: body.streamUrl || null,
    recorder_url: (body.kind === 'camera' && body.recorderUrl) || null,
    secret: secretBoxOf(actor.request.server.config).seal(secret, secretContext(deviceKey)),
    last_seen_at: null,
    created_by: actor.auth.userId,
    created_at: now,
  });
  await audit(actor.db, actor.request, {
    action: 'campusDevice.add',
    targetType: 'campus_device',
    targetId: id,
    detail: { name: body.name },
  });
  const row = await findDeviceInScope(actor.db, scope, id);
  if (!row) throw new AppError(404, 'campus.deviceNotFound');
  return { ...deviceOf(row, now), secret };
}

export async function listDevices(actor: Actor, q: CampusDeviceQuery): Promise<Page<CampusDevice>> {
  const scope = await schoolScope(actor);
  const { rows, total } = await devicePage(actor.db, scope, q.schoolId, q.page, q.size);
  const now = Date.now();
  return { list: rows.map((r) => deviceOf(r, now)), total, page: q.page, size: q.size };
}

/** Renames or moves a device, or corrects its kind; its key and secret stay. */
export async function editDevice(actor: Actor, id: number, body: CampusDeviceEdit): Promise<CampusDevice> {
  const scope = await schoolScope(actor);
  const stored = await findDeviceInScope(actor.db, scope, id);
  if (!stored) throw new AppError(404, 'campus.deviceNotFound');
  // The form shows the address masked: sent back unchanged, the stored one (with its password) stays.
  const streamUrl = body.streamUrl ? addressToStore(body.streamUrl, stored.stream_url ?? '') : null;
  const recorderUrl =
    body.kind === 'camera' && body.recorderUrl ? addressToStore(body.recorderUrl, stored.recorder_url ?? '') : null;
  await updateDevice(actor.db, id, {
    kind: body.kind,
    name: body.name,
    location: body.location,
    stream_url: streamUrl,
    recorder_url: recorderUrl,
  });
  await audit(actor.db, actor.request, {
    action: 'campusDevice.edit',
    targetType: 'campus_device',
    targetId: id,
    detail: { name: body.name, location: body.location },
  });
  const row = await findDeviceInScope(actor.db, scope, id);
  if (!row) throw new AppError(404, 'campus.deviceNotFound');
  return deviceOf(row, Date.now());
}

/** Removes a device: its key stops working at once; its alerts go with it. */
export async function removeDevice(actor: Actor, id: number): Promise<void> {
  const scope = await schoolScope(actor);
  const row = await findDeviceInScope(actor.db, scope, id);
  if (!row) throw new AppError(404, 'campus.deviceNotFound');
  await deleteDevice(actor.db, id);
  await audit(actor.db, actor.request, {
    action: 'campusDevice.delete',
    targetType: 'campus_device',
    targetId: id,
    detail: { name: row.name },
  });
}
