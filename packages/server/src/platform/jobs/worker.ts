import { randomUUID } from 'node:crypto';
import { Cron } from 'croner';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { type Config, loadConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { fromJson } from '../db/sql.ts';
import { claimJobs, completeJob, failJob, insertJob, nextDueAt } from './repository.ts';
import type { JobRow } from './schema.ts';
import type { JobDefinition, Schedule } from './types.ts';

export interface WorkerOptions {
  db: Db;
  log: Logger;
  /** What the jobs read of the deployment's settings; the process's environment when not given. */
  config?: Config;
  jobs: readonly JobDefinition[];
  schedules?: readonly Schedule[];
  pollMs?: number;
  concurrency?: number;
  /** Delay before retry n is `baseRetryMs * 2^(n-1)`, capped at `maxRetryMs`. */
  baseRetryMs?: number;
  maxRetryMs?: number;
}

const DEFAULT_LEASE_MS = 5 * 60_000;

/** Exponential backoff with a little jitter, so that failed jobs do not all come back at once. */
export function retryDelay(attempt: number, baseMs: number, maxMs: number): number {
  const delay = Math.min(baseMs * 2 ** Math.max(0, attempt - 1), maxMs);
  return Math.round(delay * (1 + Math.random() * 0.1));
}

/**
 * Claims due jobs from the jobs table and runs them, a few at a time. Any number of workers, in
 * any number of processes, may share one PostgreSQL database; the embedded engine runs one.
 *
 * A worker claims again as soon as a slot frees while jobs are due, so that its throughput is
 * what the jobs cost, not `concurrency` per poll; with none due it sleeps until the next queued
 * job's time, at most `pollMs` (a job another process queues sooner waits at most that long).
 */
export class JobWorker {
  readonly id = `${process.pid}-${randomUUID().slice(0, 8)}`;
  readonly #opts: Required<Omit<WorkerOptions, 'schedules' | 'config'>> & { schedules: readonly Schedule[] };
  readonly #config: Config;
  readonly #byKind: Map<string, JobDefinition>;
  readonly #running = new Set<Promise<void>>();
  readonly #abort = new AbortController();
  readonly #crons: Cron[] = [];
  #timer: NodeJS.Timeout | undefined;
  #stopped = true;
  /** A claim is under way; ticks asked for meanwhile coalesce into one more (`#again`). */
  #claiming = false;
  #again = false;
  #soonAsked = false;

  constructor(options: WorkerOptions) {
    this.#opts = {
      pollMs: 1000,
      concurrency: 4,
      baseRetryMs: 5000,
      maxRetryMs: 60 * 60_000,
      schedules: [],
      ...options,
    };
    this.#config = options.config ?? loadConfig(process.env);
    this.#byKind = new Map(options.jobs.map((j) => [j.kind, j]));
    for (const s of this.#opts.schedules) {
      if (!this.#byKind.has(s.kind)) throw new Error(`schedule for unknown job kind ${s.kind}`);
    }
  }

  start(): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    for (const s of this.#opts.schedules) {
      this.#crons.push(new Cron(s.cron, { protect: true }, () => this.#fire(s)));
    }
    this.#tick();
  }

  /** Stops claiming, asks running jobs to stop early, and waits for them. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    for (const c of this.#crons.splice(0)) c.stop();
    this.#abort.abort();
    await Promise.allSettled([...this.#running]);
  }

  /** Runs due jobs until none is left; for tests and one-off maintenance. Returns how many ran. */
  async drain(): Promise<number> {
    let ran = 0;
    for (;;) {
      const rows = await this.#claim(this.#opts.concurrency);
      if (rows.length === 0) return ran;
      await Promise.all(rows.map((row) => this.#run(row)));
      ran += rows.length;
    }
  }

  #tick(): void {
    if (this.#stopped) return;
    if (this.#claiming) {
      this.#again = true;
      return;
    }
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const free = this.#opts.concurrency - this.#running.size;
    // Every slot busy: the first run to finish ticks again.
    if (free <= 0) return;
    this.#claiming = true;
    this.#claim(free)
      .then(async (rows) => {
        for (const row of rows) {
          const run = this.#run(row).finally(() => {
            this.#running.delete(run);
            this.#soon();
          });
          this.#running.add(run);
        }
        // As many as asked for: more may be due, and the runs' ends tick again.
        return rows.length === free ? null : await this.#untilNext();
      })
      .catch((error: unknown) => {
        this.#opts.log.error({ err: error }, 'jobs: claiming failed');
        return this.#opts.pollMs;
      })
      .then((wait) => {
        this.#claiming = false;
        if (this.#stopped) return;
        if (this.#again) {
          this.#again = false;
          this.#soon();
        } else if (wait !== null) this.#timer = setTimeout(() => this.#tick(), wait);
      });
  }

  /**
   * Ticks once the event loop has had its turn: with a backlog, runs end and claims follow one
   * another on promises alone (SQLite answers synchronously), which would starve timers, sockets
   * and requests.
   */
  #soon(): void {
    if (this.#soonAsked || this.#stopped) return;
    this.#soonAsked = true;
    setImmediate(() => {
      this.#soonAsked = false;
      this.#tick();
    });
  }

  /** How long to sleep: until the next queued job is due, at most a poll. */
  async #untilNext(): Promise<number> {
    const next = await nextDueAt(this.#opts.db.kysely, [...this.#byKind.keys()]);
    if (next === null) return this.#opts.pollMs;
    // A due job left unclaimed is being claimed by another worker (PostgreSQL): a moment, not a spin.
    return Math.min(this.#opts.pollMs, Math.max(5, next - Date.now()));
  }

  #claim(limit: number): Promise<JobRow[]> {
    const leaseMs = Math.max(...[...this.#byKind.values()].map((j) => j.leaseMs ?? DEFAULT_LEASE_MS));
    return claimJobs(this.#opts.db.kysely, this.#opts.db.engine, this.id, [...this.#byKind.keys()], limit, leaseMs);
  }

  async #run(row: JobRow): Promise<void> {
    const { db, log } = this.#opts;
    const definition = this.#byKind.get(row.kind);
    if (!definition) return;
    const job = {
      id: row.id,
      kind: row.kind,
      payload: fromJson(row.payload),
      attempt: row.attempts,
      maxAttempts: row.max_attempts,
    };
    const jobLog = log.child({ job: row.id, kind: row.kind, attempt: row.attempts });
    try {
      await definition.run(job, { db, log: jobLog, config: this.#config, signal: this.#abort.signal });
      await completeJob(db.kysely, row.id, this.id);
    } catch (error) {
      const last = row.attempts >= row.max_attempts;
      const retryAt = last
        ? null
        : Date.now() + retryDelay(row.attempts, this.#opts.baseRetryMs, this.#opts.maxRetryMs);
      jobLog.warn({ err: error, retryAt }, last ? 'job failed for good' : 'job failed, will retry');
      const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      await failJob(db.kysely, row.id, this.id, message, retryAt).catch((e: unknown) =>
        jobLog.error({ err: e }, 'jobs: recording the failure failed'),
      );
    }
  }

  #fire(schedule: Schedule): void {
    enqueueScheduled(this.#opts.db.kysely, schedule, Date.now()).catch((error: unknown) =>
      this.#opts.log.error({ err: error, schedule: schedule.kind }, 'jobs: scheduling failed'),
    );
  }
}

/**
 * Enqueues one firing of a schedule. Every node with a worker fires within the same minute; the
 * minute in the dedupe key lets only the first enqueue count.
 */
export function enqueueScheduled(db: Kysely<Database>, schedule: Schedule, firedAt: number): Promise<boolean> {
  const minute = Math.floor(firedAt / 60_000) * 60_000;
  const dedupeKey = `${schedule.kind}@${new Date(minute).toISOString()}`;
  return insertJob(db, { kind: schedule.kind, payload: schedule.payload, dedupeKey });
}
