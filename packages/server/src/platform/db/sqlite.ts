import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** SQLite accepts no booleans or undefined: store them the way both engines read them back. */
function bindable(value: unknown): SQLInputValue {
  if (value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.getTime();
  return value as SQLInputValue;
}

function bindAll(parameters: ReadonlyArray<unknown>): SQLInputValue[] {
  return parameters.map(bindable);
}

/**
 * Kysely's SQLite dialect speaks the better-sqlite3 interface; this adapts Node's built-in
 * `node:sqlite` to it so that the embedded engine needs no native addon.
 */
export function openSqlite(file: string): SqliteDatabase {
  const db = new DatabaseSync(file, { enableForeignKeyConstraints: true, timeout: 5000 });
  // WAL lets readers go on while the writer commits; NORMAL sync is safe in WAL mode.
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000;');
  return {
    close: () => db.close(),
    prepare(sql: string): SqliteStatement {
      const statement = db.prepare(sql);
      return {
        reader: statement.columns().length > 0,
        all: (parameters) => statement.all(...bindAll(parameters)),
        run: (parameters) => statement.run(...bindAll(parameters)),
        iterate: (parameters) => statement.iterate(...bindAll(parameters)),
      };
    },
  };
}
