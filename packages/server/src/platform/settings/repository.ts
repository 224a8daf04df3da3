import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { fromJson, toJson } from '../db/sql.ts';

/** A deployment setting stored as JSON under a key, or `fallback` when none was saved. */
export async function readSetting<T>(db: Kysely<Database>, key: string, fallback: T): Promise<T> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return settingOf(row?.value, fallback);
}

/** A setting's stored value (read by another query, e.g. beside the session) over its fallback. */
export function settingOf<T>(value: unknown, fallback: T): T {
  return value === undefined || value === null ? fallback : { ...fallback, ...fromJson<T>(value) };
}

export async function writeSetting(
  db: Kysely<Database>,
  key: string,
  value: unknown,
  by: number | null,
): Promise<void> {
  const at = Date.now();
  await db
    .insertInto('settings')
    .values({ key, value: toJson(value), updated_at: at, updated_by: by })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: toJson(value), updated_at: at, updated_by: by }))
    .execute();
}

export async function deleteSetting(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('settings').where('key', '=', key).execute();
}
