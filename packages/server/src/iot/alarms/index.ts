import type { Logger } from 'pino';
import type { Db } from '../../platform/db/database.ts';
import type { DeviceReadings } from '../telemetry/types.ts';
import { alarmEngineFor } from './engine.ts';

export { alarmsCheckJob, alarmsSchedules } from './sweep.ts';

/** The telemetry listener of the alarm engine: every committed batch is evaluated in the process that recorded it. */
export function evaluateRecordedBatches(db: Db, batches: readonly DeviceReadings[], log: Logger): void {
  alarmEngineFor(db, log).evaluate(batches);
}
