import { CompiledQuery, type Kysely, sql } from 'kysely';
import type { Engine } from '../../platform/db/database.ts';
import type { Database } from '../../platform/db/schema.ts';

/** The telemetry writer's SQL: its multi-row inserts, the last data time, the live notices and the on-change seed. */

/** A history or latest row as the writer buffers it: device, point, time, number, text. */
export type Cell = number | string | null;

/** Rows per multi-row statement: large enough to amortise the call, small enough for every engine's parameter limit. */
export const ROWS_PER_STATEMENT = 200;
const COLUMNS = 5;

/**
 * The writer's statements, written once per engine and row count rather than built by the query
 * builder on every flush: at a hundred thousand points a second, compiling the query would cost
 * more than running it. The texts repeat, so SQLite's statement cache prepares each once.
 */
export class WriteStatements {
  readonly #engine: Engine;
  readonly #history = new Map<number, string>();
  readonly #latest = new Map<number, string>();
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

  history(rows: number): string {
    let text = this.#history.get(rows);
    if (!text) {
      text = `insert into telemetry (device_id, point_id, ts, num, text) values ${this.#values(rows)} on conflict do nothing`;
      this.#history.set(rows, text);
    }
    return text;
  }

  latest(rows: number): string {
    let text = this.#latest.get(rows);
    if (!text) {
      // An older reading that arrives late (a device's buffered values) never overwrites a newer one.
      text =
        `insert into telemetry_latest (device_id, point_id, ts, num, text) values ${this.#values(rows)} ` +
        'on conflict (device_id, point_id) do update set ts = excluded.ts, num = excluded.num, text = excluded.text ' +
        'where excluded.ts >= telemetry_latest.ts';
      this.#latest.set(rows, text);
    }
    return text;
  }

  /** Writes the device's last data time, never moving it back. */
  async touch(db: Kysely<Database>, deviceId: number, at: number): Promise<void> {
    await db.executeQuery(CompiledQuery.raw(this.#touch, [at, deviceId]));
  }

  /** Runs `text(rows)` over a flat list of cells, `ROWS_PER_STATEMENT` rows at a time. */
  async insertAll(db: Kysely<Database>, text: (rows: number) => string, cells: readonly Cell[]): Promise<void> {
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
