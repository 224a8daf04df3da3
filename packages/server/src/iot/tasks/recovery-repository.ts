import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface Recovery {
  taskId: number;
  deviceId: number;
  dueAt: number;
  expiresAt: number;
}

/**
 * Keeps a run for each of these devices of a task, to be written once when the device is back:
 * a device already waiting keeps one run, moved to the latest firing. Answers the devices that
 * were not waiting yet (the log says so once, not at every firing).
 */
export async function keepRecoveries(db: Db, taskId: number, deviceIds: number[], dueAt: number, expiresAt: number) {
  if (!deviceIds.length) return [];
  const waiting = new Set(
    (
      await db
        .selectFrom('timed_task_recoveries')
        .select('device_id')
        .where('task_id', '=', taskId)
        .where('device_id', 'in', deviceIds)
        .execute()
    ).map((r) => Number(r.device_id)),
  );
  await db
    .insertInto('timed_task_recoveries')
    .values(deviceIds.map((device_id) => ({ task_id: taskId, device_id, due_at: dueAt, expires_at: expiresAt })))
    .onConflict((oc) => oc.columns(['task_id', 'device_id']).doUpdateSet({ due_at: dueAt, expires_at: expiresAt }))
    .execute();
  return deviceIds.filter((id) => !waiting.has(id));
}

/** The runs waiting for these devices (connected here) that no process is writing. */
export async function recoveriesAmong(db: Db, deviceIds: readonly number[], now: number): Promise<Recovery[]> {
  if (!deviceIds.length) return [];
  const rows = await db
    .selectFrom('timed_task_recoveries')
    .select(['task_id', 'device_id', 'due_at', 'expires_at'])
    .where('device_id', 'in', [...deviceIds])
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    .execute();
  return rows.map((r) => ({
    taskId: Number(r.task_id),
    deviceId: Number(r.device_id),
    dueAt: Number(r.due_at),
    expiresAt: Number(r.expires_at),
  }));
}

/** Takes a waiting run for this process until `until`; false when another process took it first. */
export async function claimRecovery(db: Db, r: Recovery, node: string, now: number, until: number) {
  const result = await db
    .updateTable('timed_task_recoveries')
    .set({ claimed_by: node, claimed_until: until })
    .where('task_id', '=', r.taskId)
    .where('device_id', '=', r.deviceId)
    .where('due_at', '=', r.dueAt)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives a claimed run back (the device dropped again before it was written). */
export async function releaseRecovery(db: Db, r: Recovery) {
  await db
    .updateTable('timed_task_recoveries')
    .set({ claimed_by: null, claimed_until: null })
    .where('task_id', '=', r.taskId)
    .where('device_id', '=', r.deviceId)
    .where('due_at', '=', r.dueAt)
    .execute();
}

/** Done with a run: unless a newer firing replaced it meanwhile. */
export async function dropRecovery(db: Db, r: Recovery) {
  await db
    .deleteFrom('timed_task_recoveries')
    .where('task_id', '=', r.taskId)
    .where('device_id', '=', r.deviceId)
    .where('due_at', '=', r.dueAt)
    .execute();
}

/** A paused or edited task writes nothing it kept for offline devices. */
export async function dropRecoveriesOf(db: Db, taskId: number) {
  await db.deleteFrom('timed_task_recoveries').where('task_id', '=', taskId).execute();
}

/** What this process was writing when it stopped (a crash) is given back. */
export async function releaseClaimedBy(db: Db, node: string) {
  await db
    .updateTable('timed_task_recoveries')
    .set({ claimed_by: null, claimed_until: null })
    .where('claimed_by', '=', node)
    .execute();
}

/** Runs whose device did not come back in time, for the nightly cleanup. */
export async function removeExpiredRecoveries(db: Db, now: number): Promise<number> {
  const result = await db.deleteFrom('timed_task_recoveries').where('expires_at', '<', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
