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
  /** Buffered readings that start a flush at once. */
  flushReadings?: number;
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

/** What one flush writes: the readings handed over since the last one, and who waits for them. */
class Batch {
  recorded: DeviceReadings[] = [];
  readings = 0;
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
  readonly #flushReadings: number;
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
    this.#flushReadings = options.flushReadings ?? 100_000;
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

  /**
   * Hands readings over; resolves once they are committed. Nothing is decided here: the flush
   * reads the storage rules of all its devices at once and decides what each reading keeps.
   */
  record(readings: DeviceReadings): Promise<void> {
    if (this.#closed) return Promise.reject(new Error('telemetry is closed'));
    const batch = this.#batch;
    batch.recorded.push(readings);
    batch.readings += readings.readings.length;
    return new Promise<void>((resolve, reject) => {
      batch.waiters.push({ resolve, reject });
      this.#schedule(batch.readings >= this.#flushReadings);
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
      .then((written) => {
        for (const w of batch.waiters) w.resolve();
        this.#publish(written);
        this.#onRecorded?.(written);
      })
      .catch((error: unknown) => {
        this.#log.error({ err: error, readings: batch.readings }, 'telemetry: a flush failed');
        // What was counted as stored was not: measure the amplitude from the database again.
        for (const r of batch.recorded) this.#stored.delete(r.deviceId);
        for (const w of batch.waiters) w.reject(error);
      })
      .finally(() => {
        this.#flushing = undefined;
        if (this.#batch.waiters.length) this.#schedule(this.#batch.readings >= this.#flushReadings || this.#closed);
      });
    this.#flushing = run;
    return run;
  }

  /**
   * Writes a batch in one transaction: each reading of an enabled device updates its point's
   * latest value (the newest wins) and goes to history as the point's storage rule says, in the
   * order the readings came. The storage rules of all the batch's devices are read together, and
   * nothing is allocated per reading but its cells. What was written, the alarm engine's input.
   */
  async #write(batch: Batch): Promise<DeviceReadings[]> {
    // On PostgreSQL a row routed to the default partition while today's partition is being
    // created fails ("violates partition constraint"): the first flush waits for the partitions.
    await this.#ready;
    const byDevice = new Map<number, DeviceReadings[]>();
    for (const r of batch.recorded) {
      const list = byDevice.get(r.deviceId);
      if (list) list.push(r);
      else byDevice.set(r.deviceId, [r]);
    }
    const rules = await this.#rules.rulesOf([...byDevice.keys()]);
    const written: DeviceReadings[] = [];
    /** Each device's newest data time. */
    const devices = new Map<number, number>();
    const history: Cell[] = [];
    const latest: Cell[] = [];
    /** Where each point of the device at hand has its latest cells. */
    const at = new Map<number, number>();
    for (const [deviceId, records] of byDevice) {
      const rule = rules.get(deviceId);
      // Data of a device that is gone or disabled is not kept: a disabled device is not online.
      if (!rule?.enabled) continue;
      const stored = this.#stored.get(deviceId) ?? (await this.#seedOnce(deviceId, rule.points));
      at.clear();
      let newest = 0;
      for (const record of records) {
        written.push(record);
        if (record.at > newest) newest = record.at;
        for (const { pointId, value } of record.readings) {
          if (value === null) continue;
          const num = typeof value === 'number' ? value : typeof value === 'boolean' ? (value ? 1 : 0) : null;
          if (num !== null && !Number.isFinite(num)) continue;
          const text = typeof value === 'string' ? value : null;
          const i = at.get(pointId);
          if (i === undefined) {
            at.set(pointId, latest.length);
            latest.push(deviceId, pointId, record.at, num, text);
          } else if ((latest[i + 2] as number) <= record.at) {
            latest[i + 2] = record.at;
            latest[i + 3] = num;
            latest[i + 4] = text;
          }
          const comparable = num ?? (text as string);
          const pointRule = rule.points.get(pointId);
          if (shouldStore(pointRule, comparable, stored.get(pointId))) {
            history.push(deviceId, pointId, record.at, num, text);
            if (pointRule?.storage === 'onChange') stored.set(pointId, comparable);
          }
        }
      }
      devices.set(deviceId, newest);
    }
    if (written.length === 0) return written;
    const now = Date.now();
    const due = [...devices].filter(([id]) => now - (this.#touched.get(id) ?? 0) >= this.#touchMs);
    const cameOnline: Array<[number, number]> = [];
    await this.#db.kysely.transaction().execute(async (trx) => {
      await this.#statements.history(trx, history);
      await this.#statements.latest(trx, latest);
      // Online by data (spec section 4); the last data time feeds the offline job, so it is
      // written at most every `touchMs` rather than on every reading.
      if (this.#db.engine === 'postgres') cameOnline.push(...(await this.#statements.arrived(trx, due)));
      else
        for (const [deviceId, at] of due) {
          if (await markOnline(trx, deviceId, at, null)) cameOnline.push([deviceId, at]);
          await this.#statements.touch(trx, deviceId, at);
        }
      if (this.#db.engine === 'postgres') {
        for (const notice of this.#hub.notices(devices)) {
          await notifyChannel(trx, LIVE_CHANNEL, notice);
        }
      }
    });
    for (const [deviceId] of due) this.#touched.set(deviceId, now);
    for (const [deviceId, at] of cameOnline) {
      this.#hub.publish({ type: 'status', deviceId, at, status: 'online', reason: null });
    }
    return written;
  }

  /** The newest value of each point, to the live pages of the devices someone is watching. */
  #publish(written: readonly DeviceReadings[]): void {
    let watched: Map<number, { at: number; values: Record<string, Value>; times: Map<number, number> }> | undefined;
    for (const { deviceId, at, readings } of written) {
      if (!this.#hub.watched(deviceId)) continue;
      watched ??= new Map();
      let device = watched.get(deviceId);
      if (!device) {
        device = { at: 0, values: {}, times: new Map() };
        watched.set(deviceId, device);
      }
      for (const { pointId, value } of readings) {
        if (value === null || (typeof value === 'number' && !Number.isFinite(value))) continue;
        if ((device.times.get(pointId) ?? Number.NEGATIVE_INFINITY) > at) continue;
        device.times.set(pointId, at);
        device.values[pointId] = value;
        if (at > device.at) device.at = at;
      }
    }
    for (const [deviceId, { at, values }] of watched ?? []) {
      if (Object.keys(values).length) this.#hub.publish({ type: 'data', deviceId, at, values });
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
