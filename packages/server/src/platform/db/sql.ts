import type { Page, PageQuery } from '@meridian/contracts';
import { type Kysely, PostgresAdapter, type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import { jsonArrayFrom as pgJsonArray } from 'kysely/helpers/postgres';
import { jsonArrayFrom as sqliteJsonArray } from 'kysely/helpers/sqlite';

/**
 * JSON is text in SQLite and jsonb in PostgreSQL. Always write it as a string (pg would turn a JS
 * array into a PostgreSQL array), and read whichever the engine gave back.
 */
export function toJson(value: unknown): string {
  return JSON.stringify(value ?? null);
}

export function fromJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/**
 * A subquery's rows as one JSON array column, built by the engine's own JSON functions, so that a
 * list and what hangs off each row come back in one read. SQLite answers text: read it with `fromJson`.
 */
export function jsonRows<O>(db: Pick<Kysely<unknown>, 'getExecutor'>, rows: Parameters<typeof sqliteJsonArray<O>>[0]) {
  return db.getExecutor().adapter instanceof PostgresAdapter ? pgJsonArray(rows) : sqliteJsonArray(rows);
}

/**
 * The total of a page whose rows carry it (an uncorrelated `count(*)` subquery, run once): a page
 * past the end has no row to carry it, so only then is it counted apart, by `count`.
 */
export async function totalOf(
  rows: ReadonlyArray<{ total: unknown }>,
  page: PageQuery,
  count: () => Promise<unknown>,
): Promise<number> {
  const first = rows[0];
  if (first) return Number(first.total);
  return page.page === 1 ? 0 : Number(await count());
}

/** Booleans are 0/1 in SQLite and boolean in PostgreSQL; the SQLite adapter already binds true as 1. */
export function toBool(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 't';
}

/** `%keyword%` for LIKE, lower-cased, with LIKE's own wildcards in the keyword taken literally. */
export function containsPattern(keyword: string): string {
  return `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A case-insensitive "contains" on a column, the same on SQLite and PostgreSQL. */
export function contains(column: string, keyword: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${sql.ref(column)}) like ${containsPattern(keyword)} escape '\\'`;
}

/** Throws unless the database answers a trivial query: what the health page reports. */
export async function pingDatabase<DB>(db: Kysely<DB>): Promise<void> {
  await sql`select 1`.execute(db);
}

/** The current time as the integer epoch milliseconds every timestamp column holds. */
export function now(): number {
  return Date.now();
}

/** Runs a list query as one page plus the total, the `{ list, total, page, size }` of every list. */
export async function paginate<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  { page, size }: PageQuery,
): Promise<Page<O>> {
  const counted = (await query
    .clearSelect()
    .clearOrderBy()
    .select(sql<number>`count(*)`.as('total'))
    .executeTakeFirst()) as { total?: number } | undefined;
  const total = Number(counted?.total ?? 0);
  const list =
    total === 0
      ? []
      : await query
          .limit(size)
          .offset((page - 1) * size)
          .execute();
  return { list, total, page, size };
}

/**
 * Repeats a bounded delete until a batch comes back short, so that removing many rows never holds
 * one long write lock (SQLite has one writer) or one huge transaction.
 */
export async function deleteInBatches(deleteBatch: (limit: number) => Promise<number>, batch = 5000): Promise<number> {
  let deleted = 0;
  for (;;) {
    const n = await deleteBatch(batch);
    deleted += n;
    if (n < batch) return deleted;
  }
}
