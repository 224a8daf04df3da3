import type { Kysely, Transaction, UpdateResult } from 'kysely';
import type { Database } from './schema.ts';

export type TakeOutcome = 'taken' | 'duplicate' | 'full';

class Refused extends Error {
  readonly reason: Exclude<TakeOutcome, 'taken'>;
  constructor(reason: Exclude<TakeOutcome, 'taken'>) {
    super(reason);
    this.reason = reason;
  }
}

/**
 * Takes one place of a quota, all or nothing (decision 0081): `claim` inserts the row that can
 * exist only once and returns it, or nothing when it already existed (a double submission); `raise`
 * adds one to the counter only while it is below the quota. Both in one transaction, so the last
 * place goes to one caller and a refused caller leaves nothing behind.
 */
export async function takeOnce(
  db: Kysely<Database>,
  claim: (trx: Transaction<Database>) => Promise<unknown>,
  raise: (trx: Transaction<Database>) => Promise<UpdateResult>,
): Promise<TakeOutcome> {
  try {
    await db.transaction().execute(async (trx) => {
      if (!(await claim(trx))) throw new Refused('duplicate');
      if (Number((await raise(trx)).numUpdatedRows) === 0) throw new Refused('full');
    });
    return 'taken';
  } catch (error) {
    if (error instanceof Refused) return error.reason;
    throw error;
  }
}
