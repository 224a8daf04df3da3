import { INGEST_RATE_PER_SECOND, type IngestReport, type IngestResult } from '@meridian/contracts';
import type { FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { AppError } from '../../platform/http/errors.ts';
import { accountScopeOf } from '../../portal/access/scope.ts';
import { audit } from '../../portal/audit/service.ts';
import { newToken, tokenHash } from '../../portal/identity/secrets.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { deviceFor } from '../devices/service.ts';
import { telemetryFor } from '../telemetry/index.ts';
import { directoryFor } from './directory.ts';
import { Ingest } from './ingest.ts';
import { saveDeviceToken } from './repository.ts';

const DAY_MS = 86_400_000;
const SCHEME = /^Device\s+(\S+)$/i;

/** A token bucket per device: a burst of twice the rate, refilled continuously. */
class DeviceRate {
  readonly #buckets = new Map<number, { tokens: number; at: number }>();

  take(deviceId: number, now: number): boolean {
    const burst = INGEST_RATE_PER_SECOND * 2;
    const bucket = this.#buckets.get(deviceId) ?? { tokens: burst, at: now };
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * INGEST_RATE_PER_SECOND);
    bucket.at = now;
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= 1;
    this.#buckets.set(deviceId, bucket);
    return allowed;
  }
}

const rates = new WeakMap<object, DeviceRate>();

function ingestOf(request: FastifyRequest): Ingest {
  const { db, config } = request.server;
  return new Ingest(
    db,
    telemetryFor(db, config, request.log as Logger),
    request.log as Logger,
    config.TELEMETRY_RETENTION_DAYS,
  );
}

/**
 * A report from an NB or cellular device: `Authorization: Device <token>`, the MQTT up message
 * as the body. Answers after the values are committed, with what was stored and what refused.
 */
export async function ingestReport(request: FastifyRequest, report: IngestReport): Promise<IngestResult> {
  const ingest = ingestOf(request);
  const token = SCHEME.exec(request.headers.authorization ?? '')?.[1];
  const device = token ? await ingest.directory.byToken(tokenHash(token)) : undefined;
  if (!device) {
    ingest.refuse('refusedConnect', { address: request.ip }, token ? 'unknown token' : 'no token');
    throw new AppError(401, 'mqtt.ingest.token');
  }
  if (!device.enabled) {
    ingest.refuse('refusedConnect', { deviceId: device.id, address: request.ip }, 'disabled');
    throw new AppError(403, 'mqtt.ingest.disabled');
  }
  let rate = rates.get(request.server.db);
  if (!rate) {
    rate = new DeviceRate();
    rates.set(request.server.db, rate);
  }
  const now = Date.now();
  if (!rate.take(device.id, now)) {
    ingest.refuse('rateLimited', { deviceId: device.id });
    throw new AppError(429, 'mqtt.ingest.tooFast', { params: { rate: INGEST_RATE_PER_SECOND } });
  }
  const keepMs = request.server.config.TELEMETRY_RETENTION_DAYS * DAY_MS;
  // As on MQTT: a device clock far ahead, or older than history keeps, yields to the receive time.
  const at = report.ts !== undefined && report.ts <= now + 600_000 && report.ts >= now - keepMs ? report.ts : now;
  if (report.ts !== undefined && at !== report.ts) ingest.counters.add('clockIgnored');
  await ingest.online(device, 'http');
  const decoded = await ingest.values(device, at, report.values);
  if (report.status) await ingest.status(device, report.status);
  return { at, stored: decoded.readings.length, refused: decoded.refused };
}

/**
 * Makes the device's HTTP ingest token, replacing any before it; the token is shown once, only
 * its hash is kept. Needs the right to edit the device.
 */
export async function makeDeviceToken(actor: Actor, deviceId: number): Promise<{ token: string; createdAt: number }> {
  await deviceFor(actor, await accountScopeOf(actor.db, actor.auth), deviceId, 'edit');
  const token = newToken();
  await actor.db.transaction().execute(async (trx) => {
    await saveDeviceToken(trx, deviceId, tokenHash(token), actor.auth.userId);
    await audit(trx, actor.request, { action: 'makeDeviceToken', targetType: 'device', targetId: deviceId });
  });
  // The old token must stop working in this process at once, not after the directory's TTL.
  directoryFor(actor.request.server.db).clear();
  return { token, createdAt: Date.now() };
}
