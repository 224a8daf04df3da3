import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { DeviceOutcome } from './repository.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** What a process of this name was sending when it stopped: sent again, from the last acknowledged chunk. */
export async function releaseClaimedBy(db: Db, node: string): Promise<void> {
  await db
    .updateTable('upgrade_devices')
    .set({ claimed_by: null, claimed_until: null })
    .where('claimed_by', '=', node)
    .execute();
}

/** Transfers whose sender's claim ran out (its process died): free for whichever process holds the device. */
export async function releaseLapsed(db: Db, now: number): Promise<void> {
  await db
    .updateTable('upgrade_devices')
    .set({ claimed_by: null, claimed_until: null })
    .where('claimed_until', '<', now)
    .execute();
}

/** Devices upgrading with no progress since `before` fail with the reason; returns their jobs. */
export async function timeOut(db: Db, before: number, minutes: number, now: number): Promise<number[]> {
  const rows = await db
    .updateTable('upgrade_devices')
    .set({
      state: 'failed',
      reason_key: 'upgrade.failed.timeout',
      reason_params: JSON.stringify({ minutes }),
      claimed_by: null,
      claimed_until: null,
      finished_at: now,
    })
    .where('state', '=', 'upgrading')
    .where('claimed_by', 'is', null)
    .where('progress_at', '<', before)
    .returning('job_id')
    .execute();
  return [...new Set(rows.map((r) => Number(r.job_id)))];
}

/** Among `ids`, the devices that never reported their firmware. */
export async function unreportedAmong(db: Db, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('devices as d')
    .leftJoin('device_firmware as f', 'f.device_id', 'd.id')
    .select('d.id')
    .where('d.id', 'in', [...ids])
    .where('f.device_id', 'is', null)
    .execute();
  return rows.map((r) => Number(r.id));
}

/** Among the devices connected here, those with a transfer to start or resume in a running job. */
export async function workAmong(db: Db, ids: readonly number[]) {
  if (!ids.length) return [];
  return db
    .selectFrom('upgrade_devices as u')
    .innerJoin('upgrade_jobs as j', 'j.id', 'u.job_id')
    .innerJoin('firmware as f', 'f.id', 'j.firmware_id')
    .select([
      'u.job_id',
      'u.device_id',
      'u.state',
      'u.acked_chunks',
      'u.reason_key',
      'j.wave_size',
      'j.version',
      'f.sha256',
      'f.size',
      'f.channel',
      'f.storage_key',
    ])
    .where('u.device_id', 'in', [...ids])
    .where('j.state', '=', 'running')
    .where((eb) =>
      eb.or([eb('u.state', '=', 'pending'), eb.and([eb('u.state', '=', 'upgrading'), eb('u.claimed_by', 'is', null)])]),
    )
    .orderBy('u.job_id')
    .orderBy('u.device_id')
    .execute();
}

/**
 * How many more devices each job may start now: its wave size less its devices upgrading. Read once
 * per look, so that a look with many devices waiting tries only as many claims as there is room for.
 */
export async function waveRoom(db: Db, jobs: ReadonlyMap<number, number>): Promise<Map<number, number>> {
  const room = new Map(jobs);
  if (!jobs.size) return room;
  const rows = await db
    .selectFrom('upgrade_devices')
    .select(['job_id', sql<number>`count(*)`.as('n')])
    .where('job_id', 'in', [...jobs.keys()])
    .where('state', '=', 'upgrading')
    .groupBy('job_id')
    .execute();
  for (const row of rows) room.set(Number(row.job_id), (jobs.get(Number(row.job_id)) ?? 0) - Number(row.n));
  return room;
}

/**
 * Takes a device's transfer for this process. A waiting device starts only while its job has fewer
 * than `wave_size` devices upgrading (the wave); an upgrading one whose sender went away resumes.
 * One conditional update, so that of several processes exactly one wins.
 */
export async function claimDevice(
  db: Db,
  key: { jobId: number; deviceId: number; from: 'pending' | 'upgrading'; waveSize: number },
  node: string,
  now: number,
  until: number,
): Promise<boolean> {
  const upgrading = db
    .selectFrom('upgrade_devices as w')
    .select(sql<number>`count(*)`.as('n'))
    .where('w.job_id', '=', key.jobId)
    .where('w.state', '=', 'upgrading');
  const result = await db
    .updateTable('upgrade_devices')
    .set({ state: 'upgrading', claimed_by: node, claimed_until: until, progress_at: now })
    .where('job_id', '=', key.jobId)
    .where('device_id', '=', key.deviceId)
    .where('state', '=', key.from)
    .where('claimed_by', 'is', null)
    .$if(key.from === 'pending', (q) => q.where(upgrading, '<', key.waveSize))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The device acknowledged chunks: the transfer resumes from here, and the claim and the timeout move on. */
export async function recordProgress(
  db: Db,
  key: { jobId: number; deviceId: number },
  node: string,
  progress: { acked: number; percent: number; now: number; until: number },
): Promise<void> {
  await db
    .updateTable('upgrade_devices')
    .set({
      acked_chunks: progress.acked,
      percent: progress.percent,
      progress_at: progress.now,
      claimed_until: progress.until,
    })
    .where('job_id', '=', key.jobId)
    .where('device_id', '=', key.deviceId)
    .where('claimed_by', '=', node)
    .execute();
}

/** How this process's transfer ended: success, failed, or let go while upgrading (the device dropped). */
export async function finishDevice(
  db: Db,
  key: { jobId: number; deviceId: number },
  node: string,
  outcome: DeviceOutcome,
  now: number,
): Promise<void> {
  const ended = outcome.state === 'success' || outcome.state === 'failed';
  await db
    .updateTable('upgrade_devices')
    .set({
      state: outcome.state,
      reason_key: outcome.reasonKey,
      reason_params: outcome.reasonParams,
      claimed_by: null,
      claimed_until: null,
      finished_at: ended ? now : null,
      ...(outcome.state === 'success' ? { percent: 100 } : {}),
    })
    .where('job_id', '=', key.jobId)
    .where('device_id', '=', key.deviceId)
    .where('claimed_by', '=', node)
    .execute();
}

/**
 * After a device ended: a job with more than its threshold of devices failed stops, and what still
 * waits fails with that reason; a job with nothing waiting or upgrading has finished.
 */
export function settleJob(db: Kysely<Database>, jobId: number, now: number): Promise<void> {
  return db.transaction().execute((trx) => settleIn(trx, jobId, now));
}

/**
 * A device's transfer ended here, and its job is settled in the same transaction: no other look
 * can start the next device of the wave between a failure and the threshold that stops the job.
 */
export function finishAndSettle(
  db: Kysely<Database>,
  key: { jobId: number; deviceId: number },
  node: string,
  outcome: DeviceOutcome,
  now: number,
): Promise<void> {
  return db.transaction().execute(async (trx) => {
    await finishDevice(trx, key, node, outcome, now);
    await settleIn(trx, key.jobId, now);
  });
}

async function settleIn(trx: Transaction<Database>, jobId: number, now: number): Promise<void> {
  const job = await trx
    .selectFrom('upgrade_jobs')
    .select(['fail_percent', 'state'])
    .where('id', '=', jobId)
    .executeTakeFirst();
  if (job?.state !== 'running') return;
  const rows = await trx
    .selectFrom('upgrade_devices')
    .select(['state', sql<number>`count(*)`.as('n')])
    .where('job_id', '=', jobId)
    .groupBy('state')
    .execute();
  const count = (state: string) => Number(rows.find((r) => r.state === state)?.n ?? 0);
  const total = rows.reduce((sum, r) => sum + Number(r.n), 0);
  if (total > 0 && count('failed') * 100 > Number(job.fail_percent) * total) {
    await trx
      .updateTable('upgrade_devices')
      .set({ state: 'failed', reason_key: 'upgrade.failed.jobStopped', finished_at: now })
      .where('job_id', '=', jobId)
      .where('state', '=', 'pending')
      .execute();
    await trx
      .updateTable('upgrade_jobs')
      .set({
        state: 'stopped',
        reason_key: 'upgrade.stopped',
        reason_params: JSON.stringify({ percent: Number(job.fail_percent) }),
        finished_at: now,
      })
      .where('id', '=', jobId)
      .execute();
    return;
  }
  if (count('pending') + count('upgrading') === 0)
    await trx
      .updateTable('upgrade_jobs')
      .set({ state: 'finished', finished_at: now })
      .where('id', '=', jobId)
      .execute();
}
