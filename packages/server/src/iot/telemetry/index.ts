import type { Logger } from 'pino';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db/database.ts';
import type { Telemetry } from './types.ts';

/**
 * The telemetry writer of the process that holds this database handle, created on first use:
 * the API (HTTP ingest, live data) and the gateway share one when they run together.
 */
export function telemetryFor(_db: Db, _config: Config, _log: Logger): Telemetry {
  throw new Error('telemetry is being built');
}
