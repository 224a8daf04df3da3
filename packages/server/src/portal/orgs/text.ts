import { type RawBuilder, sql } from 'kysely';

/** `%keyword%` for LIKE, lower-cased, with LIKE's own wildcards in the keyword taken literally. */
export function containsPattern(keyword: string): string {
  return `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A case-insensitive "contains" on a column, the same on SQLite and PostgreSQL. */
export function contains(column: string, keyword: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${sql.ref(column)}) like ${containsPattern(keyword)} escape '\\'`;
}
