import type { Seed } from '../../platform/feature.ts';
import { insertJob } from '../../platform/jobs/repository.ts';
import { defineJob, type Schedule } from '../../platform/jobs/types.ts';
import { MINUTE } from '../../platform/time.ts';
import { countMissing } from './service.ts';

export const OPS_JOB = 'iot.operations.count';

/** Counts the days and months not yet counted; a run with nothing to count reads two small tables. */
export const operationsJob = defineJob({
  kind: OPS_JOB,
  maxAttempts: 3,
  leaseMs: 30 * MINUTE,
  async run(_job, { db, log }) {
    const counted = await countMissing(db.kysely);
    if (counted.days.length + counted.months.length > 0) log.info(counted, 'operation statistics counted');
  },
});

/**
 * Hourly: the first run after 01:00 counts the day before (spec section 9), and on the 1st the
 * month before; the other runs find nothing to count. Hourly rather than once at 01:00 so that the
 * deployment's time zone, not the process's, decides when a day is over.
 */
export const operationsSchedules: Schedule[] = [{ kind: OPS_JOB, cron: '7 * * * *' }];

/** On every start, a run that makes up the days the server was down for (once per hour however many processes start). */
export const operationsCatchUp: Seed = async ({ db }) => {
  const hour = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000).toISOString();
  await insertJob(db.kysely, { kind: OPS_JOB, dedupeKey: `${OPS_JOB}@start-${hour}`, maxAttempts: 3 });
};
