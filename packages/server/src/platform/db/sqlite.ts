import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** SQLite accepts no booleans or undefined: store them the way both engines read them back. */
function bindable(value: unknown): SQLInputValue {
  if (value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.getTime();
  return value as SQLInputValue;
}

const STATEMENT_CACHE_SIZE = 500;

function bindAll(parameters: ReadonlyArray<unknown>): SQLInputValue[] {
  return parameters.map(bindable);
}

/**
 * Kysely's SQLite dialect speaks the better-sqlite3 interface; this adapts Node's built-in
 * `node:sqlite` to it so that the embedded engine needs no native addon.
 */
export function openSqlite(file: string): SqliteDatabase {
  const db = new DatabaseSync(file, { enableForeignKeyConstraints: true, timeout: 5000 });
  // WAL lets readers go on while the writer commits; NORMAL sync is safe in WAL mode. Pages are
  // read through a memory map and kept in a 64 MiB cache (2 MiB by default): a read() per page
  // missed cost the device list a quarter of its throughput (decision 0042).
  db.exec(
    'PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000; ' +
      'PRAGMA cache_size = -65536; PRAGMA mmap_size = 268435456;',
  );
  // Preparing costs more than running most of our queries, and Kysely sends the same texts again
  // and again: keep the most recent statements. `all` and `run` finish before they return, so a
  // cached statement is never in use twice; an iteration may be left open, so it gets its own.
  const cache = new Map<string, { statement: StatementSync; reader: boolean }>();
  const prepared = (sql: string) => {
    const hit = cache.get(sql);
    if (hit) {
      cache.delete(sql);
      cache.set(sql, hit);
      return hit;
    }
    const statement = db.prepare(sql);
    const entry = { statement, reader: statement.columns().length > 0 };
    cache.set(sql, entry);
    if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value ?? '');
    return entry;
  };
  return {
    close: () => {
      cache.clear();
      db.close();
    },
    prepare(sql: string): SqliteStatement {
      // A transaction takes the write lock when it begins (Kysely sends a plain `begin`). A deferred
      // one that reads and then writes fails at once ("database is locked", SQLITE_BUSY_SNAPSHOT)
      // when another process (a gateway beside the API) committed in between: waiting cannot help it.
      // Begun immediate, it waits its turn (busy_timeout) and reads what it then writes on.
      const { statement, reader } = prepared(sql === 'begin' ? 'begin immediate' : sql);
      return {
        reader,
        all: (parameters) => statement.all(...bindAll(parameters)),
        run: (parameters) => statement.run(...bindAll(parameters)),
        iterate: (parameters) => db.prepare(sql).iterate(...bindAll(parameters)),
      };
    },
  };
}
