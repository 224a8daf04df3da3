import {
  type PageQuery,
  translate,
  type UpgradeCandidateView,
  type UpgradeDeviceView,
  type UpgradeJobInput,
  type UpgradeJobState,
  type UpgradeJobView,
  type UpgradeStartedView,
} from '@meridian/contracts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/errors.ts';
import { accountScopeOf } from '../../portal/access/scope.ts';
import { audit } from '../../portal/audit/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { findFirmware } from '../firmware/repository.ts';
import {
  candidateDevices,
  countsOf,
  findJob,
  insertJob,
  jobDevice,
  listJobDevices,
  listJobs,
  retryDevice,
} from './repository.ts';
import { upgradeRunnerOf } from './runner.ts';
import type { UpgradeJobRow } from './tables.ts';
import { devicesFor } from './targets.ts';

const reasonOf = (actor: Actor, key: string | null, params: string | null) =>
  key ? translate(key, actor.lang, params ? (JSON.parse(params) as Record<string, string>) : {}) : null;

async function viewsOf(actor: Actor, rows: UpgradeJobRow[]): Promise<UpgradeJobView[]> {
  const counts = await countsOf(
    actor.db,
    rows.map((r) => Number(r.id)),
  );
  return rows.map((row) => {
    const n = (state: string) =>
      Number(counts.find((c) => Number(c.job_id) === Number(row.id) && c.state === state)?.n ?? 0);
    return {
      id: Number(row.id),
      firmwareId: Number(row.firmware_id),
      firmwareName: row.firmware_name,
      series: row.series,
      model: row.model,
      version: row.version,
      waveSize: Number(row.wave_size),
      failPercent: Number(row.fail_percent),
      state: row.state,
      reason: reasonOf(actor, row.reason_key, row.reason_params),
      counts: { pending: n('pending'), upgrading: n('upgrading'), success: n('success'), failed: n('failed') },
      createdAt: Number(row.created_at),
      finishedAt: row.finished_at === null ? null : Number(row.finished_at),
    };
  });
}

export async function upgradeJobs(actor: Actor, filter: { state?: UpgradeJobState | undefined }, page: PageQuery) {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const result = await listJobs(actor.db, scope, filter, page);
  return { ...result, list: await viewsOf(actor, result.list) };
}

async function jobFor(actor: Actor, id: number): Promise<UpgradeJobRow> {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const row = await findJob(actor.db, scope, id);
  if (!row) throw new AppError(404, 'upgrade.notFound');
  return row;
}

export async function upgradeJob(actor: Actor, id: number): Promise<UpgradeJobView> {
  const [view] = await viewsOf(actor, [await jobFor(actor, id)]);
  if (!view) throw new AppError(404, 'upgrade.notFound');
  return view;
}

/** The DTUs and MQTT devices the caller may upgrade, with what each last reported about its firmware. */
export async function upgradeCandidates(actor: Actor): Promise<UpgradeCandidateView[]> {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const rows = await candidateDevices(actor.db, scope);
  return rows.map((d) => ({
    id: Number(d.id),
    name: d.name,
    sn: d.sn ?? '-',
    series: d.series,
    model: d.model,
    version: d.version,
  }));
}

/**
 * Starts an upgrade job on the devices that take the firmware (targets.ts): picked one by one, all
 * or none; from a template or a project, those that match, with the others left out and why.
 */
export async function startUpgrade(actor: Actor, input: UpgradeJobInput, db: Db): Promise<UpgradeStartedView> {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const firmware = await findFirmware(actor.db, scope, input.firmwareId);
  if (!firmware) throw new AppError(404, 'firmware.notFound');
  const { devices, leftOut } = await devicesFor(actor, scope, input, firmware);
  const unique = devices.map((d) => Number(d.id));
  const now = Date.now();
  const id = await actor.db.transaction().execute(async (trx) => {
    const jobId = await insertJob(
      trx,
      {
        owner_id: Number(firmware.owner_id),
        firmware_id: Number(firmware.id),
        firmware_name: firmware.name,
        series: firmware.series,
        model: firmware.model,
        version: firmware.version,
        wave_size: input.waveSize,
        fail_percent: input.failPercent,
        state: 'running',
        created_by: actor.auth.userId,
        created_at: now,
      },
      devices.map((d) => ({ deviceId: Number(d.id), fromVersion: d.version })),
    );
    await audit(trx, actor.request, {
      action: 'startUpgrade',
      targetType: 'upgradeJob',
      targetId: jobId,
      detail: {
        firmwareId: Number(firmware.id),
        version: firmware.version,
        deviceIds: unique,
        ...(input.target === 'template' ? { templateId: input.templateId } : {}),
        ...(input.target === 'project' ? { projectId: input.projectId } : {}),
      },
    });
    return jobId;
  });
  // Sent at once when this process holds the links; another gateway process finds them at its next check.
  upgradeRunnerOf(db)?.kick();
  return { ...(await upgradeJob(actor, id)), leftOut };
}

export async function upgradeDevices(actor: Actor, jobId: number, page: PageQuery) {
  await jobFor(actor, jobId);
  const result = await listJobDevices(actor.db, jobId, page);
  return {
    ...result,
    list: result.list.map(
      (r): UpgradeDeviceView => ({
        jobId: Number(r.job_id),
        deviceId: Number(r.device_id),
        deviceName: r.device_name,
        sn: r.sn ?? '-',
        state: r.state,
        percent: Number(r.percent),
        reason: reasonOf(actor, r.reason_key, r.reason_params),
        fromVersion: r.from_version,
        version: r.version,
        updatedAt: Number(r.progress_at),
        finishedAt: r.finished_at === null ? null : Number(r.finished_at),
      }),
    ),
  };
}

/** A failed device waits again and resumes from the chunks it acknowledged. */
export async function retryUpgrade(actor: Actor, jobId: number, deviceId: number, db: Db): Promise<void> {
  await jobFor(actor, jobId);
  const row = await jobDevice(actor.db, jobId, deviceId);
  if (!row) throw new AppError(404, 'upgrade.deviceNotFound');
  if (row.state !== 'failed') throw new AppError(409, 'upgrade.retryNotFailed');
  await retryDevice(actor.db, jobId, deviceId, Date.now());
  await audit(actor.db, actor.request, {
    action: 'retryUpgrade',
    targetType: 'upgradeJob',
    targetId: jobId,
    detail: { deviceId },
  });
  upgradeRunnerOf(db)?.kick();
}
