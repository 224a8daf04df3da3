import type { CodeChannel, CodePurpose } from '@meridian/contracts';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { deleteInBatches } from '../../platform/db/sql.ts';
import type { VerificationSendsTable } from '../accounts/lifecycle-tables.ts';

type Db = Kysely<Database>;

/** Stores a new code; older live codes for the same target and purpose stop working. */
export async function insertCode(
  db: Db,
  code: { purpose: CodePurpose; channel: CodeChannel; target: string; codeHash: string; expiresAt: number },
  now: number,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable('verification_codes')
      .set({ expires_at: now })
      .where('target', '=', code.target)
      .where('purpose', '=', code.purpose)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', now)
      .execute();
    const row = await trx
      .insertInto('verification_codes')
      .values({
        purpose: code.purpose,
        channel: code.channel,
        target: code.target,
        code_hash: code.codeHash,
        attempts: 0,
        created_at: now,
        expires_at: code.expiresAt,
        consumed_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

/** The code a person may still type for this target and purpose: unused, unexpired, tries left. */
export function liveCode(db: Db, target: string, purpose: CodePurpose, maxAttempts: number, now: number) {
  return db
    .selectFrom('verification_codes')
    .select(['id', 'code_hash as codeHash'])
    .where('target', '=', target)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .where('attempts', '<', maxAttempts)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function countWrongTry(db: Db, id: number): Promise<void> {
  await db
    .updateTable('verification_codes')
    .set({ attempts: sql<number>`attempts + 1` })
    .where('id', '=', id)
    .execute();
}

/** Marks a code used; false when another request used it first. */
export async function consumeCode(db: Db, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('verification_codes')
    .set({ consumed_at: now })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A code whose delivery failed must not be usable by anyone who guesses it. */
export async function expireCode(db: Db, id: number, now: number): Promise<void> {
  await db.updateTable('verification_codes').set({ expires_at: now }).where('id', '=', id).execute();
}

export async function recordSend(db: Db, send: Omit<VerificationSendsTable, 'id'>): Promise<void> {
  await db.insertInto('verification_sends').values(send).execute();
}

/** When the last code for this target and purpose went out (or was quietly skipped), if ever. */
export async function lastSendAt(db: Db, target: string, purpose: CodePurpose): Promise<number | null> {
  const row = await db
    .selectFrom('verification_sends')
    .select((eb) => eb.fn.max('at').as('at'))
    .where('target', '=', target)
    .where('purpose', '=', purpose)
    .where('outcome', '!=', 'failed')
    .executeTakeFirst();
  return row?.at == null ? null : Number(row.at);
}

/** Send attempts to a target, or from an address, since a moment. */
export async function countSends(db: Db, by: { target: string } | { ip: string }, since: number): Promise<number> {
  const row = await db
    .selectFrom('verification_sends')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .$if('target' in by, (q) => q.where('target', '=', 'target' in by ? by.target : ''))
    .$if('ip' in by, (q) => q.where('ip', '=', 'ip' in by ? by.ip : ''))
    .where('at', '>=', since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Codes that went out to a target since a moment (sent, logged, or quietly skipped; not failures). */
export async function countCodesOut(db: Db, target: string, since: number): Promise<number> {
  const row = await db
    .selectFrom('verification_sends')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('target', '=', target)
    .where('outcome', '!=', 'failed')
    .where('at', '>=', since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Send records older than `before`, a batch at a time; for the nightly cleanup (30 days is plenty for support). */
export function deleteOldSends(db: Db, before: number): Promise<number> {
  return deleteInBatches(async (limit) => {
    const ids = db.selectFrom('verification_sends').select('id').where('at', '<', before).limit(limit);
    const result = await db.deleteFrom('verification_sends').where('id', 'in', ids).executeTakeFirst();
    return Number(result.numDeletedRows);
  });
}

/** Codes that expired before `before`, used or not, in one delete; for the nightly cleanup. */
export async function deleteExpiredCodes(db: Db, before: number): Promise<number> {
  const result = await db.deleteFrom('verification_codes').where('expires_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
