import { type Compilable, type CompiledQuery, createQueryId, type Kysely, PostgresAdapter } from 'kysely';

/**
 * Reads that are built and compiled once per shape and afterwards only re-bound.
 *
 * Building a Kysely query and compiling it to SQL costs more CPU than SQLite takes to run most of
 * ours, and the hottest reads (every request's session, the device list) send a handful of shapes
 * again and again (bench/devices.ts). `reusable` builds the query from the caller's values with
 * each string and number swapped for a slot, keeps the compiled SQL under the values' shape, and
 * binds the real values in the slots' places from then on.
 *
 * The shape is what may change the SQL: which values are missing, every boolean (they choose
 * branches), every list's length (`in (?, ?)`), and which strings and numbers are falsy (the empty
 * string, zero), because a builder may test one for truth (`$if(Boolean(keyword), ...)`). Other
 * strings and numbers are bound values only: a builder that computes with one (a `like` pattern,
 * arithmetic) throws while building, so a shape can never be baked with one caller's value and
 * served to another.
 */
export function reusable<DB, V, R>(build: (db: Kysely<DB>, values: V) => Compilable<R>) {
  const compiled = new Map<string, CompiledQuery<R>>();
  return async (db: Kysely<DB>, values: V): Promise<R[]> => {
    const engine = db.getExecutor().adapter instanceof PostgresAdapter ? 'pg' : 'sqlite';
    const key = `${engine}:${shapeOf(values)}`;
    let query = compiled.get(key);
    if (!query) {
      query = build(db, slotted(values, []) as V).compile();
      compiled.set(key, query);
      // Two shapes may compile to one text (a zero bound where another shape binds a number): one name.
      if (engine === 'pg' && !statementNames.has(query.sql) && statementNames.size < MAX_STATEMENTS) {
        statementNames.set(query.sql, `meridian_${statementNames.size + 1}`);
      }
      // Lists' lengths vary with the caller; keep the newest shapes only.
      if (compiled.size > MAX_SHAPES) compiled.delete(compiled.keys().next().value ?? '');
    }
    const parameters = query.parameters.map((p) => (p instanceof Slot ? valueAt(values, p.path) : p));
    const result = await db.executeQuery<R>({ ...query, parameters, queryId: createQueryId() });
    return result.rows;
  };
}

const MAX_SHAPES = 200;

/**
 * On PostgreSQL a reused text also runs as a named prepared statement, so that each connection
 * parses and plans it once: planning cost twice what running the device list did.
 */
const statementNames = new Map<string, string>();
const MAX_STATEMENTS = 1000;

/** The name a reused text is prepared under on PostgreSQL (platform/db/database.ts), if it is one. */
export function statementNameOf(sql: string): string | undefined {
  return statementNames.size === 0 ? undefined : statementNames.get(sql);
}

type Path = ReadonlyArray<string | number>;

/** Where one bound value goes; using it as a value while building throws. */
class Slot {
  readonly path: Path;
  constructor(path: Path) {
    this.path = path;
  }
  [Symbol.toPrimitive](): never {
    throw new Error(`reusable query: ${this.path.join('.')} is bound, not built with`);
  }
}

/**
 * A slot is an object, and so always truthy: the falsy strings and numbers stay themselves, each
 * its own shape, or a builder testing `''` would take the branch meant for a real keyword.
 */
const isFalsyScalar = (value: unknown): boolean =>
  (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') && !value;

/** Plain objects and lists are walked; any other object (a date, a buffer) is one bound value. */
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

function shapeOf(value: unknown): string {
  if (value === undefined) return 'u';
  if (value === null) return 'n';
  if (typeof value === 'boolean') return value ? 'T' : 'F';
  if (isFalsyScalar(value)) return `=${typeof value}:${String(value)}`;
  if (Array.isArray(value)) return `[${value.map(shapeOf).join(',')}]`;
  if (isRecord(value)) {
    return `{${Object.entries(value)
      .map(([k, v]) => `${k}:${shapeOf(v)}`)
      .join(',')}}`;
  }
  return 's';
}

function slotted(value: unknown, path: Path): unknown {
  if (value === undefined || value === null || typeof value === 'boolean' || isFalsyScalar(value)) return value;
  if (Array.isArray(value)) return value.map((v, i) => slotted(v, [...path, i]));
  if (isRecord(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, slotted(v, [...path, k])]));
  }
  return new Slot(path);
}

function valueAt(values: unknown, path: Path): unknown {
  let at = values;
  for (const step of path) at = (at as Record<string | number, unknown>)[step];
  return at;
}
