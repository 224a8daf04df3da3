import type { Logger } from 'pino';
import type { Db } from '../../platform/db/database.ts';
import { SECOND } from '../../platform/time.ts';
import type { DeviceReadings } from '../telemetry/types.ts';
import { actOn } from './apply.ts';
import type { Reading } from './conditions.ts';
import { alarmsAfter, lastAlarmId, triggerVersion } from './engine-repository.ts';
import { type DeviceContext, latestValuesOf, loadDevices } from './store.ts';

/** A device's context is read again after this long, to see alarms another process fired or restored. */
const DEVICE_TTL_MS = 30 * SECOND;
/** How often the engine asks whether any trigger was added, edited or deleted, by any process. */
const VERSION_CHECK_MS = 2 * SECOND;

interface Entry {
  /** Undefined for a device gone or disabled, and before the first read. */
  ctx: DeviceContext | undefined;
  /** When `ctx` was read; 0 to read it again at the next batch. */
  readAt: number;
  values: Map<number, Reading>;
  /** Whether `values` holds the device's latest values from the database. */
  seeded: boolean;
}

/**
 * The alarm engine of the process that records telemetry: told of every committed batch, it
 * evaluates each trigger of the device against the newest values and fires, repeats or restores.
 * Per device it keeps the triggers, active alarms and pending conditions in memory, read from the
 * database (the truth on restart) and read again when any trigger changes or after a while.
 * Batches are evaluated one after another, in the order they were written.
 */
export class AlarmEngine {
  readonly #db: Db;
  readonly #log: Logger;
  readonly #devices = new Map<number, Entry>();
  #chain: Promise<void> = Promise.resolve();
  #version = '';
  #versionAt = 0;
  #lastAlarmId: number | undefined;

  constructor(db: Db, log: Logger) {
    this.#db = db;
    this.#log = log;
  }

  /** Queues the evaluation of committed batches; failures are logged and the device read again. */
  evaluate(batches: readonly DeviceReadings[]): void {
    this.#chain = this.#chain.then(() => this.#run(batches));
  }

  /** Resolves once every batch handed over so far has been evaluated. */
  idle(): Promise<void> {
    return this.#chain;
  }

  /** Drops what is kept about a device (or every device): a trigger changed in this process. */
  forget(deviceId?: number): void {
    if (deviceId === undefined) {
      for (const entry of this.#devices.values()) entry.readAt = 0;
    } else {
      const entry = this.#devices.get(deviceId);
      if (entry) entry.readAt = 0;
    }
  }

  async #run(batches: readonly DeviceReadings[]): Promise<void> {
    try {
      await this.#checkVersion(Date.now());
    } catch (error) {
      this.#log.error({ err: error }, 'alarms: reading the trigger version failed');
    }
    try {
      await this.#load(batches, Date.now());
    } catch (error) {
      this.#log.error({ err: error }, 'alarms: reading devices failed');
    }
    for (const batch of batches) {
      try {
        const writing = this.#device(batch);
        if (writing) await writing;
      } catch (error) {
        this.#log.error({ err: error, deviceId: batch.deviceId }, 'alarms: evaluating a batch failed');
        this.forget(batch.deviceId);
      }
    }
  }

  async #checkVersion(now: number): Promise<void> {
    if (now - this.#versionAt < VERSION_CHECK_MS) return;
    this.#versionAt = now;
    const row = await triggerVersion(this.#db.kysely);
    const version = `${row.n}:${row.at}:${row.id}`;
    if (version !== this.#version) {
      if (this.#version) this.forget();
      this.#version = version;
    }
    // Alarms fired elsewhere (the scheduled check, another gateway): their devices are read again.
    const k = this.#db.kysely;
    if (this.#lastAlarmId === undefined) {
      this.#lastAlarmId = await lastAlarmId(k);
      return;
    }
    const fresh = await alarmsAfter(k, this.#lastAlarmId, 1000);
    for (const a of fresh) {
      const id = Number(a.id);
      const ctx = this.#devices.get(Number(a.device_id))?.ctx;
      // An alarm this engine fired itself is already known.
      const known = ctx && [...ctx.active.values()].some((active) => active.id === id);
      if (!known) this.forget(Number(a.device_id));
      this.#lastAlarmId = id;
    }
  }

  /** Reads, together, the devices of the flush that were never read or whose context has expired. */
  async #load(batches: readonly DeviceReadings[], now: number): Promise<void> {
    const stale = new Set<number>();
    for (const { deviceId } of batches) {
      const entry = this.#devices.get(deviceId);
      // A context whose `readAt` an action zeroed (a push another process made) is read again too.
      if (!entry || now - entry.readAt > DEVICE_TTL_MS || entry.ctx?.readAt === 0) stale.add(deviceId);
    }
    if (stale.size === 0) return;
    const ids = [...stale];
    const contexts = await loadDevices(this.#db.kysely, ids, now);
    const unseeded = ids.filter((id) => contexts.get(id)?.triggers.length && !this.#devices.get(id)?.seeded);
    const latest = unseeded.length
      ? await latestValuesOf(this.#db.kysely, unseeded)
      : new Map<number, Map<number, Reading>>();
    for (const id of ids) {
      let entry = this.#devices.get(id);
      if (!entry) {
        entry = { ctx: undefined, readAt: 0, values: new Map(), seeded: false };
        this.#devices.set(id, entry);
      }
      entry.ctx = contexts.get(id);
      entry.readAt = now;
      const seed = latest.get(id);
      if (seed) {
        for (const [pointId, value] of entry.values) seed.set(pointId, value);
        entry.values = seed;
        entry.seeded = true;
      }
    }
  }

  /** Evaluates one batch; a promise only when something is to be written. */
  #device({ deviceId, at, readings }: DeviceReadings): Promise<void> | undefined {
    const entry = this.#devices.get(deviceId);
    if (!entry) return undefined;
    for (const r of readings) if (r.value !== null) entry.values.set(r.pointId, r.value);
    const ctx = entry.ctx;
    if (!ctx || ctx.triggers.length === 0) return undefined;
    // Data just arrived: the device is online and not silent, whatever the database said a moment ago.
    return actOn(this.#db, ctx, { values: entry.values, at, offline: false, lastDataAt: at }, this.#log);
  }
}

const engines = new WeakMap<Db, AlarmEngine>();

/** The alarm engine of the process that holds this database handle. */
export function alarmEngineFor(db: Db, log: Logger): AlarmEngine {
  let engine = engines.get(db);
  if (!engine) {
    engine = new AlarmEngine(db, log.child({ area: 'alarms' }));
    engines.set(db, engine);
  }
  return engine;
}

/** The engine of this database, where one runs, for the trigger calls to drop what it keeps. */
export function runningEngine(db: Db): AlarmEngine | undefined {
  return engines.get(db);
}
