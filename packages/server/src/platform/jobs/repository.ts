import type { Kysely, Transaction } from 'kysely';
import type { Engine } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { deleteInBatches, toJson } from '../db/sql.ts';
import type { JobRow } from './schema.ts';

export interface NewJob {
  kind: string;
  payload?: unknown;
  runAt?: number;
  /** Two jobs with one key are one job: the second enqueue does nothing. */
  dedupeKey?: string;
  maxAttempts?: number;
}

/**
 * Adds a job. Pass the transaction of the change that caused it, so that the job exists exactly
 * when the change does (the outbox). Returns false when the dedupe key was already used.
 */
export async function insertJob(
  db: Kysely<Database> | Transaction<Database>,
  job: NewJob,
  at = Date.now(),
): Promise<boolean> {
  const result = await db
    .insertInto('jobs')
    .values({
      kind: job.kind,
      payload: toJson(job.payload ?? {}),
      state: 'queued',
      run_at: job.runAt ?? at,
      max_attempts: job.maxAttempts ?? 5,
      dedupe_key: job.dedupeKey ?? null,
      locked_by: null,
      locked_until: null,
      last_error: null,
      created_at: at,
      updated_at: at,
      finished_at: null,
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** A schedule's firing: the job that carries out the one due at `at`, its payload `{ [idName]: id, at }`. */
export interface Firing {
  kind: string;
  idName: string;
  id: number;
  at: number;
  /** Changes with each edit of the schedule, so that an edited or resumed schedule always gets its job. */
  version: number;
  maxAttempts: number;
}

/** Queues a schedule's firing once: its key names the schedule, the time and the schedule's version. */
export function insertFiring(db: Kysely<Database> | Transaction<Database>, firing: Firing) {
  return insertJob(db, {
    kind: firing.kind,
    payload: { [firing.idName]: firing.id, at: firing.at },
    runAt: firing.at,
    dedupeKey: `${firing.kind}:${firing.id}@${firing.at}#${firing.version}`,
    maxAttempts: firing.maxAttempts,
  });
}

/**
 * Takes up to `limit` due jobs for `worker`, including running jobs whose lease ran out (their
 * worker died). PostgreSQL skips rows another worker holds; SQLite has one writer at a time, so
 * the single UPDATE is already exclusive.
 */
export async function claimJobs(
  db: Kysely<Database>,
  engine: Engine,
  worker: string,
  kinds: readonly string[],
  limit: number,
  leaseMs: number,
  at = Date.now(),
): Promise<JobRow[]> {
  // Guard against running an invalid `in ()` query when no kind is registered.
  if (kinds.length === 0 || limit <= 0) return [];
  let due = db
    .selectFrom('jobs')
    .select('id')
    .where('kind', 'in', kinds)
    .where((eb) =>
      eb.or([
        eb.and([eb('state', '=', 'queued'), eb('run_at', '<=', at)]),
        eb.and([eb('state', '=', 'running'), eb('locked_until', '<', at)]),
      ]),
    )
    .orderBy('run_at')
    .limit(limit);
  if (engine === 'postgres') due = due.forUpdate().skipLocked();
  return db
    .updateTable('jobs')
    .set((eb) => ({
      state: 'running',
      locked_by: worker,
      locked_until: at + leaseMs,
      attempts: eb('attempts', '+', 1),
      updated_at: at,
    }))
    .where('id', 'in', due)
    .returningAll()
    .execute();
}

/** When the next queued job of these kinds is due, if any: the worker sleeps until then rather than a whole poll. */
export async function nextDueAt(db: Kysely<Database>, kinds: readonly string[]): Promise<number | null> {
  if (kinds.length === 0) return null;
  const row = await db
    .selectFrom('jobs')
    .select((eb) => eb.fn.min('run_at').as('at'))
    .where('state', '=', 'queued')
    .where('kind', 'in', kinds)
    .executeTakeFirst();
  return row?.at == null ? null : Number(row.at);
}

/** Marks a run done, unless another worker has taken the job over meanwhile. */
export async function completeJob(db: Kysely<Database>, id: number, worker: string, at = Date.now()): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ state: 'done', locked_by: null, locked_until: null, last_error: null, updated_at: at, finished_at: at })
    .where('id', '=', id)
    .where('locked_by', '=', worker)
    .execute();
}

/** Records a failed run: back to the queue at `retryAt`, or failed for good when `retryAt` is null. */
export async function failJob(
  db: Kysely<Database>,
  id: number,
  worker: string,
  error: string,
  retryAt: number | null,
  at = Date.now(),
): Promise<void> {
  await db
    .updateTable('jobs')
    .set({
      state: retryAt === null ? 'failed' : 'queued',
      run_at: retryAt ?? at,
      locked_by: null,
      locked_until: null,
      last_error: error.slice(0, 2000),
      updated_at: at,
      finished_at: retryAt === null ? at : null,
    })
    .where('id', '=', id)
    .where('locked_by', '=', worker)
    .execute();
}

/** Deletes finished jobs older than the cut-offs, a batch at a time; returns how many went. */
export function deleteFinishedJobs(db: Kysely<Database>, doneBefore: number, failedBefore: number): Promise<number> {
  return deleteInBatches(async (limit) => {
    const ids = db
      .selectFrom('jobs')
      .select('id')
      .where((eb) =>
        eb.or([
          eb.and([eb('state', '=', 'done'), eb('finished_at', '<', doneBefore)]),
          eb.and([eb('state', '=', 'failed'), eb('finished_at', '<', failedBefore)]),
        ]),
      )
      .limit(limit);
    const result = await db.deleteFrom('jobs').where('id', 'in', ids).executeTakeFirst();
    return Number(result.numDeletedRows);
  });
}
