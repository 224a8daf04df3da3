import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { LoginAttemptsTable } from '../identity/tables.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The failure counter of one key (`user:7@10.0.0.8`, `ip:10.0.0.8`), if it has one. */
export function findAttempts(db: Db, key: string): Promise<LoginAttemptsTable | undefined> {
  return db.selectFrom('login_attempts').selectAll().where('key', '=', key).executeTakeFirst();
}

/** Writes a key's counter, new or over the old one. */
export async function saveAttempts(db: Db, key: string, values: Omit<LoginAttemptsTable, 'key'>): Promise<void> {
  await db
    .insertInto('login_attempts')
    .values({ key, ...values })
    .onConflict((oc) => oc.column('key').doUpdateSet(values))
    .execute();
}

export async function deleteAttempts(db: Db, key: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('key', '=', key).execute();
}

/** Deletes every counter whose key begins with `prefix`, LIKE's wildcards in it taken literally. */
export async function deleteAttemptsStartingWith(db: Db, prefix: string): Promise<void> {
  const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  await db
    .deleteFrom('login_attempts')
    .where(sql<boolean>`${sql.ref('key')} like ${pattern} escape '\\'`)
    .execute();
}
