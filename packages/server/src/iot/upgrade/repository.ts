import { DTU_PROTOCOLS, type PageQuery, type UpgradeJobState, type UpgradeState } from '@meridian/contracts';
import { type Insertable, type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { paginate } from '../../platform/db/sql.ts';
import type { Scope } from '../../portal/access/scope.ts';
import { deviceVisible } from '../devices/access-repository.ts';
import type { UpgradeJobsTable } from './tables.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The transports a firmware image can be sent over: a DTU's TCP link, an MQTT device's topics. */
export const UPGRADABLE_PROTOCOLS: readonly string[] = [...DTU_PROTOCOLS, 'mqttJson'];

/** The jobs of the caller's account tree (every job for the platform's administrators). */
function visibleJobs(db: Db, scope: Scope) {
  return db
    .selectFrom('upgrade_jobs as j')
    .selectAll('j')
    .$if(!scope.all, (q) => q.where('j.owner_id', 'in', scope.ownerIds));
}

export function listJobs(db: Db, scope: Scope, filter: { state?: UpgradeJobState | undefined }, page: PageQuery) {
  const query = visibleJobs(db, scope)
    .$if(Boolean(filter.state), (q) => q.where('j.state', '=', filter.state ?? 'running'))
    .orderBy('j.id', 'desc');
  return paginate(query, page);
}

export function findJob(db: Db, scope: Scope, id: number) {
  return visibleJobs(db, scope).where('j.id', '=', id).executeTakeFirst();
}

/** How many devices of each job are in each state. */
export async function countsOf(db: Db, jobIds: readonly number[]) {
  // Guard against running an invalid `in ()` when the list is empty.
  if (!jobIds.length) return [];
  return db
    .selectFrom('upgrade_devices')
    .select(['job_id', 'state', sql<number>`count(*)`.as('n')])
    .where('job_id', 'in', [...jobIds])
    .groupBy(['job_id', 'state'])
    .execute();
}

export async function insertJob(
  db: Db,
  job: Insertable<UpgradeJobsTable>,
  devices: ReadonlyArray<{ deviceId: number; fromVersion: string | null }>,
): Promise<number> {
  const row = await db.insertInto('upgrade_jobs').values(job).returning('id').executeTakeFirstOrThrow();
  const jobId = Number(row.id);
  await db
    .insertInto('upgrade_devices')
    .values(
      devices.map((d) => ({
        job_id: jobId,
        device_id: d.deviceId,
        state: 'pending' as const,
        percent: 0,
        acked_chunks: 0,
        from_version: d.fromVersion,
        progress_at: job.created_at,
      })),
    )
    .execute();
  return jobId;
}

/** Devices the caller may edit, with the series, model and version each last reported. */
export function candidateDevices(db: Db, scope: Scope, ids?: readonly number[]) {
  return db
    .selectFrom('devices as d')
    .leftJoin('device_firmware as f', 'f.device_id', 'd.id')
    .select(['d.id', 'd.name', 'd.sn', 'd.protocol', 'd.version', 'f.series', 'f.model'])
    .where(deviceVisible(scope, 'edit'))
    .$if(ids !== undefined, (q) => q.where('d.id', 'in', ids?.length ? [...ids] : [0]))
    .$if(ids === undefined, (q) => q.where('d.protocol', 'in', [...UPGRADABLE_PROTOCOLS]).limit(500))
    .orderBy('d.id')
    .execute();
}

/** The devices of a template or a project that the caller may edit, with what each reported; at most `limit`. */
export function groupDevices(
  db: Db,
  scope: Scope,
  group: { templateId: number } | { projectId: number },
  limit: number,
) {
  return db
    .selectFrom('devices as d')
    .leftJoin('device_firmware as f', 'f.device_id', 'd.id')
    .select(['d.id', 'd.name', 'd.sn', 'd.protocol', 'd.version', 'f.series', 'f.model'])
    .where(deviceVisible(scope, 'edit'))
    .$if('templateId' in group, (q) => q.where('d.template_id', '=', 'templateId' in group ? group.templateId : 0))
    .$if('projectId' in group, (q) => q.where('d.project_id', '=', 'projectId' in group ? group.projectId : 0))
    .orderBy('d.id')
    .limit(limit)
    .execute();
}

/** Among `ids`, the devices waiting or upgrading in a running job. */
export async function busyAmong(db: Db, ids: readonly number[]) {
  if (!ids.length) return [];
  return db
    .selectFrom('upgrade_devices as u')
    .innerJoin('upgrade_jobs as j', 'j.id', 'u.job_id')
    .select('u.device_id')
    .where('u.device_id', 'in', [...ids])
    .where('j.state', '=', 'running')
    .where('u.state', 'in', ['pending', 'upgrading'])
    .execute();
}

export function listJobDevices(db: Db, jobId: number, page: PageQuery) {
  const query = db
    .selectFrom('upgrade_devices as u')
    .innerJoin('devices as d', 'd.id', 'u.device_id')
    .select([
      'u.job_id',
      'u.device_id',
      'd.name as device_name',
      'd.sn',
      'd.version',
      'u.state',
      'u.percent',
      'u.reason_key',
      'u.reason_params',
      'u.from_version',
      'u.progress_at',
      'u.finished_at',
    ])
    .where('u.job_id', '=', jobId)
    .orderBy('u.device_id');
  return paginate(query, page);
}

export async function jobDevice(db: Db, jobId: number, deviceId: number) {
  return db
    .selectFrom('upgrade_devices')
    .select(['state'])
    .where('job_id', '=', jobId)
    .where('device_id', '=', deviceId)
    .executeTakeFirst();
}

/** A failed device waits again, keeping the chunks it acknowledged; its job runs again. */
export async function retryDevice(db: Db, jobId: number, deviceId: number, now: number): Promise<void> {
  await db
    .updateTable('upgrade_devices')
    .set({ state: 'pending', reason_key: null, reason_params: null, progress_at: now, finished_at: null })
    .where('job_id', '=', jobId)
    .where('device_id', '=', deviceId)
    .where('state', '=', 'failed')
    .execute();
  await db
    .updateTable('upgrade_jobs')
    .set({ state: 'running', reason_key: null, reason_params: null, finished_at: null })
    .where('id', '=', jobId)
    .execute();
}

export async function firmwareInUse(db: Db, firmwareId: number): Promise<boolean> {
  const row = await db.selectFrom('upgrade_jobs').select('id').where('firmware_id', '=', firmwareId).executeTakeFirst();
  return row !== undefined;
}

/** What a device reported about its firmware; its version becomes the device's version. */
export async function recordReport(
  db: Db,
  deviceId: number,
  report: { series: string; model: string; version: string },
  at: number,
): Promise<void> {
  const row = { ...report, reported_at: at };
  await db
    .insertInto('device_firmware')
    .values({ device_id: deviceId, ...row })
    .onConflict((oc) => oc.column('device_id').doUpdateSet(row))
    .execute();
  await db.updateTable('devices').set({ version: report.version }).where('id', '=', deviceId).execute();
}

export type DeviceOutcome = { state: UpgradeState; reasonKey: string | null; reasonParams: string | null };
