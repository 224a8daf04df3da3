import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openTestDb } from '../../../test/db.ts';
import { loadConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import { cleanupJob, finishedJobsCleanup } from './cleanup.ts';
import { insertJob } from './repository.ts';
import { defineJob, type JobDefinition } from './types.ts';
import { enqueueScheduled, JobWorker, retryDelay } from './worker.ts';

const log = pino({ level: 'silent' });
let db: Db;
let close: () => Promise<void>;

beforeEach(async () => {
  ({ db, close } = await openTestDb());
});
afterEach(() => close());

const jobs = (kind?: string) =>
  db.kysely
    .selectFrom('jobs')
    .selectAll()
    .$if(kind !== undefined, (q) => q.where('kind', '=', kind ?? ''))
    .orderBy('id')
    .execute();

function worker(definitions: JobDefinition[], extra: Partial<ConstructorParameters<typeof JobWorker>[0]> = {}) {
  return new JobWorker({ db, log, jobs: definitions, pollMs: 10, baseRetryMs: 60_000, ...extra });
}

describe('the job queue', () => {
  it('runs a queued job once with its payload and marks it done', async () => {
    const seen: unknown[] = [];
    const w = worker([defineJob<{ to: string }>({ kind: 'mail', run: async (job) => void seen.push(job.payload) })]);
    await insertJob(db.kysely, { kind: 'mail', payload: { to: 'ops@example.com' } });
    expect(await w.drain()).toBe(1);
    expect(await w.drain()).toBe(0);
    expect(seen).toEqual([{ to: 'ops@example.com' }]);
    expect((await jobs())[0]).toMatchObject({ state: 'done', attempts: 1, locked_by: null });
  });

  it('runs a backlog as fast as the jobs go, not `concurrency` per poll, and lets timers run meanwhile', async () => {
    let done = 0;
    const w = worker([defineJob({ kind: 'quick', run: async () => void done++ })], { pollMs: 60_000, concurrency: 2 });
    for (let i = 0; i < 300; i++) await insertJob(db.kysely, { kind: 'quick' });
    w.start();
    // A timer set as the backlog starts fires while it runs: the worker gives the event loop its turns.
    const seenByTimer = await new Promise<number>((resolve) => setTimeout(() => resolve(done), 1));
    await expect.poll(() => done, { timeout: 10_000 }).toBe(300);
    await w.stop();
    expect(seenByTimer).toBeLessThan(300);
  });

  it('sleeps until the next job is due rather than a whole poll, and runs it on time', async () => {
    const ran: number[] = [];
    const w = worker([defineJob({ kind: 'soon', run: async () => void ran.push(Date.now()) })], { pollMs: 60_000 });
    const due = Date.now() + 300;
    await insertJob(db.kysely, { kind: 'soon', runAt: due });
    w.start();
    await expect.poll(() => ran.length, { timeout: 5_000 }).toBe(1);
    await w.stop();
    expect(ran[0]).toBeGreaterThanOrEqual(due);
  });

  it('does not run a job before its time', async () => {
    const w = worker([defineJob({ kind: 'later', run: async () => undefined })]);
    await insertJob(db.kysely, { kind: 'later', runAt: Date.now() + 60_000 });
    expect(await w.drain()).toBe(0);
  });

  it('enqueues a job once per dedupe key', async () => {
    expect(await insertJob(db.kysely, { kind: 'push', dedupeKey: 'alarm-7-fired' })).toBe(true);
    expect(await insertJob(db.kysely, { kind: 'push', dedupeKey: 'alarm-7-fired' })).toBe(false);
    expect(await jobs('push')).toHaveLength(1);
  });

  it('retries a failing job with growing delays, then gives up and keeps the reason', async () => {
    let runs = 0;
    const w = worker([
      defineJob({
        kind: 'flaky',
        run: async () => {
          runs += 1;
          throw new Error(`provider timed out (${runs})`);
        },
      }),
    ]);
    await insertJob(db.kysely, { kind: 'flaky', maxAttempts: 3 });
    const before = Date.now();
    await w.drain();
    let [row] = await jobs();
    expect(row).toMatchObject({ state: 'queued', attempts: 1, last_error: 'Error: provider timed out (1)' });
    expect(row.run_at).toBeGreaterThanOrEqual(before + 60_000);

    for (const attempt of [2, 3]) {
      await db.kysely.updateTable('jobs').set({ run_at: 0 }).execute();
      await w.drain();
      [row] = await jobs();
      expect(row.attempts).toBe(attempt);
    }
    expect(row).toMatchObject({ state: 'failed', last_error: 'Error: provider timed out (3)' });
    expect(row.finished_at).not.toBeNull();
    expect(runs).toBe(3);
  });

  it('doubles the retry delay each attempt up to the cap', () => {
    expect(retryDelay(1, 1000, 60_000)).toBeGreaterThanOrEqual(1000);
    expect(retryDelay(1, 1000, 60_000)).toBeLessThanOrEqual(1100);
    expect(retryDelay(4, 1000, 60_000)).toBeGreaterThanOrEqual(8000);
    expect(retryDelay(20, 1000, 60_000)).toBeLessThanOrEqual(66_000);
  });

  it('takes over a job whose worker died while holding it', async () => {
    await insertJob(db.kysely, { kind: 'report' });
    await db.kysely
      .updateTable('jobs')
      .set({ state: 'running', locked_by: 'dead-node', locked_until: Date.now() - 1, attempts: 1 })
      .execute();
    let ran = 0;
    const report = defineJob({
      kind: 'report',
      run: async () => {
        ran += 1;
      },
    });
    const w = worker([report]);
    await w.drain();
    expect(ran).toBe(1);
    expect((await jobs())[0]).toMatchObject({ state: 'done', attempts: 2 });
  });

  it('runs every job exactly once with several workers at work together', async () => {
    const runsById = new Map<number, number>();
    const ranBy = new Set<number>();
    // Each worker's first job waits until all three have one: from then on they claim side by side.
    const counting = (workerNo: number) =>
      defineJob({
        kind: 'count',
        run: async (job) => {
          runsById.set(job.id, (runsById.get(job.id) ?? 0) + 1);
          ranBy.add(workerNo);
          await vi.waitFor(() => expect(ranBy.size).toBe(3), { timeout: 10_000 });
        },
      });
    for (let i = 0; i < 60; i++) await insertJob(db.kysely, { kind: 'count' });
    const workers = [1, 2, 3].map((n) => worker([counting(n)], { concurrency: 4 }));
    await Promise.all(workers.map((w) => w.drain()));
    expect(ranBy.size).toBe(3);
    expect(runsById.size).toBe(60);
    expect([...runsById.values()].every((n) => n === 1)).toBe(true);
  });

  it('polls on its own once started and stops cleanly', async () => {
    let resolveRan: () => void = () => undefined;
    const ran = new Promise<void>((r) => {
      resolveRan = r;
    });
    const w = worker([defineJob({ kind: 'tick', run: async () => resolveRan() })]);
    w.start();
    await insertJob(db.kysely, { kind: 'tick' });
    await ran;
    await w.stop();
    await expect.poll(async () => (await jobs())[0].state).toBe('done');
  });

  it('enqueues one job per schedule firing, however many nodes fire it', async () => {
    const firedAt = Date.UTC(2026, 10, 21, 3, 30, 0, 120);
    await enqueueScheduled(db.kysely, { kind: 'platform.cleanup', cron: '30 3 * * *' }, firedAt);
    await enqueueScheduled(db.kysely, { kind: 'platform.cleanup', cron: '30 3 * * *' }, firedAt + 700);
    const rows = await jobs('platform.cleanup');
    expect(rows).toHaveLength(1);
    expect(rows[0].dedupe_key).toBe('platform.cleanup@2026-11-21T03:30:00.000Z');
  });
});

describe('the nightly cleanup', () => {
  it('removes done jobs after a week and failed ones after a month, and nothing newer', async () => {
    const day = 24 * 60 * 60_000;
    const now = Date.now();
    const add = async (state: 'done' | 'failed' | 'queued', ageDays: number) => {
      await insertJob(db.kysely, { kind: `${state}-${ageDays}` });
      await db.kysely
        .updateTable('jobs')
        .set({ state, finished_at: state === 'queued' ? null : now - ageDays * day })
        .where('kind', '=', `${state}-${ageDays}`)
        .execute();
    };
    await add('done', 8);
    await add('done', 6);
    await add('failed', 31);
    await add('failed', 29);
    await add('queued', 90);
    expect(await finishedJobsCleanup.run(db, now, { config: loadConfig({}), log })).toBe(2);
    expect((await jobs()).map((j) => j.kind)).toEqual(['done-6', 'failed-29', 'queued-90']);
  });

  it('runs as a job through the worker', async () => {
    const w = worker([cleanupJob([finishedJobsCleanup])]);
    await insertJob(db.kysely, { kind: 'platform.cleanup' });
    expect(await w.drain()).toBe(1);
    expect((await jobs('platform.cleanup'))[0].state).toBe('done');
  });
});
