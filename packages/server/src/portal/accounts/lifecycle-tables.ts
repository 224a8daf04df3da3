import type { Generated } from 'kysely';

/**
 * Every attempt to send a verification code, delivered or not: the resend wait, the daily and
 * per-address limits are counted from it, and an operator can see why a code never arrived.
 */
export interface VerificationSendsTable {
  id: Generated<number>;
  channel: 'sms' | 'email';
  purpose: 'login' | 'register' | 'reset' | 'bind';
  target: string;
  ip: string | null;
  /** `skipped`: nobody holds the target, so nothing went out (the caller is not told). */
  outcome: 'sent' | 'logged' | 'failed' | 'skipped';
  provider: string | null;
  error: string | null;
  at: number;
}

/** How an account came to be: which app it registered for, and the review of it. */
export interface AccountRegistrationsTable {
  user_id: number;
  app: 'iot' | 'mind';
  decision: 'pending' | 'approved' | 'rejected';
  /** Null when the deployment approved it without review. */
  reviewed_by: number | null;
  reviewed_at: number | null;
  reason: string | null;
  ip: string | null;
  created_at: number;
}

/** Tables of the account lifecycle (codes, registration, password policy), added to `Database`. */
export interface AccountLifecycleTables {
  verification_sends: VerificationSendsTable;
  account_registrations: AccountRegistrationsTable;
}
