import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { deleteSetting, readSetting, writeSetting } from '../../platform/settings/repository.ts';
import { DAY } from '../../platform/time.ts';
import type { ThrottleRule } from '../sessions/throttle.ts';

/** The password policy an administrator sets (`policy/info`). Length and kinds are the spec's. */
export interface PasswordPolicy {
  /** Days a password lives; 0 means it never expires. */
  expireDays: number;
  /** Failures before an account is locked. */
  lockAfter: number;
  lockMinutes: number;
  /** Failures after which each further try must wait a few seconds. */
  slowAfter: number;
  /** The hint shown beside password fields; empty means the spec's rule sentence. */
  hint: string;
}

export const DEFAULT_POLICY: PasswordPolicy = { expireDays: 0, lockAfter: 5, lockMinutes: 15, slowAfter: 3, hint: '' };

/** The password new and reset accounts get (`policy/default`); its holder must change it at first sign-in. */
export interface DefaultPassword {
  password: string;
}
export const DEFAULT_DEFAULT_PASSWORD: DefaultPassword = { password: 'Meridian@2026' };

export const POLICY_KEY = 'password.policy';
const DEFAULT_KEY = 'password.default';

export const readPolicy = (db: Kysely<Database>) => readSetting(db, POLICY_KEY, DEFAULT_POLICY);
export const savePolicy = (db: Kysely<Database>, policy: PasswordPolicy, by: number) =>
  writeSetting(db, POLICY_KEY, policy, by);
export const recoverPolicy = (db: Kysely<Database>) => deleteSetting(db, POLICY_KEY);
export const readDefaultPassword = (db: Kysely<Database>) => readSetting(db, DEFAULT_KEY, DEFAULT_DEFAULT_PASSWORD);
export const saveDefaultPassword = (db: Kysely<Database>, value: DefaultPassword, by: number) =>
  writeSetting(db, DEFAULT_KEY, value, by);
export const recoverDefaultPassword = (db: Kysely<Database>) => deleteSetting(db, DEFAULT_KEY);

/** When a password set at `changedAt` expires under `policy`, or null when it never does. */
export function passwordExpiresAt(policy: PasswordPolicy, changedAt: number): number | null {
  return policy.expireDays > 0 ? changedAt + policy.expireDays * DAY : null;
}

/** Sign-in throttling per account from one address, from the policy. */
export function accountThrottle(policy: PasswordPolicy): ThrottleRule {
  return {
    windowMs: 15 * 60_000,
    slowAfter: policy.slowAfter,
    waitSeconds: [3, 5],
    lockAfter: policy.lockAfter,
    lockMs: policy.lockMinutes * 60_000,
  };
}

/**
 * Per account from anywhere (decision 0049): slowed like one address, and locked, for addresses
 * the account has never signed in from, only at twice the failures that lock one address, so that
 * one address alone cannot close the account to anyone.
 */
export function accountWideThrottle(policy: PasswordPolicy): ThrottleRule {
  return { ...accountThrottle(policy), lockAfter: policy.lockAfter * 2 };
}

/** Per address, looser than per account: one office shares an address, one attacker tries many accounts. */
export const ADDRESS_THROTTLE: ThrottleRule = {
  windowMs: 15 * 60_000,
  slowAfter: 10,
  waitSeconds: [3, 5],
  lockAfter: 20,
  lockMs: 15 * 60_000,
};
