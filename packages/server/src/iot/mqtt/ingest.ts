import type { Logger } from 'pino';
import type { Db } from '../../platform/db/database.ts';
import type { Telemetry, Transport } from '../telemetry/types.ts';
import { countersFor, type IngestCounters, type IngestEvent } from './counters.ts';
import { BadMessage, type DecodedUp, decodeStatus, decodeUp, readingsOf, statsOf } from './decode.ts';
import { type DeviceDirectory, directoryFor, type KnownDevice } from './directory.ts';

const DAY_MS = 86_400_000;

/**
 * What every transport of JSON devices does with a message once it knows the device: decode,
 * count and log what is bad, and hand the rest to telemetry. The broker, the external broker's
 * subscriber and the HTTP ingest route share it, so the rules are the same on all three.
 */
export class Ingest {
  readonly directory: DeviceDirectory;
  readonly counters: IngestCounters;
  readonly telemetry: Telemetry;
  /** For what a message records besides telemetry (a device's firmware report). */
  readonly db: Db;
  readonly #log: Logger;
  readonly #keepMs: number;

  constructor(db: Db, telemetry: Telemetry, log: Logger, retentionDays: number) {
    this.directory = directoryFor(db);
    this.counters = countersFor(db);
    this.telemetry = telemetry;
    this.db = db;
    this.#log = log;
    this.#keepMs = retentionDays * DAY_MS;
  }

  /** Counts and logs bad input; `detail` says what was wrong, never the payload itself. */
  refuse(event: IngestEvent, context: Record<string, unknown>, detail?: string): void {
    this.counters.add(event);
    this.#log.warn({ ...context, refused: event, detail }, 'device ingest refused input');
  }

  /**
   * An up message. Resolves once the values are committed (the caller acknowledges after it), or
   * with null when the message was refused whole (counted and logged: acknowledging it is right,
   * as sending it again would not make it better). Rejects when storing failed.
   */
  async up(device: KnownDevice, payload: Buffer | string): Promise<DecodedUp | null> {
    let decoded: DecodedUp;
    try {
      decoded = decodeUp(payload, device.points, Date.now(), this.#keepMs);
    } catch (error) {
      if (!(error instanceof BadMessage)) throw error;
      this.refuse(error.kind, { deviceId: device.id, sn: device.sn }, error.message);
      return null;
    }
    await this.store(device, decoded);
    return decoded;
  }

  /** The values of an HTTP report, already parsed by the route. */
  async values(device: KnownDevice, at: number, values: Record<string, unknown>): Promise<DecodedUp> {
    const decoded = { at, clockIgnored: false, ...readingsOf(values, device.points) };
    await this.store(device, decoded);
    return decoded;
  }

  async store(device: KnownDevice, decoded: DecodedUp): Promise<void> {
    this.counters.add('messages');
    if (decoded.clockIgnored) this.counters.add('clockIgnored');
    if (decoded.refused.length) {
      for (const r of decoded.refused) this.counters.add(r.reason);
      this.#log.warn(
        { deviceId: device.id, sn: device.sn, refused: decoded.refused.slice(0, 10), count: decoded.refused.length },
        'device ingest refused values',
      );
    }
    if (decoded.readings.length === 0) return;
    try {
      await this.telemetry.record({ deviceId: device.id, at: decoded.at, readings: decoded.readings });
    } catch (error) {
      this.counters.add('storeFailed');
      this.#log.error({ err: error, deviceId: device.id }, 'device values not stored');
      throw error;
    }
    this.counters.add('values', decoded.readings.length);
  }

  /** A status message: signal and battery, where the device says them. */
  async status(device: KnownDevice, payload: Buffer | string | Record<string, unknown>): Promise<void> {
    let stats: ReturnType<typeof statsOf>;
    try {
      stats = Buffer.isBuffer(payload) || typeof payload === 'string' ? decodeStatus(payload) : statsOf(payload);
    } catch (error) {
      if (!(error instanceof BadMessage)) throw error;
      this.refuse(error.kind, { deviceId: device.id, sn: device.sn }, error.message);
      return;
    }
    if (stats.signal !== undefined || stats.battery !== undefined) await this.telemetry.network(device.id, stats);
  }

  /** The device connected (or, through HTTP or an external broker, spoke): online; `holder` takes its link lease. */
  online(device: KnownDevice, via: Transport, holder?: string): Promise<void> {
    return this.telemetry.online(device.id, Date.now(), via, holder);
  }
}
