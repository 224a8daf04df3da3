import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import {
  CAMPUS_LIMITS,
  type CampusEventIn,
  type CampusEventType,
  campusSigningText,
  CAMPUS_SIGNATURE_HEADERS as H,
  uploadRules,
} from '@meridian/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Insertable, Kysely, Transaction } from 'kysely';
import { Batches, type Settled, statementChunks } from '../../platform/db/batches.ts';
import type { Database } from '../../platform/db/schema.ts';
import { sniffKind } from '../../platform/files/sniff.ts';
import { AppError } from '../../platform/http/errors.ts';
import { insertFileRows, type NewFile } from '../../portal/files/repository.ts';
import { filesContextOf } from '../../portal/files/service.ts';
import { dropPutFiles, putFiles } from '../../portal/files/store.ts';
import { deviceSecret } from './devices.ts';
import { markStudents } from './marks.ts';
import { queueAlertPushes } from './push.ts';
import {
  alertsByEvents,
  devicesByKeys,
  forgetNonces,
  insertAlerts,
  insertNonces,
  markSeen,
  useNonce,
} from './repository.ts';
import type { CampusAlertsTable } from './tables.ts';

// Signed requests of campus devices (docs/protocols/campus-events.md, decision 0085).

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A signed route that records the request's nonce itself, in the transaction of what it stores
     * (the event's group, decision 0165), instead of in its own write before the handler (decision 0155).
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

type Device = Awaited<ReturnType<typeof devicesByKeys>>[number];

/**
 * Per database, the work of the requests arriving together, batched (decision 0165): their devices
 * are read in one statement, their last-seen marks and nonce clean-ups written in one each, and
 * their events stored in one transaction.
 */
interface Batched {
  devices: Batches<string, Device | undefined>;
  seen: Batches<number, void>;
  forgotten: Batches<number, void>;
  events: Batches<PendingEvent, StoredEvent>;
}
const batched = new WeakMap<Kysely<Database>, Batched>();
function batchesOf(request: FastifyRequest): Batched {
  const { engine, kysely: db } = request.server.db;
  let b = batched.get(db);
  if (!b) {
    const each = <I>(write: (items: I[]) => Promise<void>) =>
      new Batches<I, void>(
        async (items) => {
          await write(items);
          return items.map(() => ({ ok: true, value: undefined }));
        },
        { most: 500 },
      );
    b = {
      devices: new Batches(
        async (keys) => {
          const rows = new Map((await devicesByKeys(db, [...new Set(keys)])).map((d) => [d.device_key, d]));
          return keys.map((key) => ({ ok: true, value: rows.get(key) }));
        },
        { most: 500 },
      ),
      seen: each((ids) => markSeen(db, [...new Set(ids)], Date.now())),
      // A replay is refused by its timestamp once 2 windows have passed (sent at the far edge, stored at the near one).
      forgotten: each((ids) => forgetNonces(db, [...new Set(ids)], Date.now() - 2 * CAMPUS_LIMITS.clockSkewMs)),
      // SQLite has one writer; on PostgreSQL a second group commits while the next one fills.
      events: new Batches((events) => storeEvents(db, events), { most: 200, parallel: engine === 'sqlite' ? 1 : 2 }),
    };
    batched.set(db, b);
  }
  return b;
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

type Refusal =
  | 'campus.unsigned'
  | 'campus.unknownDevice'
  | 'campus.badSignature'
  | 'campus.staleTimestamp'
  | 'campus.replay';

/** The error refusing a device request, logged with its reason. */
function refusal(request: FastifyRequest, key: Refusal, status = 401): AppError {
  request.log.warn({ deviceKey: request.headers[H.key], reason: key }, 'a campus device request was refused');
  return new AppError(status, key);
}

function refuse(request: FastifyRequest, key: Refusal, status = 401): never {
  throw refusal(request, key, status);
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
  const batches = batchesOf(request);
  const device = await batches.devices.add(key);
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
  if (due(m.forgotten, deviceId, now, FORGET_NONCES_EVERY_MS)) await batches.forgotten.add(deviceId);
  if (request.routeOptions.config.campusNonceInHandler) pendingNonces.set(request, { nonce, at: now });
  else if (!(await useNonce(db, deviceId, nonce, now))) refuse(request, 'campus.replay', 409);
  if (due(m.seen, deviceId, now, SEEN_EVERY_MS)) await batches.seen.add(deviceId);
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

/** An event waiting for its group's transaction, with its request's nonce and its snapshot's bytes already put. */
interface PendingEvent {
  request: FastifyRequest;
  nonce: string;
  alert: Insertable<CampusAlertsTable>;
  files: NewFile[];
  location: string;
  students: NonNullable<CampusEventIn['students']>;
}

interface StoredEvent {
  alertId: number;
  duplicate: boolean;
}

/**
 * Stores a group of events in one transaction (decision 0165), one statement per table: the
 * nonces (a nonce used before refuses its event as a replay, which then writes nothing else), the
 * alerts (an event id its device reported before is answered with the stored alert: the
 * idempotency), their first timeline steps, their snapshots' file rows, their notifications (the
 * schools' push rules, decision 0097) and the warnings of the students they name (decision 0136).
 * When the transaction fails, each event is stored again alone, so that only the one that broke it
 * is refused; an event is answered once the transaction that holds it has committed.
 */
async function storeEvents(db: Kysely<Database>, events: PendingEvent[]): Promise<Array<Settled<StoredEvent>>> {
  try {
    return await db.transaction().execute((trx) => storeTogether(trx, events));
  } catch (error) {
    if (events.length === 1) return [{ ok: false, error }];
    const answers: Array<Settled<StoredEvent>> = [];
    for (const event of events) answers.push(...(await storeEvents(db, [event])));
    return answers;
  }
}

async function storeTogether(trx: Transaction<Database>, events: PendingEvent[]): Promise<Array<Settled<StoredEvent>>> {
  const answers: Array<Settled<StoredEvent> | undefined> = events.map(() => undefined);
  const replay = (i: number) => {
    answers[i] = { ok: false, error: refusal(events[i]?.request as FastifyRequest, 'campus.replay', 409) };
  };
  const nonceOf = (i: number) => `${events[i]?.alert.device_id}:${events[i]?.nonce}`;
  const eventOf = (i: number) => `${events[i]?.alert.device_id}:${events[i]?.alert.event_id}`;
  const all = events.map((_, i) => i);
  // Nonces: one use each, in this group as in the table.
  const fresh = firstOfEach(all, nonceOf, replay);
  const recorded = await insertNonces(
    trx,
    fresh.map((i) => ({
      device_id: events[i]?.alert.device_id as number,
      nonce: events[i]?.nonce as string,
      at: events[i]?.alert.received_at as number,
    })),
  );
  const accepted: number[] = [];
  for (const i of fresh) {
    if (recorded.has(nonceOf(i))) accepted.push(i);
    else replay(i);
  }
  // Alerts: one per device and event id; a later copy, in this group or stored before, is a duplicate.
  const duplicates: number[] = [];
  const firsts = firstOfEach(accepted, eventOf, (i) => duplicates.push(i));
  const ids = await insertAlerts(
    trx,
    firsts.map((i) => (events[i] as PendingEvent).alert),
  );
  const news = firsts.filter((i) => ids.has(eventOf(i)));
  duplicates.push(...firsts.filter((i) => !ids.has(eventOf(i))));
  const before = await alertsByEvents(
    trx,
    duplicates
      .filter((i) => !ids.has(eventOf(i)))
      .map((i) => ({ deviceId: events[i]?.alert.device_id as number, eventId: events[i]?.alert.event_id as string })),
  );
  for (const i of duplicates) {
    const id = ids.get(eventOf(i)) ?? before.get(eventOf(i));
    if (id === undefined) replay(i);
    else answers[i] = { ok: true, value: { alertId: id, duplicate: true } };
  }
  const stored = news.map((i) => ({ i, e: events[i] as PendingEvent, id: ids.get(eventOf(i)) as number }));
  const files = stored.flatMap(({ e }) => e.files);
  for (const chunk of statementChunks(trx, files)) await insertFileRows(trx, chunk);
  const alertOf = ({ e, id }: (typeof stored)[number]) => ({
    alertId: id,
    schoolId: e.alert.school_id,
    type: e.alert.type as CampusEventType,
    location: e.location,
  });
  await queueAlertPushes(
    trx,
    stored.map((s) => ({ ...alertOf(s), id: s.id, at: s.e.alert.received_at })),
  );
  for (const s of stored) {
    await markStudents(trx, { ...alertOf(s), students: s.e.students }, s.e.alert.received_at);
    answers[s.i] = { ok: true, value: { alertId: s.id, duplicate: false } };
  }
  return answers.map((a) => a ?? { ok: false, error: new Error('a campus event was left unanswered') });
}

/** Of `indexes`, the first of each key, in order; `later` gets the others. */
function firstOfEach(indexes: readonly number[], key: (i: number) => string, later: (i: number) => void): number[] {
  const seen = new Set<string>();
  const firsts: number[] = [];
  for (const i of indexes) {
    const k = key(i);
    if (seen.has(k)) later(i);
    else {
      seen.add(k);
      firsts.push(i);
    }
  }
  return firsts;
}

/**
 * Stores one reported event: once per event id (a retry answers the alert already stored), with
 * its snapshot in the file service, in the transaction of the events arriving meanwhile
 * (decision 0165). When the alert is not stored, the snapshot is removed again.
 */
export async function receiveEvent(
  request: FastifyRequest,
  body: CampusEventIn,
): Promise<{ alertId: number; duplicate: boolean }> {
  const device = signedDevice(request);
  const pending = pendingNonces.get(request);
  if (!pending) throw new AppError(401, 'campus.unsigned');
  if (body.schoolId !== undefined && body.schoolId !== device.schoolId) {
    request.log.warn({ deviceId: device.id, schoolId: body.schoolId }, 'a campus event named another school');
    throw new AppError(403, 'campus.otherSchool');
  }
  const snapshot = body.snapshot ? await checkedSnapshot(request, body.snapshot) : undefined;
  // The snapshot's bytes are put before the transaction, its file row is written in it: a file row
  // never names bytes that are not there, and bytes without a row are removed (decision 0155).
  const ctx = filesContextOf(request);
  const files = snapshot ? await putFiles(ctx, [snapshot], { purpose: 'image', protected: true, ownerId: null }) : [];
  let stored: StoredEvent;
  try {
    stored = await batchesOf(request).events.add({
      request,
      nonce: pending.nonce,
      alert: {
        device_id: device.id,
        school_id: device.schoolId,
        school_path: device.schoolPath,
        event_id: body.eventId,
        type: body.type,
        state: 'new',
        occurred_at: body.occurredAt,
        received_at: Date.now(),
        snapshot: files[0]?.path ?? null,
        holder_id: null,
      },
      files,
      location: device.location,
      students: body.students ?? [],
    });
  } catch (error) {
    await dropPutFiles(ctx, files);
    throw error;
  }
  // A retry of an event stored before: this snapshot is not needed.
  if (stored.duplicate) await dropPutFiles(ctx, files);
  return stored;
}
