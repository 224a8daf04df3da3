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
const PG_DUE = 'unnest($1::bigint[], $2::bigint[]) as u(id, at)';
const PG_CAME_ONLINE =
  `with came as (update devices set status = 'online', last_online_at = u.at from ${PG_DUE} ` +
  `where devices.id = u.id and devices.enabled = true and devices.status = 'offline' returning devices.id, u.at), ` +
  'records as (insert into device_online_records (device_id, state, reason, transport, at) ' +
  "select id, 'online', null, null, at from came) select id, at from came";
const PG_TOUCH =
  `update devices set last_data_at = u.at from ${PG_DUE} ` +
  'where devices.id = u.id and (devices.last_data_at is null or devices.last_data_at < u.at)';

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
    const columns: Buffer[] = [];
    for (let c = 0; c < COLUMNS; c++) columns.push(binaryArray(cells, c));
    await db.executeQuery(CompiledQuery.raw(text, columns));
  }

  /**
   * PostgreSQL: the devices whose data came in this flush and whose last data time is due, in two
   * statements whatever their number: an enabled offline device comes online with its record, as
   * `markOnline` does one at a time (decision 0168), and every last data time moves forward.
   * The devices that came online, with the time they did.
   */
  async arrived(db: Kysely<Database>, due: ReadonlyArray<readonly [number, number]>): Promise<Array<[number, number]>> {
    if (due.length === 0) return [];
    const ids = due.map(([id]) => id);
    const ats = due.map(([, at]) => at);
    const came = await db.executeQuery<{ id: string | number; at: string | number }>(
      CompiledQuery.raw(PG_CAME_ONLINE, [ids, ats]),
    );
    await db.executeQuery(CompiledQuery.raw(PG_TOUCH, [ids, ats]));
    return came.rows.map((r) => [Number(r.id), Number(r.at)]);
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

/** The element types of the writer's arrays, by their PostgreSQL type oid. */
const INT8 = 20;
const FLOAT8 = 701;
const TEXT = 25;
/** The types of the five columns: device, point, time, number, text. */
const COLUMN_TYPES = [INT8, INT8, INT8, FLOAT8, TEXT] as const;
const TWO_32 = 2 ** 32;

/**
 * Column `c` of the flat cells as a one-dimensional PostgreSQL array in binary (array_recv's
 * format: dimensions, flags, element type, then each element's length and bytes, -1 for NULL). pg
 * sends a Buffer parameter as binary, so nothing is formatted as text, escaped or parsed: at 1,000
 * DTUs, text array literals were a fifth of a gateway process's allocations (decision 0168).
 */
export function binaryArray(cells: readonly Cell[], c: number): Buffer {
  const type = COLUMN_TYPES[c] as number;
  const rows = cells.length / COLUMNS;
  let size = 20;
  let nulls = 0;
  for (let i = c; i < cells.length; i += COLUMNS) {
    const v = cells[i];
    if (v === null || v === undefined) {
      nulls = 1;
      size += 4;
    } else size += 4 + (type === TEXT ? Buffer.byteLength(String(v)) : 8);
  }
  const out = Buffer.allocUnsafe(size);
  out.writeInt32BE(1, 0);
  out.writeInt32BE(nulls, 4);
  out.writeInt32BE(type, 8);
  out.writeInt32BE(rows, 12);
  out.writeInt32BE(1, 16);
  let o = 20;
  for (let i = c; i < cells.length; i += COLUMNS) {
    const v = cells[i];
    if (v === null || v === undefined) o = out.writeInt32BE(-1, o);
    else if (type === TEXT) {
      const n = out.write(String(v), o + 4);
      out.writeInt32BE(n, o);
      o += 4 + n;
    } else {
      o = out.writeInt32BE(8, o);
      if (type === FLOAT8) o = out.writeDoubleBE(v as number, o);
      else {
        // A whole number of up to 53 bits as two 32-bit halves, without a BigInt.
        const high = Math.floor((v as number) / TWO_32);
        o = out.writeInt32BE(high, o);
        o = out.writeUInt32BE((v as number) - high * TWO_32, o);
      }
    }
  }
  return out;
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
