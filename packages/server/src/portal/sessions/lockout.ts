import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/http/errors.ts';
import { ADDRESS_THROTTLE, accountThrottle, accountWideThrottle, readPolicy } from '../policy/service.ts';
import { signedInFrom } from './repository.ts';
import {
  checkThrottle,
  clearFailures,
  clearFailuresStartingWith,
  recordFailure,
  type ThrottleRule,
  type ThrottleVerdict,
} from './throttle.ts';

type LockedKey = 'auth.locked' | 'auth.addressLocked' | 'auth.lockedForNewAddress';

/** One failure counter an attempt touches, and whether its lock and waits apply to this attempt. */
interface Counter {
  key: string;
  rule: ThrottleRule;
  locked: LockedKey;
  enforced: boolean;
}

/** The counters of one attempt to prove who one is (decision 0049). */
export interface SignInAttempt {
  counters: readonly Counter[];
  /** The account from this address: the only counter a success clears. */
  pairKey: string;
}

/**
 * The counters an attempt to sign in as `login` touches from the request's address: the address
 * (many accounts tried from one place), the account from this address (which alone locks), and
 * the account from anywhere (many addresses against one account). That last one slows and locks
 * only addresses the account has never signed in from; a code sent to the account's phone does
 * not wait for it, being the way in from a new address while someone else guesses.
 *
 * A known account is counted by its id, whichever of its name, phone or email is typed, so that
 * switching between them buys no tries; an unknown login by its text.
 */
export async function signInAttempt(
  db: Kysely<Database>,
  request: FastifyRequest,
  login: string,
  userId: number | undefined,
  proof: 'password' | 'code',
): Promise<SignInAttempt> {
  const policy = await readPolicy(db);
  const account = userId === undefined ? `login:${login.toLowerCase()}` : `user:${userId}`;
  const address = request.ip;
  // Asked for an unknown login too, so that both take the same reads.
  const known = await signedInFrom(db, userId ?? 0, address);
  const pairKey = `${account}@${address}`;
  return {
    pairKey,
    counters: [
      { key: `ip:${address}`, rule: ADDRESS_THROTTLE, locked: 'auth.addressLocked', enforced: true },
      { key: pairKey, rule: accountThrottle(policy), locked: 'auth.locked', enforced: true },
      {
        key: account,
        rule: accountWideThrottle(policy),
        locked: 'auth.lockedForNewAddress',
        enforced: !known && proof === 'password',
      },
    ],
  };
}

function refusal(verdict: ThrottleVerdict, locked: LockedKey): AppError {
  if ('lockedMs' in verdict) {
    return new AppError(429, locked, { params: { minutes: Math.ceil(verdict.lockedMs / 60_000) } });
  }
  if ('waitSeconds' in verdict)
    return new AppError(429, 'auth.retryAfter', { params: { seconds: verdict.waitSeconds } });
  return new AppError(429, 'http.tooManyRequests');
}

/** Refuses, before any password is checked, while a counter that applies is locked or waiting. */
export async function refuseWhileLocked(db: Kysely<Database>, attempt: SignInAttempt): Promise<void> {
  const now = Date.now();
  for (const counter of attempt.counters) {
    if (!counter.enforced) continue;
    const verdict = await checkThrottle(db, counter.key, counter.rule, now);
    if (!verdict.ok) throw refusal(verdict, counter.locked);
  }
}

/** Counts a failure on every counter; answers the refusal when it locked this address out. */
export async function countFailure(db: Kysely<Database>, attempt: SignInAttempt): Promise<AppError | undefined> {
  const now = Date.now();
  let lockedOut: AppError | undefined;
  for (const counter of attempt.counters) {
    const locked = await recordFailure(db, counter.key, counter.rule, now);
    if (locked && counter.enforced && !lockedOut) {
      lockedOut = refusal({ ok: false, lockedMs: counter.rule.lockMs }, counter.locked);
    }
  }
  return lockedOut;
}

/**
 * A success clears the account's failures from this address only: what others tried from
 * elsewhere still counts against them until its window ends.
 */
export async function countSuccess(db: Kysely<Database>, attempt: SignInAttempt): Promise<void> {
  await clearFailures(db, attempt.pairKey);
}

/** Lifts every lock of an account, from every address: its owner has just proved who they are. */
export async function liftAccountLocks(db: Kysely<Database>, userId: number): Promise<void> {
  await clearFailures(db, `user:${userId}`);
  await clearFailuresStartingWith(db, `user:${userId}@`);
}
