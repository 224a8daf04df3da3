import type { Db } from '../../platform/db/database.ts';
import { deleteInBatches } from '../../platform/db/sql.ts';
import { DAY } from '../../platform/time.ts';
import {
  createDayPartition,
  dayPartitionNames,
  deleteDeviceHistoryBatch,
  dropDayPartition,
  nextDeviceWithHistory,
  trimDefaultPartition,
} from './partitions-repository.ts';

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
    if (await createDayPartition(db.kysely, name, lo, lo + DAY)) created.push(name);
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
  if (db.engine === 'postgres') return dropPartitionsBefore(db, cutoff);
  let removed = 0;
  // Every device with history, deleted ones included, found one seek along the key at a time.
  for (let after = 0; ; ) {
    const deviceId = await nextDeviceWithHistory(db.kysely, after);
    if (deviceId === undefined) break;
    after = deviceId;
    removed += await deleteInBatches((limit) => deleteDeviceHistoryBatch(db.kysely, deviceId, cutoff, limit), 500);
  }
  return removed;
}

async function dropPartitionsBefore(db: Db, cutoff: number): Promise<number> {
  let removed = 0;
  for (const name of await dayPartitionNames(db.kysely)) {
    const day = Date.parse(`${name.slice(11, 15)}-${name.slice(15, 17)}-${name.slice(17, 19)}T00:00:00Z`);
    if (!Number.isFinite(day) || day + DAY > cutoff) continue;
    removed += await dropDayPartition(db.kysely, name);
  }
  removed += await deleteInBatches((limit) => trimDefaultPartition(db.kysely, cutoff, limit));
  return removed;
}
