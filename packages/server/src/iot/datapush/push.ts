import { createHmac } from 'node:crypto';
import {
  type AlarmFacts,
  DATA_PUSH_PAUSE_AFTER,
  DATA_PUSH_SIGNATURE_HEADER,
  type DataPushAlarmBody,
  type DataPushBody,
} from '@meridian/contracts';
import type { Transaction } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from '../../platform/db/database.ts';
import type { Database } from '../../platform/db/schema.ts';
import { deleteInBatches } from '../../platform/db/sql.ts';
import type { Cleanup } from '../../platform/jobs/cleanup.ts';
import { insertJob } from '../../platform/jobs/repository.ts';
import { defineJob } from '../../platform/jobs/types.ts';
import { secretBoxOf } from '../../platform/secrets/box.ts';
import { DAY } from '../../platform/time.ts';
import type { DeviceReadings } from '../telemetry/types.ts';
import * as repo from './repository.ts';

export const DATA_PUSH_JOB = 'iot.datapush.send';
/** The first try and five retries, with the worker's backoff. */
export const DATA_PUSH_MAX_ATTEMPTS = 6;

/** Where a target's secret is sealed: bound to its row. */
export const secretContext = (targetId: number) => `data_push_targets:${targetId}`;

/** `sha256=<hex>`: what the receiver recomputes over the raw body with the target's secret. */
export function signatureOf(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/**
 * Telemetry's listener: each committed flush becomes one delivery per active target of the
 * devices' owners, holding every device's values of the flush (one request, not one per point),
 * with its job in the same transaction.
 */
export function queueRecordedBatches(db: Db, batches: readonly DeviceReadings[], log: Logger): void {
  queuePushes(db.kysely, batches).catch((error: unknown) =>
    log.error({ err: error }, 'data push: the recorded values could not be queued'),
  );
}

export async function queuePushes(db: Db['kysely'], batches: readonly DeviceReadings[]): Promise<number> {
  const withValues = batches.filter((b) => b.readings.length > 0);
  const { targets, devices } = await repo.pushAudience(db, [...new Set(withValues.map((b) => b.deviceId))]);
  if (targets.length === 0) return 0;
  const names = await repo.pointNames(db, [...new Set(withValues.flatMap((b) => b.readings.map((r) => r.pointId)))]);
  const deviceById = new Map(devices.map((d) => [Number(d.id), d]));
  const at = Date.now();
  let queued = 0;
  await db.transaction().execute(async (trx) => {
    for (const target of targets) {
      const owned = withValues.filter((b) => Number(deviceById.get(b.deviceId)?.owner_id) === Number(target.owner_id));
      if (owned.length === 0) continue;
      const body: DataPushBody = {
        kind: 'values',
        target: Number(target.id),
        sentAt: at,
        devices: owned.map((b) => {
          const device = deviceById.get(b.deviceId);
          return {
            deviceId: b.deviceId,
            sn: device?.sn ?? null,
            name: device?.name ?? '',
            at: b.at,
            values: b.readings.map((r) => ({ pointId: r.pointId, name: names.get(r.pointId) ?? null, value: r.value })),
          };
        }),
      };
      const deliveryId = await repo.insertDelivery(trx, {
        target_id: Number(target.id),
        kind: 'values',
        body: JSON.stringify(body),
        devices: owned.length,
        values: owned.reduce((n, b) => n + b.readings.length, 0),
        at,
      });
      await insertJob(trx, {
        kind: DATA_PUSH_JOB,
        payload: { deliveryId },
        dedupeKey: `${DATA_PUSH_JOB}:${deliveryId}`,
        maxAttempts: DATA_PUSH_MAX_ATTEMPTS,
      });
      queued++;
    }
  });
  return queued;
}

/** What the alarm engine tells data push of an alarm raised or recovered. */
export interface AlarmPushEvent {
  alarmId: number;
  triggerId: number;
  deviceId: number;
  kind: 'fire' | 'restore';
  at: number;
  pointId: number | null;
  value: string | null;
  content: string;
  facts: AlarmFacts | null;
}

/**
 * Queues one delivery per active target subscribed to alarms of the device's owner, with its job,
 * in the alarm's own transaction (`trx`): the event is pushed if and only if the alarm is recorded.
 * Signed, sent and retried as value deliveries are (decision 0138).
 */
export async function queueAlarmPush(trx: Transaction<Database>, event: AlarmPushEvent): Promise<number> {
  const { device, targets } = await repo.alarmAudience(trx, event.deviceId);
  if (!device || targets.length === 0) return 0;
  const at = Date.now();
  for (const target of targets) {
    const body: DataPushAlarmBody = {
      kind: 'alarm',
      target: Number(target.id),
      sentAt: at,
      alarm: {
        id: event.alarmId,
        event: event.kind === 'fire' ? 'raised' : 'recovered',
        at: event.at,
        deviceId: event.deviceId,
        sn: device.sn ?? null,
        device: device.name,
        triggerId: event.triggerId,
        trigger: event.facts?.trigger ?? null,
        pointId: event.pointId,
        point: event.facts?.point ?? null,
        unit: event.facts?.unit ?? null,
        value: event.value,
        content: event.content,
      },
    };
    const deliveryId = await repo.insertDelivery(trx, {
      target_id: Number(target.id),
      kind: 'alarm',
      body: JSON.stringify(body),
      devices: 1,
      values: 0,
      at,
    });
    await insertJob(trx, {
      kind: DATA_PUSH_JOB,
      payload: { deliveryId },
      dedupeKey: `${DATA_PUSH_JOB}:${deliveryId}`,
      maxAttempts: DATA_PUSH_MAX_ATTEMPTS,
    });
  }
  return targets.length;
}

/** Why a request failed, in the words the page shows: the receiver's status or the network's error. */
class PushFailed extends Error {
  readonly status: number | null;
  constructor(message: string, status: number | null) {
    super(message);
    this.name = 'PushFailed';
    this.status = status;
  }
}

async function post(url: string, body: string, signature: string, timeoutMs: number): Promise<number> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [DATA_PUSH_SIGNATURE_HEADER]: signature },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    throw new PushFailed(cause ?? (error instanceof Error ? error.message : String(error)), null);
  }
  // The body is not read: a receiver says yes with its status.
  await res.body?.cancel();
  if (res.status < 200 || res.status >= 300) throw new PushFailed(`HTTP ${res.status}`, res.status);
  return res.status;
}

/**
 * Sends one delivery. A delivery already sent, or whose target is paused, is left as it is
 * (running the job again sends nothing twice). A failure is recorded, counted against the target
 * (paused after DATA_PUSH_PAUSE_AFTER in a row, the error as its reason) and thrown, so that the
 * worker retries with backoff; the last attempt marks the delivery failed.
 */
export const dataPushJob = defineJob<{ deliveryId: number }>({
  kind: DATA_PUSH_JOB,
  maxAttempts: DATA_PUSH_MAX_ATTEMPTS,
  async run(job, { db, config }) {
    const kysely = db.kysely;
    const delivery = await repo.deliveryToSend(kysely, job.payload.deliveryId);
    if (delivery?.state !== 'queued') return;
    const attempts = Number(delivery.attempts) + 1;
    const targetId = Number(delivery.target_id);
    if (delivery.target_state !== 'active') {
      await repo.recordAttempt(kysely, Number(delivery.id), {
        state: 'failed',
        attempts: Number(delivery.attempts),
        status: null,
        error: 'target paused',
        at: Date.now(),
      });
      return;
    }
    // The prefix is the deployment's promise of where values go: a target left outside it after a change is paused, not sent.
    if (config.DATA_PUSH_URL_PREFIX && !delivery.url.startsWith(config.DATA_PUSH_URL_PREFIX)) {
      const at = Date.now();
      await repo.targetFailed(kysely, targetId, 1, `URL outside ${config.DATA_PUSH_URL_PREFIX}`, at);
      await repo.recordAttempt(kysely, Number(delivery.id), {
        state: 'failed',
        attempts: Number(delivery.attempts),
        status: null,
        error: `URL outside ${config.DATA_PUSH_URL_PREFIX}`,
        at,
      });
      return;
    }
    const secret = secretBoxOf(config).open(delivery.secret, secretContext(targetId));
    try {
      const status = await post(
        delivery.url,
        delivery.body,
        signatureOf(secret, delivery.body),
        config.DATA_PUSH_TIMEOUT_MS,
      );
      const at = Date.now();
      await repo.recordAttempt(kysely, Number(delivery.id), { state: 'sent', attempts, status, error: null, at });
      await repo.targetSucceeded(kysely, targetId, at);
    } catch (error) {
      if (!(error instanceof PushFailed)) throw error;
      const at = Date.now();
      const paused = await repo.targetFailed(
        kysely,
        targetId,
        DATA_PUSH_PAUSE_AFTER,
        `${error.message} (${DATA_PUSH_PAUSE_AFTER} failures in a row)`,
        at,
      );
      const last = paused || job.attempt >= job.maxAttempts;
      await repo.recordAttempt(kysely, Number(delivery.id), {
        state: last ? 'failed' : 'queued',
        attempts,
        status: error.status,
        error: error.message,
        at,
      });
      if (!last) throw error;
    }
  },
});

/** How long a target's deliveries can be looked back on: a week (one row per flush per target). */
export const DATA_PUSH_KEPT_DAYS = 7;

/** Finished deliveries older than DATA_PUSH_KEPT_DAYS. */
export const dataPushDeliveriesCleanup: Cleanup = {
  name: 'data push deliveries',
  run: (db, now) =>
    deleteInBatches((limit) => repo.deleteFinishedBefore(db.kysely, now - DATA_PUSH_KEPT_DAYS * DAY, limit)),
};
