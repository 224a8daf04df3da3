import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

/** The SQL of history's day partitions (PostgreSQL) and of its trimming; what to create or remove is partitions.ts's. */

type Db = Kysely<Database>;

/** Any number, the same on every node: partition changes take this lock so that two nodes never race. */
const PARTITION_LOCK = 727_001;

/**
 * Creates the partition `name` for [lo, hi) where missing, moving the rows the default partition
 * caught for those times into it in the same transaction; whether it was created.
 */
export function createDayPartition(db: Db, name: string, lo: number, hi: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${PARTITION_LOCK})`.execute(trx);
    const exists = await sql<{ t: string | null }>`select to_regclass(${name})::text as t`.execute(trx);
    if (exists.rows[0]?.t) return false;
    const table = sql.table(name);
    await sql`create table ${table} (like telemetry including defaults)`.execute(trx);
    await sql`with moved as (delete from telemetry_default where ts >= ${lo} and ts < ${hi} returning *)
        insert into ${table} select * from moved`.execute(trx);
    await sql`alter table telemetry attach partition ${table} for values from (${sql.lit(lo)}) to (${sql.lit(hi)})`.execute(
      trx,
    );
    return true;
  });
}

/** The first device after `after` that has history, one seek along the key (deleted devices included). */
export async function nextDeviceWithHistory(db: Db, after: number): Promise<number | undefined> {
  const next = await db
    .selectFrom('telemetry')
    .select('device_id')
    .where('device_id', '>', after)
    .orderBy('device_id')
    .limit(1)
    .executeTakeFirst();
  return next?.device_id;
}

/** Deletes the device's history at its first `limit` times before `cutoff` (SQLite); how many rows went. */
export async function deleteDeviceHistoryBatch(
  db: Db,
  deviceId: number,
  cutoff: number,
  limit: number,
): Promise<number> {
  const result = await sql`delete from telemetry where device_id = ${deviceId}
        and ts in (select distinct ts from telemetry where device_id = ${deviceId} and ts < ${cutoff}
        order by ts limit ${limit})`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** The names of history's day partitions. */
export async function dayPartitionNames(db: Db): Promise<string[]> {
  const parts = await sql<{ name: string }>`select c.relname as name
    from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'telemetry'::regclass and c.relname like 'telemetry_p%'`.execute(db);
  return parts.rows.map((part) => part.name);
}

/** Drops a day partition under the partition lock; how many rows it held. */
export function dropDayPartition(db: Db, name: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${PARTITION_LOCK})`.execute(trx);
    const counted = await sql<{ n: number }>`select count(*)::bigint as n from ${sql.table(name)}`.execute(trx);
    await sql`drop table if exists ${sql.table(name)}`.execute(trx);
    return Number(counted.rows[0]?.n ?? 0);
  });
}

/** Deletes up to `limit` rows before `cutoff` from the default partition; how many went. */
export async function trimDefaultPartition(db: Db, cutoff: number, limit: number): Promise<number> {
  const result = await sql`delete from telemetry_default where ctid in (select ctid from telemetry_default
      where ts < ${cutoff} limit ${limit})`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
