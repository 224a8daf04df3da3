import { DOWNLOAD_LIMITS, type Lang, type LocalText, translate } from '@meridian/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { toBool } from '../../platform/db/sql.ts';
import { type Cell, streamWorkbook } from '../../platform/excel/stream.ts';
import { formatDateTime } from '../../platform/time.ts';
import type { ResultFilters } from '../assessments/results-repository.ts';
import { pinnedDefinition } from '../assessments/scales.ts';
import type { StudentScope } from '../people/students/scope.ts';
import { countResults, type ExportRow, findOrgName, resultBatch } from './export-repository.ts';
import { DownloadFailure, type Progress } from './progress.ts';

/** Rows read and written between two progress reports (and two looks at whether the owner cancelled). */
export const BATCH = 1000;

export interface WorkbookLimits {
  batch: number;
  rowsMax: number;
}

export interface ResultsParams {
  scope: StudentScope;
  filters: ResultFilters;
}

const COLUMNS = [
  'name',
  'studentNo',
  'school',
  'grade',
  'class',
  'scale',
  'valid',
  'total',
  'band',
  'warning',
  'submittedAt',
] as const;

/** Text in the reader's language, or the other one when a custom scale gave only one. */
export const textIn = (text: LocalText | undefined, lang: Lang): string =>
  text?.[lang] ?? text?.['zh-CN'] ?? text?.en ?? '';

/** A moment as `YYYY-MM-DD HH:mm` in the deployment's time zone. */
export const timeText = (at: number): string => formatDateTime(at).slice(0, 16);

/**
 * The results an owner could read when asking, as an xlsx written a batch at a time: at most one
 * batch of rows and the names of the organisations met so far are held in memory, and the task's
 * progress moves (and a cancellation is seen) after each batch.
 */
export async function resultsWorkbook(
  db: Kysely<Database>,
  params: ResultsParams,
  lang: Lang,
  progress: Progress,
  limits: WorkbookLimits = { batch: BATCH, rowsMax: DOWNLOAD_LIMITS.rowsMax },
): Promise<Buffer> {
  const total = await countResults(db, params.scope, params.filters);
  if (total > limits.rowsMax) throw new DownloadFailure('download.tooManyRows', { count: total, max: limits.rowsMax });
  await progress.setTotal(total);
  const orgs = new Map<number, string>();
  const bands = new Map<string, string>();

  async function orgName(id: number | null): Promise<string> {
    if (id === null) return '';
    let name = orgs.get(id);
    if (name === undefined) {
      const row = await findOrgName(db, id);
      name = row?.name ?? '';
      orgs.set(id, name);
    }
    return name;
  }
  async function bandLabel(versionId: number, band: string | null): Promise<string> {
    if (band === null) return '';
    const key = `${versionId}:${band}`;
    let label = bands.get(key);
    if (label === undefined) {
      const definition = await pinnedDefinition(db, versionId);
      label = textIn(definition.bands?.find((b) => b.id === band)?.label, lang) || band;
      bands.set(key, label);
    }
    return label;
  }
  const cellsOf = async (r: ExportRow): Promise<Cell[]> => [
    r.student_name ?? r.nickname ?? '',
    r.student_no ?? '',
    await orgName(r.school_id),
    await orgName(r.grade_id),
    await orgName(r.class_id),
    lang === 'en' ? r.name_en || r.name_zh : r.name_zh,
    translate(toBool(r.valid) ? 'download.yes' : 'download.no', lang),
    r.total === null ? null : Number(r.total),
    await bandLabel(Number(r.version_id), r.band),
    r.warning_level ?? '',
    timeText(Number(r.submitted_at)),
  ];

  async function* rows(): AsyncGenerator<Cell[]> {
    let before: number | null = null;
    let written = 0;
    for (;;) {
      const batch = await resultBatch(db, params.scope, params.filters, before, limits.batch);
      for (const row of batch) yield await cellsOf(row);
      written += batch.length;
      await progress.advance(written);
      const last = batch.at(-1);
      if (batch.length < limits.batch || last === undefined) return;
      before = Number(last.id);
    }
  }

  const header = COLUMNS.map((c) => translate(`download.col.${c}`, lang));
  const chunks: Buffer[] = [];
  for await (const chunk of streamWorkbook(translate('download.sheet.results', lang), header, rows())) {
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
