import { CompiledQuery, type Kysely, sql } from 'kysely';
import type { Engine } from '../../platform/db/database.ts';
import type { Database } from '../../platform/db/schema.ts';

/** The telemetry writer's SQL: its multi-row inserts, the last data time, the live notices and the on-change seed. */

/** A history or latest row as the writer buffers it: device, point, time, number, text. */
export type Cell = number | string | null;

/** Rows per multi-row statement: large enough to amortise the call, small enough for every engine's parameter limit. */
export const ROWS_PER_STATEMENT = 200;
const COLUMNS = 5;

const HISTORY = 'insert into telemetry (device_id, point_id, ts, num, text)';
const LATEST = 'insert into telemetry_latest (device_id, point_id, ts, num, text)';
// An older reading that arrives late (a device's buffered values) never overwrites a newer one.
const LATEST_CONFLICT =
  'on conflict (device_id, point_id) do update set ts = excluded.ts, num = excluded.num, text = excluded.text ' +
  'where excluded.ts >= telemetry_latest.ts';
const UNNEST = 'select * from unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::float8[], $5::text[])';
const PG_HISTORY = `${HISTORY} ${UNNEST} on conflict do nothing`;
const PG_LATEST = `${LATEST} ${UNNEST} ${LATEST_CONFLICT}`;

/**
 * The writer's statements, written once per engine and row count rather than built by the query
 * builder on every flush: at a hundred thousand points a second, compiling the query would cost
 * more than running it. The texts repeat, so SQLite's statement cache prepares each once.
 */
export class WriteStatements {
  readonly #engine: Engine;
  readonly #historyTexts = new Map<number, string>();
  readonly #latestTexts = new Map<number, string>();
  readonly #touch: string;

  constructor(engine: Engine) {
    this.#engine = engine;
    const [a, b] = engine === 'postgres' ? ['$1', '$2'] : ['?1', '?2'];
    this.#touch = `update devices set last_data_at = ${a} where id = ${b} and (last_data_at is null or last_data_at < ${a})`;
  }

  #values(rows: number): string {
    const groups: string[] = [];
    for (let r = 0; r < rows; r++) {
      if (this.#engine === 'sqlite') groups.push('(?,?,?,?,?)');
      else {
        const b = r * COLUMNS;
        groups.push(`($${b + 1},$${b + 2},$${b + 3},$${b + 4},$${b + 5})`);
      }
    }
    return groups.join(',');
  }

  #history(rows: number): string {
    let text = this.#historyTexts.get(rows);
    if (!text) {
      text = `${HISTORY} values ${this.#values(rows)} on conflict do nothing`;
      this.#historyTexts.set(rows, text);
    }
    return text;
  }

  #latest(rows: number): string {
    let text = this.#latestTexts.get(rows);
    if (!text) {
      text = `${LATEST} values ${this.#values(rows)} ${LATEST_CONFLICT}`;
      this.#latestTexts.set(rows, text);
    }
    return text;
  }

  /** Inserts history cells (device, point, time, number, text, flat), a duplicate of a stored reading changing nothing. */
  history(db: Kysely<Database>, cells: readonly Cell[]): Promise<void> {
    if (this.#engine === 'postgres') return this.#unnest(db, PG_HISTORY, cells);
    return this.#insertAll(db, (n) => this.#history(n), cells);
  }

  /** Upserts the newest value of each (device, point), never over a newer one. */
  latest(db: Kysely<Database>, cells: readonly Cell[]): Promise<void> {
    if (this.#engine === 'postgres') return this.#unnest(db, PG_LATEST, cells);
    return this.#insertAll(db, (n) => this.#latest(n), cells);
  }

  /**
   * PostgreSQL: all the flush's rows in one statement of five array parameters, whatever their
   * number. Five parameters for pg to serialise rather than five per row, one round-trip rather
   * than one per 200 rows, and a text that never changes (decision 0161).
   */
  async #unnest(db: Kysely<Database>, text: string, cells: readonly Cell[]): Promise<void> {
    const rows = cells.length / COLUMNS;
    if (rows === 0) return;
    const columns: Cell[][] = [new Array(rows), new Array(rows), new Array(rows), new Array(rows), new Array(rows)];
    for (let r = 0, i = 0; r < rows; r++) {
      for (let c = 0; c < COLUMNS; c++, i++) (columns[c] as Cell[])[r] = cells[i] as Cell;
    }
    await db.executeQuery(CompiledQuery.raw(text, columns));
  }

  /** Writes the device's last data time, never moving it back. */
  async touch(db: Kysely<Database>, deviceId: number, at: number): Promise<void> {
    await db.executeQuery(CompiledQuery.raw(this.#touch, [at, deviceId]));
  }

  /** Runs `text(rows)` over a flat list of cells, `ROWS_PER_STATEMENT` rows at a time. */
  async #insertAll(db: Kysely<Database>, text: (rows: number) => string, cells: readonly Cell[]): Promise<void> {
    const per = ROWS_PER_STATEMENT * COLUMNS;
    for (let i = 0; i < cells.length; i += per) {
      const part = cells.length <= per ? cells : cells.slice(i, i + per);
      await db.executeQuery(CompiledQuery.raw(text(part.length / COLUMNS), part as unknown[]));
    }
  }
}

/** Tells the other processes listening on `channel` (PostgreSQL), when the transaction commits. */
export async function notifyChannel(db: Kysely<Database>, channel: string, notice: string): Promise<void> {
  await sql`select pg_notify(${channel}, ${notice})`.execute(db);
}

/** The last stored reading of a point, what an on-change point's amplitude is measured from. */
export function lastStoredReading(db: Kysely<Database>, deviceId: number, pointId: number) {
  return db
    .selectFrom('telemetry')
    .select(['num', 'text'])
    .where('device_id', '=', deviceId)
    .where('point_id', '=', pointId)
    .orderBy('ts', 'desc')
    .limit(1)
    .executeTakeFirst();
}
