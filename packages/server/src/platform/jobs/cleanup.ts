import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { DAY } from '../time.ts';
import { deleteFinishedJobs } from './repository.ts';
import { defineJob, type JobDefinition, type Schedule } from './types.ts';

/** What a cleanup may read besides the database: the deployment's settings and the job's log. */
export interface CleanupContext {
  config: Config;
  log: Pick<Logger, 'info' | 'warn'>;
}

/** One kind of expired row, removed by the nightly cleanup. Returns how many rows went. */
export interface Cleanup {
  name: string;
  run(db: Db, now: number, ctx: CleanupContext): Promise<number>;
}

export const finishedJobsCleanup: Cleanup = {
  name: 'finished jobs',
  // Done jobs are kept a week for inspection; failed ones a month, so that someone can see why.
  run: (db, now) => deleteFinishedJobs(db.kysely, now - 7 * DAY, now - 30 * DAY),
};

export const CLEANUP_KIND = 'platform.cleanup';

/** The nightly cleanup: every feature's expired rows, one after another. */
export function cleanupJob(cleanups: readonly Cleanup[]): JobDefinition {
  return defineJob({
    kind: CLEANUP_KIND,
    maxAttempts: 3,
    async run(_job, { db, log, config, signal }) {
      for (const cleanup of cleanups) {
        if (signal.aborted) throw new Error('stopped before the cleanup finished');
        const removed = await cleanup.run(db, Date.now(), { config, log });
        log.info({ cleanup: cleanup.name, removed }, 'cleanup done');
      }
    },
  });
}

export const cleanupSchedule: Schedule = { kind: CLEANUP_KIND, cron: '30 3 * * *' };
