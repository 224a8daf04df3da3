import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';

/** A job as its handler sees it. */
export interface Job<P = unknown> {
  id: number;
  kind: string;
  payload: P;
  /** 1 on the first run. */
  attempt: number;
  maxAttempts: number;
}

export interface JobContext {
  db: Db;
  log: Logger;
  /** The deployment's settings, as the process that runs the worker loaded them. */
  config: Config;
  /** Aborted when the worker is stopping: a long job should stop early and be retried. */
  signal: AbortSignal;
}

/**
 * One kind of background work, registered by name. A job may run more than once (a node dies
 * after the work but before it is marked done), so a handler must be idempotent.
 */
export interface JobDefinition<P = unknown> {
  kind: string;
  run(job: Job<P>, ctx: JobContext): Promise<void>;
  maxAttempts?: number;
  /** How long one run may hold the job before another worker may take it over. */
  leaseMs?: number;
}

/** Enqueues `kind` on a cron expression; each firing runs once however many nodes schedule it. */
export interface Schedule {
  kind: string;
  cron: string;
  payload?: unknown;
}

export function defineJob<P>(definition: JobDefinition<P>): JobDefinition<P> {
  return definition;
}
