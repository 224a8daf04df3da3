import {
  DOWNLOAD_LIMITS,
  type DownloadKind,
  type DownloadTask,
  type GroupReportExport,
  type PageQuery,
  type ResultsExport,
  translate,
} from '@meridian/contracts';
import { fromJson } from '../../platform/db/sql.ts';
import { AppError } from '../../platform/http/errors.ts';
import { insertJob } from '../../platform/jobs/repository.ts';
import { DAY, formatDateTime } from '../../platform/time.ts';
import { audit } from '../../portal/audit/service.ts';
import { findFileByPath } from '../../portal/files/repository.ts';
import { type FilesContext, openStored, removeStoredFiles } from '../../portal/files/store.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import type { ReportBy } from '../assessments/report-repository.ts';
import { findResult } from '../assessments/results-repository.ts';
import { publishedScale } from '../assessments/scales.ts';
import { staffScope } from '../assessments/tasks.ts';
import { DOWNLOAD_JOB } from './job.ts';
import {
  type DownloadFilters,
  deleteDownload,
  findDownload,
  findFilePath,
  insertDownload,
  moveDownload,
  openCount,
  ownDownloadPage,
  ownDownloads,
  scaleNames,
} from './repository.ts';
import { textIn } from './results-export.ts';
import type { DownloadTaskRow } from './tables.ts';

/** A finished import's counts in words (decision 0145). */
function summaryOf(row: DownloadTaskRow, actor: Actor): string | null {
  if (row.kind !== 'aiImport') return null;
  const outcome = fromJson<{ outcome?: { imported: number; refused: number } }>(row.params)?.outcome;
  if (!outcome) return null;
  const { imported, refused } = outcome;
  return translate('aiImport.summary', actor.lang, { total: imported + refused, imported, refused });
}

function view(row: DownloadTaskRow, actor: Actor): DownloadTask {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    state: row.state,
    progress: Number(row.progress),
    written: Number(row.written),
    total: row.total === null ? null : Number(row.total),
    size: row.size === null ? null : Number(row.size),
    summary: summaryOf(row, actor),
    error:
      row.error_key === null
        ? null
        : translate(row.error_key, actor.lang, fromJson<Record<string, string | number>>(row.error_params) ?? {}),
    createdAt: Number(row.created_at),
    finishedAt: row.finished_at === null ? null : Number(row.finished_at),
    expiresAt: row.expires_at === null ? null : Number(row.expires_at),
  };
}

/** `file/page`: the caller's own tasks; a download center shows no one else's files, whatever the role. */
export async function downloadPage(actor: Actor, filters: DownloadFilters, paging: PageQuery) {
  const page = await ownDownloadPage(actor.db, actor.auth.userId, filters, paging);
  return { ...page, list: page.list.map((row) => view(row, actor)) };
}

/** `file/query`: the caller's tasks among `ids`, for a page that follows their progress. */
export async function downloadStates(actor: Actor, ids: readonly number[]) {
  return (await ownDownloads(actor.db, actor.auth.userId, ids)).map((row) => view(row, actor));
}

/** Another's task is "not found", as if it did not exist. */
async function ownTask(actor: Actor, id: number): Promise<DownloadTaskRow> {
  const row = await findDownload(actor.db, id);
  if (!row || row.owner_id !== actor.auth.userId) throw new AppError(404, 'download.notFound');
  return row;
}

export async function downloadInfo(actor: Actor, id: number): Promise<DownloadTask> {
  return view(await ownTask(actor, id), actor);
}

/** `file/download`: the file of a finished task, to its owner alone; each download is audited. */
export async function openDownload(actor: Actor, files: FilesContext, id: number) {
  const task = await ownTask(actor, id);
  if (task.state !== 'done') throw new AppError(409, 'download.notReady');
  const file = task.file_id === null ? undefined : await findFilePath(actor.db, task.file_id);
  const row = file ? await findFileByPath(actor.db, file.path) : undefined;
  if (!row || (task.expires_at !== null && task.expires_at < Date.now())) throw new AppError(410, 'download.expired');
  const stream = await openStored(files, row);
  await audit(actor.db, actor.request, {
    action: 'download.file',
    targetType: 'download_task',
    targetId: task.id,
    detail: { kind: task.kind, name: task.name, size: Number(row.size) },
  });
  return { task, file: row, stream };
}

/** `file/cancel`: stops a waiting or running export; its worker sees it at the next batch and keeps nothing. */
export async function cancelDownload(actor: Actor, id: number): Promise<DownloadTask> {
  const task = await ownTask(actor, id);
  const at = Date.now();
  const cancelled = await moveDownload(
    actor.db,
    id,
    ['queued', 'running'],
    { state: 'cancelled', finished_at: at, expires_at: at + DOWNLOAD_LIMITS.keepDays * DAY },
    at,
  );
  if (!cancelled) {
    const state = translate(`download.state.${task.state}`, actor.lang);
    throw new AppError(409, 'download.finished', { params: { state } });
  }
  return view(await ownTask(actor, id), actor);
}

/** `file/delete`: removes a task and its file; a running export stops at its next batch. */
export async function removeDownload(actor: Actor, files: FilesContext, id: number): Promise<void> {
  const task = await ownTask(actor, id);
  await deleteDownload(actor.db, task.id);
  if (task.file_id !== null) await removeStoredFiles(actor.db, files.stores, [task.file_id], files.log);
}

/** `20250901-0805`, the time a file was asked for, in the deployment's zone, for its name. */
export const stamp = (at: Date) => formatDateTime(at.getTime()).replace(/[-:]/g, '').replace(' ', '-').slice(0, 13);

/**
 * Records a task and its job in one transaction (the outbox), with the caller's data scope as it
 * is now: the export reads what they could read when they asked, however long it waits.
 */
export async function startDownload(actor: Actor, kind: DownloadKind, name: string, params: unknown, action: string) {
  const task = await actor.db.transaction().execute(async (trx) => {
    const open = await openCount(trx, actor.auth.userId);
    if (open >= DOWNLOAD_LIMITS.openMax) throw new AppError(429, 'download.tooMany', { params: { count: open } });
    const row = await insertDownload(trx, { ownerId: actor.auth.userId, kind, name, lang: actor.lang, params });
    await insertJob(trx, { kind: DOWNLOAD_JOB, payload: { taskId: row.id }, dedupeKey: `${DOWNLOAD_JOB}:${row.id}` });
    await audit(trx, actor.request, {
      action,
      targetType: 'download_task',
      targetId: row.id,
      detail: { kind, params },
    });
    return row;
  });
  return view(task, actor);
}

/** `survey/record/download`: the results list with these filters, as an xlsx. */
export async function exportResults(actor: Actor, filters: ResultsExport) {
  const scope = await staffScope(actor);
  const name = translate('download.file.results', actor.lang, { date: stamp(new Date()) });
  return startDownload(actor, 'results', name, { scope, filters }, 'assessment.results.export');
}

/** One result's individual report as a PDF; asking is a read of that result, and audited as one. */
export async function exportReport(actor: Actor, resultId: number) {
  const scope = await staffScope(actor);
  const row = await findResult(actor.db, scope, resultId);
  if (!row) throw new AppError(404, 'result.notFound');
  const scale = await scaleNames(actor.db, row.scale_id);
  const scaleName = textIn({ 'zh-CN': scale.name_zh, en: scale.name_en || scale.name_zh }, actor.lang);
  const name = translate('download.file.report', actor.lang, { name: row.name, scale: scaleName });
  return startDownload(actor, 'report', name, { scope, resultId }, 'assessment.result.export');
}

/** A group report (the body of `cp/report`) as a PDF. */
export async function exportGroupReport(actor: Actor, body: GroupReportExport) {
  const scope = await staffScope(actor);
  const { by, ...filters } = body;
  const { definition } = await publishedScale(actor.db, filters.scaleId);
  const name = translate('download.file.groupReport', actor.lang, {
    scale: textIn(definition.name, actor.lang),
    date: stamp(new Date()),
  });
  return startDownload(
    actor,
    'groupReport',
    name,
    { scope, filters, by: by satisfies ReportBy },
    'assessment.report.export',
  );
}
