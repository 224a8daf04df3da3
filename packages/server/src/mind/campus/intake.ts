import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import {
  CAMPUS_LIMITS,
  type CampusEventIn,
  campusSigningText,
  CAMPUS_SIGNATURE_HEADERS as H,
  uploadRules,
} from '@meridian/contracts';
import type { FastifyRequest } from 'fastify';
import { sniffKind } from '../../platform/files/sniff.ts';
import { fileStoresOf } from '../../platform/files/stores.ts';
import { AppError } from '../../platform/http/errors.ts';
import { filesContextOf } from '../../portal/files/service.ts';
import { removeStoredFiles, storeFiles } from '../../portal/files/store.ts';
import { deviceSecret } from './devices.ts';
import { markStudents } from './marks.ts';
import { queueAlertPush } from './push.ts';
import { alertByEvent, deviceByKey, insertAlert, markSeen, useNonce } from './repository.ts';

// Signed requests of campus devices (docs/protocols/campus-events.md, decision 0085).

export interface SignedDevice {
  id: number;
  schoolId: number;
  schoolPath: string;
  location: string;
}

const rawBodies = new WeakMap<FastifyRequest, Buffer>();
const devices = new WeakMap<FastifyRequest, SignedDevice>();

/** Keeps the bytes a device sent: its signature covers them, not their parsed form. */
export function keepRawBody(request: FastifyRequest, body: Buffer): void {
  rawBodies.set(request, body);
}

/** The device that signed the request, set by `verifySignature`. */
export function signedDevice(request: FastifyRequest): SignedDevice {
  const device = devices.get(request);
  if (!device) throw new AppError(401, 'campus.unsigned');
  return device;
}

function refuse(
  request: FastifyRequest,
  key: 'campus.unsigned' | 'campus.unknownDevice' | 'campus.badSignature' | 'campus.staleTimestamp' | 'campus.replay',
  status = 401,
): never {
  request.log.warn({ deviceKey: request.headers[H.key], reason: key }, 'a campus device request was refused');
  throw new AppError(status, key);
}

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
};

/**
 * Checks a device request before anything else reads it: the key names a device, the timestamp is
 * within the window, the HMAC over method, path, timestamp, nonce and body hash is right, and the
 * nonce was never used by that device. Every refusal is logged with its reason.
 */
export async function verifySignature(request: FastifyRequest): Promise<void> {
  const key = header(request, H.key);
  const timestamp = header(request, H.timestamp);
  const nonce = header(request, H.nonce);
  const signature = header(request, H.signature);
  if (!key || !timestamp || !nonce || !signature || nonce.length > CAMPUS_LIMITS.nonceMax)
    refuse(request, 'campus.unsigned');
  const db = request.server.db.kysely;
  const device = await deviceByKey(db, key);
  if (!device) refuse(request, 'campus.unknownDevice');
  const bodyHash = createHash('sha256')
    .update(rawBodies.get(request) ?? Buffer.alloc(0))
    .digest('hex');
  const text = campusSigningText(request.method, request.url, timestamp, nonce, bodyHash);
  let secret: string;
  try {
    secret = deviceSecret(request.server.config, device);
  } catch {
    // Sealed under another key, or moved from another row: the operator must look, the device is refused.
    request.log.error({ deviceKey: key }, 'a campus device secret could not be opened with the secrets key');
    refuse(request, 'campus.badSignature');
  }
  const expected = createHmac('sha256', secret).update(text).digest();
  const sent = Buffer.from(signature, 'hex');
  if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) refuse(request, 'campus.badSignature');
  const now = Date.now();
  if (!/^\d{1,15}$/.test(timestamp) || Math.abs(now - Number(timestamp)) > CAMPUS_LIMITS.clockSkewMs) {
    refuse(request, 'campus.staleTimestamp');
  }
  // A replay is refused by its timestamp once 2 windows have passed (sent at the far edge, stored at the near one).
  const keepSince = now - 2 * CAMPUS_LIMITS.clockSkewMs;
  if (!(await useNonce(db, Number(device.id), nonce, now, keepSince))) refuse(request, 'campus.replay', 409);
  await markSeen(db, Number(device.id), now);
  devices.set(request, {
    id: Number(device.id),
    schoolId: Number(device.school_id),
    schoolPath: device.school_path,
    location: device.location,
  });
}

/** The snapshot's bytes, checked by content: a jpg or png within the size limit, or a refusal naming which. */
async function checkedSnapshot(request: FastifyRequest, base64: string) {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > CAMPUS_LIMITS.snapshotMaxBytes) {
    request.log.warn({ size: bytes.length }, 'a campus snapshot was too large');
    throw new AppError(413, 'campus.snapshotTooLarge');
  }
  const kind = await sniffKind(bytes);
  if (!kind || !(uploadRules.image.kinds as readonly string[]).includes(kind)) {
    request.log.warn({ kind: kind ?? 'unknown' }, 'a campus snapshot was not an image');
    throw new AppError(400, 'campus.snapshotNotImage');
  }
  return { name: `snapshot.${kind}`, bytes, kind };
}

/**
 * Stores one reported event: once per event id (a retry answers the alert already stored), with
 * its snapshot in the file service. When the alert cannot be stored, the snapshot is removed again.
 */
export async function receiveEvent(
  request: FastifyRequest,
  body: CampusEventIn,
): Promise<{ alertId: number; duplicate: boolean }> {
  const device = signedDevice(request);
  const db = request.server.db.kysely;
  if (body.schoolId !== undefined && body.schoolId !== device.schoolId) {
    request.log.warn({ deviceId: device.id, schoolId: body.schoolId }, 'a campus event named another school');
    throw new AppError(403, 'campus.otherSchool');
  }
  const known = await alertByEvent(db, device.id, body.eventId);
  if (known) return { alertId: Number(known.id), duplicate: true };
  const snapshot = body.snapshot ? await checkedSnapshot(request, body.snapshot) : undefined;
  const ctx = filesContextOf(request);
  const [file] = snapshot
    ? await storeFiles(ctx, [snapshot], { purpose: 'image', protected: true, ownerId: null })
    : [];
  try {
    const receivedAt = Date.now();
    // The alert, its notifications (the school's push rules, decision 0097) and the warnings of the
    // students it names (decision 0136) exist together or not at all.
    const id = await db.transaction().execute(async (trx) => {
      const alertId = await insertAlert(trx, {
        device_id: device.id,
        school_id: device.schoolId,
        school_path: device.schoolPath,
        event_id: body.eventId,
        type: body.type,
        state: 'new',
        occurred_at: body.occurredAt,
        received_at: receivedAt,
        snapshot: file?.path ?? null,
        holder_id: null,
      });
      if (alertId !== undefined) {
        await queueAlertPush(trx, { id: alertId, schoolId: device.schoolId, type: body.type }, receivedAt);
        const alert = { alertId, schoolId: device.schoolId, type: body.type, location: device.location };
        await markStudents(trx, { ...alert, students: body.students ?? [] }, receivedAt);
      }
      return alertId;
    });
    if (id !== undefined) return { alertId: id, duplicate: false };
  } catch (error) {
    if (file) await removeStoredFiles(db, fileStoresOf(request.server.config), [Number(file.id)], request.log);
    throw error;
  }
  // The same event arrived twice at once and the other copy was stored: this snapshot is not needed.
  if (file) await removeStoredFiles(db, fileStoresOf(request.server.config), [Number(file.id)], request.log);
  const stored = await alertByEvent(db, device.id, body.eventId);
  if (!stored) throw new AppError(409, 'campus.replay');
  return { alertId: Number(stored.id), duplicate: true };
}
