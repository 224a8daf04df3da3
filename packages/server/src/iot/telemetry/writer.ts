import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from '../../platform/db/database.ts';
import type { Database } from '../../platform/db/schema.ts';
import { releaseElsewhere } from '../gateway/commands.ts';
import { LIVE_CHANNEL, type LiveHub } from './live.ts';
import { ensurePartitions } from './partitions.ts';
import { RulesCache, shouldStore } from './rules.ts';
import { markFault, markOffline, markOnline, markRecovered } from './status.ts';
import { endConnectionBytes, sampleNetwork, saveNetwork } from './status-repository.ts';
import type { DeviceReadings, FaultReason, NetworkStats, OfflineReason, Telemetry, Transport } from './types.ts';
import { type Cell, lastStoredReading, notifyChannel, WriteStatements } from './write-repository.ts';

export interface WriterOptions {
  /** How long readings wait for others before they are written together; 0 (the default): until the flush before ends. */
  flushMs?: number;
  /** Buffered history rows that start a flush at once. */
  flushRows?: number;
  /** A device whose data keeps coming is re-confirmed online and its last data time written this often. */
  touchMs?: number;
  /** How long a device's template and a template's storage rules are trusted before being checked again. */
  rulesRecheckMs?: number;
  /** Called after each committed flush with the batches it wrote (the alarm engine, issue 6); must not throw. */
  onRecorded?: (batches: readonly DeviceReadings[]) => void;
}

type Value = number | string | boolean;

/** How often a device's signal, battery and traffic are kept for its history charts. */
export const NETWORK_SAMPLE_MS = 5 * 60_000;
interface Latest {
  at: number;
  num: number | null;
  text: string | null;
  value: Value;
}

/** What one flush writes: history cells, the newest value per point, and who waits for it. */
class Batch {
  history: Cell[] = [];
  latest = new Map<number, Map<number, Latest>>();
  devices = new Map<number, number>();
  recorded: DeviceReadings[] = [];
  waiters: Array<{ resolve: () => void; reject: (error: unknown) => void }> = [];
}

/**
 * The telemetry of one process: readings are buffered and written together, one transaction per
 * flush with multi-row statements, and each `record` resolves once its rows are committed.
 */
export class TelemetryWriter implements Telemetry {
  readonly #db: Db;
  readonly #hub: LiveHub;
  readonly #log: Logger;
  readonly #rules: RulesCache;
  readonly #statements: WriteStatements;
  readonly #flushMs: number;
  readonly #flushRows: number;
  readonly #touchMs: number;
  readonly #onRecorded: ((batches: readonly DeviceReadings[]) => void) | undefined;
  /** The last stored value of each on-change point, per device: what the amplitude is measured from. */
  readonly #stored = new Map<number, Map<number, number | string>>();
  /** When each device was last confirmed online and its last data time written. */
  readonly #touched = new Map<number, number>();
  /** When each device's network was last sampled. */
  readonly #sampled = new Map<number, number>();
  readonly #seeding = new Map<number, Promise<Map<number, number | string>>>();
  readonly #ready: Promise<void>;
  #batch = new Batch();
  #timer: NodeJS.Timeout | undefined;
  #soon = false;
  #flushing: Promise<void> | undefined;
  #closed = false;

  constructor(db: Db, hub: LiveHub, log: Logger, options: WriterOptions = {}) {
    this.#db = db;
    this.#hub = hub;
    this.#log = log;
    this.#rules = new RulesCache(db.kysely, options.rulesRecheckMs ?? 10_000, options.rulesRecheckMs ?? 5_000);
    this.#statements = new WriteStatements(db.engine);
    this.#flushMs = options.flushMs ?? 0;
    this.#flushRows = options.flushRows ?? 20_000;
    this.#touchMs = options.touchMs ?? 30_000;
    this.#onRecorded = options.onRecorded;
    // Day partitions for today and the days ahead (PostgreSQL), without waiting for the hourly job.
    this.#ready = ensurePartitions(db, Date.now() - 24 * 60 * 60_000, 5).then(
      () => undefined,
      (error: unknown) =>
        log.warn({ err: error }, 'telemetry: creating partitions failed; the default partition takes the rows'),
    );
  }

  get closed(): boolean {
    return this.#closed;
  }

  async record({ deviceId, at, readings }: DeviceReadings): Promise<void> {
    if (this.#closed) throw new Error('telemetry is closed');
    const rules = await this.#rules.rulesOf(deviceId);
    // Data of a device that is gone or disabled is not kept: a disabled device is not online.
    if (!rules?.enabled) return;
    const stored = this.#stored.get(deviceId) ?? (await this.#seedOnce(deviceId, rules.points));
    const batch = this.#batch;
    let points = batch.latest.get(deviceId);
    if (!points) {
      points = new Map();
      batch.latest.set(deviceId, points);
    }
    for (const { pointId, value } of readings) {
      if (value === null) continue;
      const num = typeof value === 'number' ? value : typeof value === 'boolean' ? (value ? 1 : 0) : null;
      if (num !== null && !Number.isFinite(num)) continue;
      const text = typeof value === 'string' ? value : null;
      const current = points.get(pointId);
      if (!current || current.at <= at) points.set(pointId, { at, num, text, value });
      const comparable = num ?? (text as string);
      const rule = rules.points.get(pointId);
      if (shouldStore(rule, comparable, stored.get(pointId))) {
        batch.history.push(deviceId, pointId, at, num, text);
        if (rule?.storage === 'onChange') stored.set(pointId, comparable);
      }
    }
    batch.recorded.push({ deviceId, at, readings });
    const seen = batch.devices.get(deviceId);
    if (seen === undefined || seen < at) batch.devices.set(deviceId, at);
    return new Promise<void>((resolve, reject) => {
      batch.waiters.push({ resolve, reject });
      this.#schedule(batch.history.length / 5 >= this.#flushRows);
    });
  }

  async online(deviceId: number, at: number, via: Transport, holder?: string): Promise<void> {
    // On PostgreSQL the process that held the device before hears, at commit, that its link is over.
    const movedFrom =
      this.#db.engine === 'postgres'
        ? (trx: Kysely<Database>) => (previous: string) => releaseElsewhere(trx, previous, deviceId)
        : undefined;
    const changed = await this.#db.kysely
      .transaction()
      .execute((trx) => markOnline(trx, deviceId, at, via, holder, movedFrom?.(trx)));
    if (changed) {
      this.#hub.publish({ type: 'status', deviceId, at, status: 'online', reason: null });
    }
  }

  async offline(deviceId: number, at: number, reason: OfflineReason, holder?: string): Promise<void> {
    // Readings already handed over are written first, so that none lands after the offline record.
    await this.#flushNow();
    this.#touched.delete(deviceId);
    this.#rules.forget(deviceId);
    await endConnectionBytes(this.#db.kysely, deviceId);
    if (await this.#db.kysely.transaction().execute((trx) => markOffline(trx, deviceId, at, reason, holder))) {
      this.#hub.publish({ type: 'status', deviceId, at, status: 'offline', reason });
    }
  }

  async fault(deviceId: number, at: number, reason: FaultReason, holder?: string): Promise<void> {
    if (await this.#db.kysely.transaction().execute((trx) => markFault(trx, deviceId, at, reason, holder))) {
      this.#hub.publish({ type: 'status', deviceId, at, status: 'fault', reason });
    }
  }

  async recovered(deviceId: number, at: number, holder?: string): Promise<void> {
    const status = await this.#db.kysely.transaction().execute((trx) => markRecovered(trx, deviceId, at, holder));
    if (status) this.#hub.publish({ type: 'status', deviceId, at, status, reason: 'recovered' });
  }

  async network(deviceId: number, stats: NetworkStats): Promise<void> {
    const now = Date.now();
    try {
      await saveNetwork(this.#db.kysely, deviceId, stats, now);
      // The history of network monitoring: a sample at most every `NETWORK_SAMPLE_MS` per device.
      if (now - (this.#sampled.get(deviceId) ?? 0) >= NETWORK_SAMPLE_MS) {
        this.#sampled.set(deviceId, now);
        await sampleNetwork(this.#db.kysely, deviceId, now);
      }
    } catch (error) {
      // A device deleted while connected: its counters have nowhere to go.
      this.#log.debug({ err: error, deviceId }, 'telemetry: network stats not kept');
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#flushNow();
    await this.#ready;
  }

  /** Writes what is buffered now and waits for it (and for a flush already running). */
  async #flushNow(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    while (this.#flushing || this.#batch.waiters.length) {
      if (this.#flushing) await this.#flushing;
      else await this.#flush();
    }
  }

  #schedule(now: boolean): void {
    if (this.#flushing) return; // the running flush starts the next one when it ends
    if (now) {
      clearTimeout(this.#timer);
      this.#timer = undefined;
      void this.#flush();
    } else if (!this.#timer && !this.#soon) {
      // Group commit: with no flush running, what arrived in this turn of the event loop goes
      // now; under load, what arrives while a flush runs goes together in the next one.
      if (this.#flushMs === 0) {
        this.#soon = true;
        setImmediate(() => {
          this.#soon = false;
          void this.#flush();
        });
      } else {
        this.#timer = setTimeout(() => {
          this.#timer = undefined;
          void this.#flush();
        }, this.#flushMs);
      }
    }
  }

  #flush(): Promise<void> {
    // One flush at a time, in order; the running one starts the next when it ends.
    if (this.#flushing) return this.#flushing;
    const batch = this.#batch;
    if (batch.waiters.length === 0) return Promise.resolve();
    this.#batch = new Batch();
    const run = this.#write(batch)
      .then(() => {
        for (const w of batch.waiters) w.resolve();
        this.#publish(batch);
        this.#onRecorded?.(batch.recorded);
      })
      .catch((error: unknown) => {
        this.#log.error({ err: error, devices: batch.devices.size }, 'telemetry: a flush failed');
        // What was counted as stored was not: measure the amplitude from the database again.
        for (const id of batch.devices.keys()) this.#stored.delete(id);
        for (const w of batch.waiters) w.reject(error);
      })
      .finally(() => {
        this.#flushing = undefined;
        if (this.#batch.waiters.length)
          this.#schedule(this.#batch.history.length / 5 >= this.#flushRows || this.#closed);
      });
    this.#flushing = run;
    return run;
  }

  async #write(batch: Batch): Promise<void> {
    // On PostgreSQL a row routed to the default partition while today's partition is being
    // created fails ("violates partition constraint"): the first flush waits for the partitions.
    await this.#ready;
    const latest: Cell[] = [];
    for (const [deviceId, points] of batch.latest) {
      for (const [pointId, l] of points) latest.push(deviceId, pointId, l.at, l.num, l.text);
    }
    const now = Date.now();
    const due = [...batch.devices].filter(([id]) => now - (this.#touched.get(id) ?? 0) >= this.#touchMs);
    const cameOnline: Array<[number, number]> = [];
    await this.#db.kysely.transaction().execute(async (trx) => {
      await this.#statements.history(trx, batch.history);
      await this.#statements.latest(trx, latest);
      for (const [deviceId, at] of due) {
        // Online by data (spec section 4); the last data time feeds the offline job, so it is
        // written at most every `touchMs` rather than on every reading.
        if (await markOnline(trx, deviceId, at, null)) cameOnline.push([deviceId, at]);
        await this.#statements.touch(trx, deviceId, at);
      }
      if (this.#db.engine === 'postgres') {
        for (const notice of this.#hub.notices(batch.devices)) {
          await notifyChannel(trx, LIVE_CHANNEL, notice);
        }
      }
    });
    for (const [deviceId] of due) this.#touched.set(deviceId, now);
    for (const [deviceId, at] of cameOnline) {
      this.#hub.publish({ type: 'status', deviceId, at, status: 'online', reason: null });
    }
  }

  #publish(batch: Batch): void {
    for (const [deviceId, points] of batch.latest) {
      if (!this.#hub.watched(deviceId) || points.size === 0) continue;
      const values: Record<string, Value> = {};
      let at = 0;
      for (const [pointId, l] of points) {
        values[pointId] = l.value;
        if (l.at > at) at = l.at;
      }
      this.#hub.publish({ type: 'data', deviceId, at, values });
    }
  }

  #seedOnce(deviceId: number, points: ReadonlyMap<number, { storage: string }>): Promise<Map<number, number | string>> {
    const running = this.#seeding.get(deviceId);
    if (running) return running;
    const started = this.#seedStored(deviceId, points).finally(() => this.#seeding.delete(deviceId));
    this.#seeding.set(deviceId, started);
    return started;
  }

  async #seedStored(
    deviceId: number,
    points: ReadonlyMap<number, { storage: string }>,
  ): Promise<Map<number, number | string>> {
    const stored = new Map<number, number | string>();
    for (const [pointId, rule] of points) {
      if (rule.storage !== 'onChange') continue;
      const last = await lastStoredReading(this.#db.kysely, deviceId, pointId);
      if (last) stored.set(pointId, last.num ?? last.text ?? 0);
    }
    // Another reading of the same device may have seeded it while this one read.
    const raced = this.#stored.get(deviceId);
    if (raced) return raced;
    this.#stored.set(deviceId, stored);
    return stored;
  }
}
