import { expect, vi } from 'vitest';
import type { Db } from '../db/database.ts';
import type { JobWorker } from './worker.ts';

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
