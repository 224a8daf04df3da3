import type { Kysely, Transaction, Updateable } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { AlarmSnapshotsTable } from './tables.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The cameras a device is bound to, with their address, in the order they were added. */
export function camerasOfDevice(db: Db, deviceId: number) {
  return db
    .selectFrom('camera_devices as cd')
    .innerJoin('cameras as c', 'c.id', 'cd.camera_id')
    .select(['c.id', 'c.name'])
    .where('cd.device_id', '=', deviceId)
    .orderBy('c.id')
    .execute();
}

/** Records the snapshots an alarm waits for; a second call for the same alarm adds nothing. */
export async function insertPendingSnapshots(
  trx: Db,
  alarmId: number,
  cameras: ReadonlyArray<{ id: number; name: string }>,
  at: number,
): Promise<void> {
  if (cameras.length === 0) return;
  await trx
    .insertInto('alarm_snapshots')
    .values(
      cameras.map((c) => ({
        alarm_id: alarmId,
        camera_id: Number(c.id),
        camera_name: c.name,
        state: 'pending' as const,
        created_at: at,
      })),
    )
    .onConflict((oc) => oc.columns(['alarm_id', 'camera_id']).doNothing())
    .execute();
}

/** A pending snapshot with its camera's current address (none when the camera was deleted since). */
export function pendingSnapshot(db: Db, alarmId: number, cameraId: number) {
  return db
    .selectFrom('alarm_snapshots as s')
    .innerJoin('alarms as a', 'a.id', 's.alarm_id')
    .leftJoin('cameras as c', 'c.id', 's.camera_id')
    .select(['s.alarm_id', 's.camera_id', 's.camera_name', 'a.owner_id', 'c.stream_url'])
    .where('s.alarm_id', '=', alarmId)
    .where('s.camera_id', '=', cameraId)
    .where('s.state', '=', 'pending')
    .executeTakeFirst();
}

/** Settles a pending snapshot; answers whether it was still pending (a second run changes nothing). */
export async function settleSnapshot(
  db: Db,
  alarmId: number,
  cameraId: number,
  change: Updateable<AlarmSnapshotsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('alarm_snapshots')
    .set(change)
    .where('alarm_id', '=', alarmId)
    .where('camera_id', '=', cameraId)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The snapshots of these alarms, by alarm then camera. */
export function snapshotsOfAlarms(db: Db, alarmIds: readonly number[]) {
  // Guard against running an invalid query when the page is empty.
  if (alarmIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('alarm_snapshots')
    .select(['alarm_id', 'camera_id', 'camera_name', 'state', 'file_id', 'reason', 'taken_at'])
    .where('alarm_id', 'in', alarmIds)
    .orderBy('alarm_id')
    .orderBy('camera_id')
    .execute();
}

/** The stored file of one taken snapshot. */
export function snapshotFile(db: Db, alarmId: number, cameraId: number) {
  return db
    .selectFrom('alarm_snapshots as s')
    .innerJoin('files as f', 'f.id', 's.file_id')
    .selectAll('f')
    .where('s.alarm_id', '=', alarmId)
    .where('s.camera_id', '=', cameraId)
    .where('s.state', '=', 'taken')
    .executeTakeFirst();
}
