import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { audit } from './service.ts';

/** What was refused: the action to record, why (a reason code), and whom or what it was about. */
export interface Refusal {
  action: string;
  reason: string;
  targetType: string;
  targetId?: number | string;
  detail?: Record<string, unknown>;
}

/**
 * Refusals of one account for one reason within a window: the first is written at once, the rest
 * are counted and written as one summary when the window ends (decision 0050).
 */
interface Window {
  refusal: Refusal;
  /** Past the cap of open windows, new accounts share one: its summary names no single reason. */
  shared: boolean;
  request: FastifyRequest;
  since: number;
  count: number;
  targets: Set<string>;
  routes: Set<string>;
  timer: NodeJS.Timeout;
}

/** How long a window coalesces, how many it keeps open, and how many targets and routes a summary names. */
export const REFUSAL_WINDOW_MS = 60_000;
const MAX_WINDOWS = 1000;
const MAX_NAMED = 20;

/** Open windows per database handle (a test process holds several apps). */
const open = new WeakMap<Kysely<Database>, Map<string, Window>>();

const routeOf = (request: FastifyRequest) => `${request.method} ${request.routeOptions.url ?? request.url}`;

function windowsOf(db: Kysely<Database>): Map<string, Window> {
  let windows = open.get(db);
  if (!windows) {
    windows = new Map();
    open.set(db, windows);
  }
  return windows;
}

async function writeSummary(db: Kysely<Database>, w: Window): Promise<void> {
  if (w.count === 0) return;
  await audit(db, w.request, {
    action: w.refusal.action,
    result: 'fail',
    targetType: w.refusal.targetType,
    detail: {
      reason: w.shared ? 'many' : w.refusal.reason,
      coalesced: w.count,
      since: w.since,
      until: Date.now(),
      targets: [...w.targets],
      routes: [...w.routes],
    },
  });
}

async function close(db: Kysely<Database>, key: string): Promise<void> {
  const windows = windowsOf(db);
  const w = windows.get(key);
  if (!w) return;
  windows.delete(key);
  clearTimeout(w.timer);
  await writeSummary(db, w);
}

/**
 * Records a refused read of protected data: who (the session), what (target and route), why (the
 * reason) and from where (address, browser). A flood cannot turn the audit log into a write
 * amplifier: per account and reason, the first refusal of a window is written at once and the
 * others only counted, then written as one summary entry when the window ends.
 */
export async function recordRefusal(db: Kysely<Database>, request: FastifyRequest, refusal: Refusal): Promise<void> {
  const windows = windowsOf(db);
  const full = windows.size >= MAX_WINDOWS;
  // Past the cap, new accounts share one window: the log stays bounded, the count stays true.
  const key = full ? '*' : `${request.auth?.userId ?? 0}|${refusal.action}|${refusal.reason}`;
  const existing = windows.get(key);
  if (existing) {
    existing.count += 1;
    if (refusal.targetId !== undefined && existing.targets.size < MAX_NAMED)
      existing.targets.add(String(refusal.targetId));
    if (existing.routes.size < MAX_NAMED) existing.routes.add(routeOf(request));
    return;
  }
  const timer = setTimeout(() => {
    close(db, key).catch((error: unknown) => request.server.log.error({ err: error }, 'refusal summary not written'));
  }, REFUSAL_WINDOW_MS);
  timer.unref();
  windows.set(key, {
    refusal,
    shared: full,
    request,
    since: Date.now(),
    count: 0,
    targets: new Set(),
    routes: new Set(),
    timer,
  });
  await audit(db, request, {
    action: refusal.action,
    result: 'fail',
    targetType: refusal.targetType,
    ...(refusal.targetId === undefined ? {} : { targetId: refusal.targetId }),
    detail: { reason: refusal.reason, route: routeOf(request), ...refusal.detail },
  });
}

/** Writes every open window's summary now: at shutdown, so that no count is lost, and in tests. */
export async function flushRefusals(db: Kysely<Database>): Promise<void> {
  for (const key of [...windowsOf(db).keys()]) await close(db, key);
}
