import { DOWNLOAD_LIMITS, type DownloadKind } from '@meridian/contracts';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../platform/db/schema.ts';
import { fromJson } from '../../platform/db/sql.ts';
import { fileStoresOf } from '../../platform/files/stores.ts';
import { defineJob, type JobDefinition } from '../../platform/jobs/types.ts';
import { DAY, HOUR } from '../../platform/time.ts';
import { type FilesContext, removeStoredFiles, storeFiles } from '../../portal/files/store.ts';
import { importAiRecords } from '../ai-interview/import-job.ts';
import { accountSlips, type SlipsParams } from '../people/accounts/slips.ts';
import type { StatisticsParams } from '../reports/service.ts';
import { statisticsPdf, statisticsWorkbook } from '../reports/statistics-file.ts';
import { type StudentReportParams, studentReportPdf } from '../reports/student.ts';
import { CJK_FONTS, type FontFile } from './pdf.ts';
import { DownloadFailure, DownloadStopped, type Progress } from './progress.ts';
import { type GroupParams, groupReportPdf, type ReportParams, reportPdf } from './report-pdf.ts';
import { findDownload, insertDownload, moveDownload } from './repository.ts';
import { BATCH, type ResultsParams, resultsWorkbook, type WorkbookLimits } from './results-export.ts';
import type { DownloadTaskRow } from './tables.ts';

export const DOWNLOAD_JOB = 'mind.download';

/** How long a finished file is kept: sign-in slips hold passwords and go sooner. */
const keepFor = (kind: DownloadKind) =>
  kind === 'accountSlips' || kind === 'accountList'
    ? DOWNLOAD_LIMITS.slipsKeepHours * HOUR
    : DOWNLOAD_LIMITS.keepDays * DAY;

export interface DownloadJobOptions {
  fonts?: readonly FontFile[];
  /** Rows per batch and the most one export may hold (tests make both small). */
  limits?: Partial<WorkbookLimits>;
  /** Called after each batch is recorded, before the next is read; tests cancel from here. */
  onProgress?: (taskId: number, written: number) => Promise<void>;
}

function progressOf(
  db: Parameters<typeof moveDownload>[0],
  task: DownloadTaskRow,
  onProgress: DownloadJobOptions['onProgress'],
): Progress {
  let total: number | null = null;
  return {
    async setTotal(n) {
      total = n;
      if (!(await moveDownload(db, task.id, ['running'], { total: n }))) throw new DownloadStopped();
    },
    async advance(written) {
      const progress = total === null || total === 0 ? 99 : Math.min(99, Math.floor((written / total) * 100));
      // Also the look at a cancellation: a task no longer running (cancelled, deleted) is not moved.
      if (!(await moveDownload(db, task.id, ['running'], { written, progress }))) throw new DownloadStopped();
      await onProgress?.(task.id, written);
    },
  };
}

/**
 * Writes one download task's file and stores it for its owner. The task keeps its own state
 * beside the job's: a cancelled or deleted task stops at the next batch and keeps nothing, and a
 * failure the owner can act on (too many rows, no Chinese font) is recorded without a retry.
 */
export function downloadJob(options: DownloadJobOptions = {}): JobDefinition<{ taskId: number }> {
  const fonts = options.fonts ?? CJK_FONTS;
  const limits: WorkbookLimits = { batch: BATCH, rowsMax: DOWNLOAD_LIMITS.rowsMax, ...options.limits };
  return defineJob<{ taskId: number }>({
    kind: DOWNLOAD_JOB,
    maxAttempts: 3,
    leaseMs: 30 * 60_000,
    async run(job, { db: { kysely: db }, log, config, signal }) {
      const task = await findDownload(db, job.payload.taskId);
      // A running task is taken again only when its previous run died (the job's lease ran out).
      if (
        !task ||
        !(await moveDownload(db, task.id, ['queued', 'running'], { state: 'running', progress: 0, written: 0 }))
      ) {
        return;
      }
      const progress = progressOf(db, task, options.onProgress);
      const files = { db, stores: fileStoresOf(config), log: log as Logger };
      try {
        const { bytes, kind, extra } = await write(files, task, progress, fonts, limits);
        if (signal.aborted) throw new Error('the worker is stopping');
        const [file] = await storeFiles(files, [{ name: `${task.name}.${kind}`, bytes, kind }], {
          purpose: 'attachment',
          protected: true,
          ownerId: task.owner_id,
        });
        if (!file) throw new Error('the file was not recorded');
        const at = Date.now();
        if (extra) await storeSibling(db, files, task, extra, at);
        const finished = await moveDownload(
          db,
          task.id,
          ['running'],
          {
            state: 'done',
            progress: 100,
            file_id: file.id,
            size: bytes.length,
            finished_at: at,
            expires_at: at + keepFor(task.kind),
          },
          at,
        );
        // Cancelled or deleted while the file was being stored: the file belongs to no task.
        if (!finished) await removeStoredFiles(db, fileStoresOf(config), [file.id], log);
      } catch (error) {
        if (error instanceof DownloadStopped) return;
        const at = Date.now();
        const last = error instanceof DownloadFailure || job.attempt >= job.maxAttempts;
        if (!last) {
          await moveDownload(db, task.id, ['running'], { state: 'queued', progress: 0, written: 0 }, at);
          throw error;
        }
        if (!(error instanceof DownloadFailure)) log.error({ err: error, task: task.id }, 'a download task failed');
        await moveDownload(
          db,
          task.id,
          ['running'],
          {
            state: 'failed',
            error_key: error instanceof DownloadFailure ? error.key : 'download.failed',
            error_params: error instanceof DownloadFailure ? error.params : {},
            finished_at: at,
            expires_at: at + DOWNLOAD_LIMITS.keepDays * DAY,
          },
          at,
        );
      }
    },
  });
}

type Written = { bytes: Buffer; kind: 'xlsx' | 'pdf'; extra?: { kind: DownloadKind; name: string; bytes: Buffer } };

/**
 * A second file written with a task's own (the account list beside the slips): a task of its own,
 * done at once, for the same owner and kept as long.
 */
async function storeSibling(
  db: Kysely<Database>,
  files: Parameters<typeof storeFiles>[0],
  task: DownloadTaskRow,
  extra: NonNullable<Written['extra']>,
  at: number,
) {
  const [file] = await storeFiles(files, [{ name: `${extra.name}.xlsx`, bytes: extra.bytes, kind: 'xlsx' }], {
    purpose: 'attachment',
    protected: true,
    ownerId: task.owner_id,
  });
  if (!file) throw new Error('the file was not recorded');
  const row = await insertDownload(db, {
    ownerId: task.owner_id,
    kind: extra.kind,
    name: extra.name,
    lang: task.lang,
    params: { of: task.id },
  });
  await moveDownload(
    db,
    row.id,
    ['queued'],
    {
      state: 'done',
      progress: 100,
      file_id: file.id,
      size: extra.bytes.length,
      finished_at: at,
      expires_at: at + keepFor(extra.kind),
    },
    at,
  );
}

/** The file of a task, by its kind. */
async function write(
  files: FilesContext,
  task: DownloadTaskRow,
  progress: Progress,
  fonts: readonly FontFile[],
  limits: WorkbookLimits,
): Promise<Written> {
  const { db } = files;
  switch (task.kind) {
    case 'accountSlips': {
      const params = fromJson<SlipsParams & { listName: string }>(task.params);
      const { pdf, xlsx } = await accountSlips(db, params, task.lang, fonts, progress, task.name);
      return { bytes: pdf, kind: 'pdf', extra: { kind: 'accountList', name: params.listName, bytes: xlsx } };
    }
    case 'accountList':
      // Written with its slips, never queued on its own.
      throw new Error('an account list is written with its slips');
    case 'results':
      return {
        bytes: await resultsWorkbook(db, fromJson<ResultsParams>(task.params), task.lang, progress, limits),
        kind: 'xlsx',
      };
    case 'report':
      return {
        bytes: await reportPdf(db, fromJson<ReportParams>(task.params), task.lang, fonts, progress),
        kind: 'pdf',
      };
    case 'groupReport':
      return {
        bytes: await groupReportPdf(db, fromJson<GroupParams>(task.params), task.lang, fonts, progress),
        kind: 'pdf',
      };
    case 'statistics':
      return {
        bytes: await statisticsPdf(db, fromJson<StatisticsParams>(task.params), task.lang, fonts, progress),
        kind: 'pdf',
      };
    case 'studentReport':
      return {
        bytes: await studentReportPdf(db, fromJson<StudentReportParams>(task.params), task.lang, fonts, progress),
        kind: 'pdf',
      };
    case 'aiImport':
      return { bytes: await importAiRecords(files, task, progress), kind: 'xlsx' };
    case 'statisticsSheet':
      return {
        bytes: await statisticsWorkbook(db, fromJson<StatisticsParams>(task.params), task.lang, progress),
        kind: 'xlsx',
      };
  }
}
