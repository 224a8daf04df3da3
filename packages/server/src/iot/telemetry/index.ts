import type { Logger } from 'pino';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db/database.ts';
import { closeLive, liveFor } from './live.ts';
import type { DeviceReadings, Telemetry } from './types.ts';
import { TelemetryWriter } from './writer.ts';

const writers = new WeakMap<Db, TelemetryWriter>();

/** Told of every committed flush in the process that wrote it, with the batches it held (the alarm engine, issue 6). */
export type RecordedListener = (db: Db, batches: readonly DeviceReadings[], log: Logger) => void;
const recordedListeners = new Set<RecordedListener>();

/** Adds a listener of recorded batches, for every writer of this process; returns its removal. */
export function onRecorded(listener: RecordedListener): () => void {
  recordedListeners.add(listener);
  return () => recordedListeners.delete(listener);
}

/**
 * The telemetry writer of the process that holds this database handle, created on first use:
 * the API (HTTP ingest, live data) and the gateway share one when they run together. A closed
 * writer (its owner stopped) is replaced by a new one on the next call.
 */
export function telemetryFor(db: Db, config: Config, log: Logger): Telemetry {
  let writer = writers.get(db);
  if (!writer || writer.closed) {
    const hub = liveFor(db, config.databaseUrl, log);
    writer = new TelemetryWriter(db, hub, log.child({ area: 'telemetry' }), {
      flushMs: config.TELEMETRY_FLUSH_MS,
      // Written often enough that the offline job never mistakes a talking device for a silent one.
      touchMs: Math.min(30_000, (config.DEVICE_OFFLINE_AFTER_MINUTES * 60_000) / 4),
      onRecorded: (batches) => {
        for (const listener of recordedListeners) {
          try {
            listener(db, batches, log);
          } catch (error) {
            log.error({ err: error }, 'telemetry: a listener of recorded batches failed');
          }
        }
      },
    });
    writers.set(db, writer);
  }
  return writer;
}

/** Flushes this database's writer and closes its live hub, where they were made; for the process's stop. */
export async function closeTelemetry(db: Db): Promise<void> {
  await writers.get(db)?.close();
  await closeLive(db);
}
