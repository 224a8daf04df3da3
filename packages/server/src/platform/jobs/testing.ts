import pino from 'pino';
import { expect, vi } from 'vitest';
import type { Db } from '../db/database.ts';
import type { JobDefinition } from './types.ts';
import { JobWorker } from './worker.ts';

/** Runs one firing of a scheduled job now, as its schedule would queue it, on a worker of that job alone. */
export async function runScheduledOnce(db: Db, job: JobDefinition): Promise<void> {
  const worker = new JobWorker({ db, log: pino({ level: 'silent' }), jobs: [job] });
  await db.kysely
    .insertInto('jobs')
    .values({
      kind: job.kind,
      payload: '{}',
      state: 'queued',
      run_at: 0,
      max_attempts: 3,
      dedupe_key: null,
      locked_by: null,
      locked_until: null,
      last_error: null,
      created_at: 0,
      updated_at: 0,
      finished_at: null,
    })
    .execute();
  await worker.drain();
}

/**
 * Runs `worker` until no job of `kind` is due or waiting for its retry (give the worker retries of
 * a few milliseconds: `baseRetryMs: 1, maxRetryMs: 4`); bounded, for the tests of an outbox.
 */
export async function runJobsUntilSettled(worker: JobWorker, db: Db, kind: string): Promise<void> {
  await vi.waitFor(
    async () => {
      await worker.drain();
      const waiting = await db.kysely
        .selectFrom('jobs')
        .select('id')
        .where('kind', '=', kind)
        .where('state', 'in', ['queued', 'running'])
        .execute();
      expect(waiting, `${kind} jobs still waiting`).toEqual([]);
    },
    { timeout: 10_000, interval: 5 },
  );
}
