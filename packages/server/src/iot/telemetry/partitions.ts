import { type Kysely, sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import type { Database } from '../../platform/db/schema.ts';
import { deleteInBatches } from '../../platform/db/sql.ts';

const DAY = 24 * 60 * 60_000;
/** Any number, the same on every node: partition changes take this lock so that two nodes never race. */
const PARTITION_LOCK = 727_001;

const dayStart = (at: number) => Math.floor(at / DAY) * DAY;
const partitionName = (day: number) => `telemetry_p${new Date(day).toISOString().slice(0, 10).replace(/-/g, '')}`;

/**
 * Creates the day partitions of history (UTC days) from the day of `from` for `days` days, where
 * missing. Rows of those days already caught by the default partition move into the new one in the
 * same transaction, so the attach never fails on them. PostgreSQL only; SQLite has one table.
 */
export async function ensurePartitions(db: Db, from: number, days: number): Promise<string[]> {
  if (db.engine !== 'postgres') return [];
  const created: string[] = [];
  for (let i = 0; i < days; i++) {
    const lo = dayStart(from) + i * DAY;
    const name = partitionName(lo);
    const made = await db.kysely.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${PARTITION_LOCK})`.execute(trx);
      const exists = await sql<{ t: string | null }>`select to_regclass(${name})::text as t`.execute(trx);
      if (exists.rows[0]?.t) return false;
      const table = sql.table(name);
      await sql`create table ${table} (like telemetry including defaults)`.execute(trx);
      await sql`with moved as (delete from telemetry_default where ts >= ${lo} and ts < ${lo + DAY} returning *)
        insert into ${table} select * from moved`.execute(trx);
      await sql`alter table telemetry attach partition ${table} for values from (${sql.lit(lo)}) to (${sql.lit(lo + DAY)})`.execute(
        trx,
      );
      return true;
    });
    if (made) created.push(name);
  }
  return created;
}

/**
 * Removes history older than `cutoff`: on PostgreSQL whole day partitions that end before it are
 * dropped (no row-by-row delete, no bloat) and the default partition is trimmed; on SQLite the rows
 * go device by device through the key (device, time, point), a batch of times at a time, so that
 * no index on time alone is needed and the writer is never held for long.
 */
export async function removeHistoryBefore(db: Db, cutoff: number): Promise<number> {
  if (db.engine === 'postgres') return dropPartitionsBefore(db.kysely, cutoff);
  let removed = 0;
  // Every device with history, deleted ones included, found one seek along the key at a time.
  for (let after = 0; ; ) {
    const next = await db.kysely
      .selectFrom('telemetry')
      .select('device_id')
      .where('device_id', '>', after)
      .orderBy('device_id')
      .limit(1)
      .executeTakeFirst();
    if (!next) break;
    const deviceId = next.device_id;
    after = deviceId;
    removed += await deleteInBatches(async (limit) => {
      const result = await sql`delete from telemetry where device_id = ${deviceId}
        and ts in (select distinct ts from telemetry where device_id = ${deviceId} and ts < ${cutoff}
        order by ts limit ${limit})`.execute(db.kysely);
      return Number(result.numAffectedRows ?? 0);
    }, 500);
  }
  return removed;
}

async function dropPartitionsBefore(db: Kysely<Database>, cutoff: number): Promise<number> {
  const parts = await sql<{ name: string }>`select c.relname as name
    from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'telemetry'::regclass and c.relname like 'telemetry_p%'`.execute(db);
  let removed = 0;
  for (const part of parts.rows) {
    const day = Date.parse(
      `${part.name.slice(11, 15)}-${part.name.slice(15, 17)}-${part.name.slice(17, 19)}T00:00:00Z`,
    );
    if (!Number.isFinite(day) || day + DAY > cutoff) continue;
    await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${PARTITION_LOCK})`.execute(trx);
      const counted = await sql<{ n: number }>`select count(*)::bigint as n from ${sql.table(part.name)}`.execute(trx);
      removed += Number(counted.rows[0]?.n ?? 0);
      await sql`drop table if exists ${sql.table(part.name)}`.execute(trx);
    });
  }
  removed += await deleteInBatches(async (limit) => {
    const result = await sql`delete from telemetry_default where ctid in (select ctid from telemetry_default
      where ts < ${cutoff} limit ${limit})`.execute(db);
    return Number(result.numAffectedRows ?? 0);
  });
  return removed;
}
