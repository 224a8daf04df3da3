import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import {
  CAMPUS_LIMITS,
  type CampusEventIn,
  campusSigningText,
  CAMPUS_SIGNATURE_HEADERS as H,
  uploadRules,
} from '@meridian/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { GroupCommit, type GroupWork } from '../../platform/db/group-commit.ts';
import type { Database } from '../../platform/db/schema.ts';
import { sniffKind } from '../../platform/files/sniff.ts';
import { AppError } from '../../platform/http/errors.ts';
import { insertFileRows } from '../../portal/files/repository.ts';
import { filesContextOf } from '../../portal/files/service.ts';
import { dropPutFiles, putFiles } from '../../portal/files/store.ts';
import { deviceSecret } from './devices.ts';
import { markStudents } from './marks.ts';
import { queueAlertPush } from './push.ts';
import { alertByEvent, deviceByKey, forgetNonces, insertAlert, markSeen, useNonce } from './repository.ts';

// Signed requests of campus devices (docs/protocols/campus-events.md, decision 0085).

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A signed route that records the request's nonce itself, in the transaction of what it stores
     * (`useRequestNonce`), instead of in its own write before the handler (decision 0155).
     */
    campusNonceInHandler?: boolean;
  }
}

/** A device's last-seen mark is written at most this often: its online state allows minutes (decision 0155). */
const SEEN_EVERY_MS = 30_000;
/** A device's expired nonces are forgotten at most this often. */
const FORGET_NONCES_EVERY_MS = 60_000;

/** Per server: when each device's last-seen mark was written and its nonces last forgotten. */
const marks = new WeakMap<FastifyInstance, { seen: Map<number, number>; forgotten: Map<number, number> }>();
function marksOf(app: FastifyInstance) {
  let m = marks.get(app);
  if (!m) {
    m = { seen: new Map(), forgotten: new Map() };
    marks.set(app, m);
  }
  return m;
}

/** Per SQLite database: the group commit the events of its devices share. */
const groups = new WeakMap<Kysely<Database>, GroupCommit>();

/**
 * Runs an event's writes in a transaction that has committed when it answers: on SQLite, with the
 * events arriving meanwhile (one writer, one log write per group: decision 0155); on PostgreSQL, in
 * its own, beside the others on the pool.
 */
function storeAtomically<T>(request: FastifyRequest, work: GroupWork<T>): Promise<T> {
  const { engine, kysely } = request.server.db;
  if (engine !== 'sqlite') return kysely.transaction().execute(work);
  let group = groups.get(kysely);
  if (!group) {
    group = new GroupCommit(kysely);
    groups.set(kysely, group);
  }
  return group.run(work);
}

/** True once per `every` ms per device: the caller then does the write it stands for. */
function due(times: Map<number, number>, deviceId: number, now: number, every: number): boolean {
  const last = times.get(deviceId);
  if (last !== undefined && now - last < every && now >= last) return false;
  times.set(deviceId, now);
  return true;
}

export interface SignedDevice {
  id: number;
  schoolId: number;
  schoolPath: string;
  location: string;
}

const rawBodies = new WeakMap<FastifyRequest, Buffer>();
const devices = new WeakMap<FastifyRequest, SignedDevice>();
/** The nonce of a request whose route records it in its own transaction. */
const pendingNonces = new WeakMap<FastifyRequest, { nonce: string; at: number }>();

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
  const deviceId = Number(device.id);
  const m = marksOf(request.server);
  // A replay is refused by its timestamp once 2 windows have passed (sent at the far edge, stored at the near one).
  if (due(m.forgotten, deviceId, now, FORGET_NONCES_EVERY_MS)) {
    await forgetNonces(db, deviceId, now - 2 * CAMPUS_LIMITS.clockSkewMs);
  }
  if (request.routeOptions.config.campusNonceInHandler) pendingNonces.set(request, { nonce, at: now });
  else if (!(await useNonce(db, deviceId, nonce, now))) refuse(request, 'campus.replay', 409);
  if (due(m.seen, deviceId, now, SEEN_EVERY_MS)) await markSeen(db, deviceId, now);
  devices.set(request, {
    id: Number(device.id),
    schoolId: Number(device.school_id),
    schoolPath: device.school_path,
    location: device.location,
  });
}

/**
 * Records the nonce of a request whose route took it over (`campusNonceInHandler`), in the
 * handler's transaction or on its own; a nonce used before refuses the request as a replay.
 */
async function useRequestNonce(request: FastifyRequest, db: Kysely<Database> | Transaction<Database>) {
  const pending = pendingNonces.get(request);
  if (!pending) throw new AppError(401, 'campus.unsigned');
  if (!(await useNonce(db, signedDevice(request).id, pending.nonce, pending.at))) refuse(request, 'campus.replay', 409);
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
  if (known) {
    await useRequestNonce(request, db);
    return { alertId: Number(known.id), duplicate: true };
  }
  const snapshot = body.snapshot ? await checkedSnapshot(request, body.snapshot) : undefined;
  // The snapshot's bytes are put before the transaction, its file row is written in it: a file row
  // never names bytes that are not there, and bytes without a row are removed (decision 0155).
  const ctx = filesContextOf(request);
  const put = snapshot ? await putFiles(ctx, [snapshot], { purpose: 'image', protected: true, ownerId: null }) : [];
  let id: number | undefined;
  try {
    const receivedAt = Date.now();
    // The nonce, the alert with its snapshot's file row, its notifications (the school's push rules,
    // decision 0097) and the warnings of the students it names (decision 0136) exist together or not at all.
    id = await storeAtomically(request, async (trx) => {
      await useRequestNonce(request, trx);
      const alertId = await insertAlert(trx, {
        device_id: device.id,
        school_id: device.schoolId,
        school_path: device.schoolPath,
        event_id: body.eventId,
        type: body.type,
        state: 'new',
        occurred_at: body.occurredAt,
        received_at: receivedAt,
        snapshot: put[0]?.path ?? null,
        holder_id: null,
      });
      if (alertId !== undefined) {
        await insertFileRows(trx, put);
        await queueAlertPush(trx, { id: alertId, schoolId: device.schoolId, type: body.type }, receivedAt);
        const alert = { alertId, schoolId: device.schoolId, type: body.type, location: device.location };
        await markStudents(trx, { ...alert, students: body.students ?? [] }, receivedAt);
      }
      return alertId;
    });
  } catch (error) {
    await dropPutFiles(ctx, put);
    throw error;
  }
  if (id !== undefined) return { alertId: id, duplicate: false };
  // The same event arrived twice at once and the other copy was stored: this snapshot is not needed.
  await dropPutFiles(ctx, put);
  const stored = await alertByEvent(db, device.id, body.eventId);
  if (!stored) throw new AppError(409, 'campus.replay');
  return { alertId: Number(stored.id), duplicate: true };
}
