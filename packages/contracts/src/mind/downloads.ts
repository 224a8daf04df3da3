import { z } from 'zod';
import { textFilter } from '../paging.ts';
import { bodyId, bodyPage, queryId } from '../portal/orgs.ts';
import { groupReportQuery, resultPage } from './assessments.ts';

/** Where a download task is: waiting for a worker, being written, ready, failed, or stopped by its owner. */
export const DOWNLOAD_STATES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type DownloadState = (typeof DOWNLOAD_STATES)[number];
/**
 * What a task writes: the results list (xlsx), one student's report (PDF), a group report (PDF),
 * sign-in slips of new or reset accounts (PDF) and their list (xlsx, written with the slips), and
 * the statistical report as a PDF or an xlsx, and a student's report (PDF). An AI interview import
 * runs as a task too: its rows are its progress and its file the per-row report (xlsx).
 */
export const DOWNLOAD_KINDS = [
  'results',
  'report',
  'groupReport',
  'accountSlips',
  'accountList',
  'statistics',
  'statisticsSheet',
  'studentReport',
  /** An import of prior AI interview records (decision 0145): its file is the per-row report. */
  'aiImport',
] as const;
export type DownloadKind = (typeof DOWNLOAD_KINDS)[number];

/** Limits of the download center, written once for the server and the page. */
export const DOWNLOAD_LIMITS = {
  /** A finished file is kept this many days, then the nightly cleanup removes it. */
  keepDays: 7,
  /** Tasks one account may have waiting or running at once. */
  openMax: 5,
  /** Ids one `file/query` may ask about (the page polls its running tasks). */
  queryMax: 100,
  /** Rows one results export may hold (an xlsx sheet holds 1,048,576). */
  rowsMax: 1_000_000,
  /** Sign-in slips hold passwords: they are kept this many hours only. */
  slipsKeepHours: 24,
} as const;

export const downloadTask = z.object({
  id: z.number(),
  kind: z.enum(DOWNLOAD_KINDS),
  /** The file's name as it downloads. */
  name: z.string(),
  state: z.enum(DOWNLOAD_STATES),
  /** 0-100. */
  progress: z.number(),
  /** Rows (or pages) written so far, and how many there are when known. */
  written: z.number(),
  total: z.number().nullable(),
  size: z.number().nullable(),
  /** Why it failed, in the reader's language. */
  error: z.string().nullable(),
  /** What a finished import did ("12 rows: 10 imported, 2 not imported"); null for exports. */
  summary: z.string().nullable(),
  createdAt: z.number(),
  finishedAt: z.number().nullable(),
  expiresAt: z.number().nullable(),
});
export type DownloadTask = z.infer<typeof downloadTask>;

/** `file/page`: the caller's own tasks, newest first. */
export const downloadPage = z.strictObject({
  ...bodyPage,
  state: z.enum(DOWNLOAD_STATES, { error: 'v.download.state' }).optional(),
  kind: z.enum(DOWNLOAD_KINDS, { error: 'v.download.kind' }).optional(),
  name: textFilter(100, 'v.download.name'),
});
/** `file/query`: the current state of some tasks, for a page that watches them. */
export const downloadQuery = z.strictObject({
  ids: z
    .array(bodyId, { error: 'v.download.ids' })
    .min(1, 'v.download.ids')
    .max(DOWNLOAD_LIMITS.queryMax, 'v.download.ids'),
});
export const downloadIdBody = z.strictObject({ id: bodyId });
export const downloadIdQuery = z.object({ id: queryId });

/** `survey/record/download`: the results list's filters, exported whole. */
export const resultsExport = resultPage.omit({ page: true, size: true });
export type ResultsExport = z.infer<typeof resultsExport>;
/** One result's individual report as a PDF. */
export const reportExport = z.strictObject({ id: bodyId });
/** A group report (the same body as `cp/report`) as a PDF. */
export const groupReportExport = groupReportQuery;
export type GroupReportExport = z.infer<typeof groupReportExport>;

/** `screen/user/cp/report`: the large screen's group report of one scale over the caller's whole scope. */
export const screenReportQuery = z.strictObject({
  scaleId: bodyId,
  by: z.enum(['school', 'grade', 'class', 'gender'], { error: 'v.download.by' }).default('school'),
});
