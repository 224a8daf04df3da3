import type { Kysely } from 'kysely';

/** Typed loosely on purpose: migrations call these, and must not depend on today's table types. */
export type Loose = Kysely<Record<string, Record<string, unknown>>>;
type Values = Record<string, unknown>;

/** A built-in scale by its code. */
export function findBuiltInScale(db: Loose, code: string) {
  return db
    .selectFrom('scales')
    .select(['id', 'current_version_id'])
    .where('code', '=', code)
    .where('built_in', '=', true)
    .executeTakeFirst();
}

export async function insertBuiltInScale(db: Loose, values: Values): Promise<number> {
  const row = await db.insertInto('scales').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/** A version's number and definition. */
export function seededVersion(db: Loose, id: number) {
  return db
    .selectFrom('scale_versions')
    .select(['version', 'definition'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

export async function insertSeedVersion(db: Loose, values: Values): Promise<number> {
  const row = await db.insertInto('scale_versions').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Makes a version the scale's current one. */
export async function pointAtVersion(db: Loose, scaleId: number, versionId: number, itemCount: number, at: number) {
  await db
    .updateTable('scales')
    .set({ current_version_id: versionId, updated_at: at, item_count: itemCount })
    .where('id', '=', scaleId)
    .execute();
}
