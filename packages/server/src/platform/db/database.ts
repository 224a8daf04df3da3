import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { statementNameOf } from './reusable.ts';
import type { Database } from './schema.ts';
import { openSqlite } from './sqlite.ts';
import { WriteWatch } from './writes.ts';

export type Engine = 'sqlite' | 'postgres';

/** The one handle to the database every repository receives. */
export interface Db {
  kysely: Kysely<Database>;
  engine: Engine;
  /** Where it lives, without any password: for logs and the health page. */
  location: string;
  close(): Promise<void>;
}

// PostgreSQL returns bigint (ids, epoch milliseconds, count(*)) as text; ours stay below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (text) => Number(text));

export function sqliteFileOf(url: string): string {
  return url.replace(/^(sqlite|file):(\/\/)?/, '');
}

const urls = new WeakMap<Db, string>();

/**
 * The URL a PostgreSQL handle was opened with, password included, for a connection of its own
 * outside the pool (LISTEN); undefined for SQLite. Never log it.
 */
export function databaseUrlOf(db: Db): string | undefined {
  return urls.get(db);
}

/** Opens the database named by `url`: `postgres://...` or `sqlite:path/to/file.db`. */
export function openDatabase(
  url: string,
  options: { poolMax?: number; onPoolError?: (error: Error) => void } = {},
): Db {
  if (url.startsWith('postgres')) {
    const pool = new pg.Pool({ connectionString: url, max: options.poolMax ?? 10 });
    // An idle client can lose its connection (a restart, a killed backend); without a listener
    // the pool would re-throw that as an uncaught error and stop the process. The pool replaces
    // the client on the next checkout, so a log line is all it needs.
    pool.on('error', (error) => options.onPoolError?.(error));
    pool.on('connect', prepareReusedTexts);
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new WriteWatch()] });
    const safe = new URL(url);
    safe.password = safe.password ? '***' : '';
    const db: Db = { kysely, engine: 'postgres', location: safe.toString(), close: () => kysely.destroy() };
    urls.set(db, url);
    return db;
  }
  const file = sqliteFileOf(url);
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const kysely = new Kysely<Database>({
    dialect: new SqliteDialect({ database: openSqlite(file) }),
    plugins: [new WriteWatch()],
  });
  return { kysely, engine: 'sqlite', location: file, close: () => kysely.destroy() };
}

/**
 * Sends the texts `reusable` compiled as named prepared statements: pg parses one the first time a
 * connection sees its name and from then on only binds, and PostgreSQL keeps its plan.
 */
function prepareReusedTexts(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const [text, values] = args;
    const name = typeof text === 'string' ? statementNameOf(text) : undefined;
    return name ? query({ name, text, values }) : query(...args);
  }) as typeof client.query;
}
