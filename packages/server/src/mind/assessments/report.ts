import { type Lang, translate } from '@meridian/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import type { StudentScope } from '../people/students/scope.ts';
import { orgNames } from './progress-repository.ts';
import { bandCounts, groupFigures, type ReportBy, type ReportFilters } from './report-repository.ts';
import { publishedScale } from './scales.ts';
import { staffScope } from './tasks.ts';

type Row = Awaited<ReturnType<typeof groupFigures>>[number];
interface Norm {
  mean: number;
  sd: number;
}

function figures(rows: Row[], norm: Norm | null) {
  const results = rows.reduce((n, r) => n + Number(r.results), 0);
  const valid = rows.reduce((n, r) => n + Number(r.valid ?? 0), 0);
  const positive = rows.reduce((n, r) => n + Number(r.positive ?? 0), 0);
  // The overall mean weighs each group's mean by its valid results.
  const sum = rows.reduce((n, r) => n + (r.mean_total === null ? 0 : Number(r.mean_total) * Number(r.valid ?? 0)), 0);
  const meanTotal = valid === 0 ? null : round(sum / valid);
  return {
    results,
    valid,
    positive,
    positiveRate: valid === 0 ? 0 : round(positive / valid, 4),
    meanTotal,
    normZ: norm === null || meanTotal === null || norm.sd === 0 ? null : round((meanTotal - norm.mean) / norm.sd),
  };
}

const round = (n: number, places = 2) => Math.round(n * 10 ** places) / 10 ** places;

/**
 * A group report (`cp/report`, and `cp/normReport` against the scale's norm): the results of one
 * scale within the caller's scope, with positives (results that raised a warning), the mean of
 * valid totals and the band distribution, overall and by school, grade, class or gender.
 */
export async function groupReport(actor: Actor, filters: ReportFilters, by: ReportBy) {
  return groupReportIn(actor.db, actor.lang, await staffScope(actor), filters, by);
}

/** The same report over a scope resolved earlier: a download task reads what its owner could read when asking. */
export async function groupReportIn(
  db: Kysely<Database>,
  lang: Lang,
  scope: StudentScope,
  filters: ReportFilters,
  by: ReportBy,
) {
  const [rows, bands, pinned] = await Promise.all([
    groupFigures(db, scope, filters, by),
    bandCounts(db, scope, filters),
    publishedScale(db, filters.scaleId),
  ]);
  const norm = pinned.definition.norms?.total ?? null;
  const names =
    by === 'gender'
      ? new Map<number, string>()
      : await orgNames(
          db,
          rows.map((r) => Number(r.key)).filter((id) => Number.isFinite(id)),
        );
  const nameOf = (key: string | null) => {
    if (key === null) return '';
    if (by === 'gender') return translate(key === 'female' ? 'report.female' : 'report.male', lang);
    return names.get(Number(key)) ?? '';
  };
  return {
    scaleId: filters.scaleId,
    ...figures(rows, norm),
    norm,
    bands: bands.map((b) => ({ band: b.band, count: Number(b.count) })),
    groups: rows.map((r) => ({ key: String(r.key ?? ''), name: nameOf(r.key), ...figures([r], norm) })),
  };
}
