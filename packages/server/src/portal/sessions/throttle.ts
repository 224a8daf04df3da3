import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { deleteAttempts, deleteAttemptsStartingWith, findAttempts, saveAttempts } from './attempts-repository.ts';

/** How sign-in failures are slowed and then locked; the password policy can change the numbers. */
export interface ThrottleRule {
  /** Failures counted within this window. */
  windowMs: number;
  /** From this many failures on, each further try waits `waitSeconds[n - slowAfter]`. */
  slowAfter: number;
  waitSeconds: readonly number[];
  /** This many failures lock the key for `lockMs`. */
  lockAfter: number;
  lockMs: number;
}

export type ThrottleVerdict = { ok: true } | { ok: false; lockedMs: number } | { ok: false; waitSeconds: number };

/** Whether another try is allowed now for `key` (`user:7@10.0.0.8`, `ip:10.0.0.8`). */
export async function checkThrottle(
  db: Kysely<Database>,
  key: string,
  rule: ThrottleRule,
  now: number,
): Promise<ThrottleVerdict> {
  const row = await findAttempts(db, key);
  if (!row) return { ok: true };
  if (row.locked_until && row.locked_until > now) return { ok: false, lockedMs: row.locked_until - now };
  if (now - row.window_start > rule.windowMs) return { ok: true };
  if (row.failures >= rule.slowAfter) {
    const wait = rule.waitSeconds[Math.min(row.failures - rule.slowAfter, rule.waitSeconds.length - 1)] ?? 0;
    const ready = row.last_failure_at + wait * 1000;
    if (ready > now) return { ok: false, waitSeconds: Math.ceil((ready - now) / 1000) };
  }
  return { ok: true };
}

/** Counts a failure; returns true when it locked the key. */
export async function recordFailure(
  db: Kysely<Database>,
  key: string,
  rule: ThrottleRule,
  now: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await findAttempts(trx, key);
    const fresh =
      !row || now - row.window_start > rule.windowMs || (row.locked_until !== null && row.locked_until <= now);
    const failures = fresh ? 1 : row.failures + 1;
    const lockedUntil = failures >= rule.lockAfter ? now + rule.lockMs : null;
    const values = {
      failures,
      window_start: fresh ? now : row.window_start,
      last_failure_at: now,
      locked_until: lockedUntil,
    };
    await saveAttempts(trx, key, values);
    return lockedUntil !== null;
  });
}

export async function clearFailures(db: Kysely<Database>, key: string): Promise<void> {
  await deleteAttempts(db, key);
}

/** Clears every key that begins with `prefix` (an account's counters from each address). */
export async function clearFailuresStartingWith(db: Kysely<Database>, prefix: string): Promise<void> {
  await deleteAttemptsStartingWith(db, prefix);
}
