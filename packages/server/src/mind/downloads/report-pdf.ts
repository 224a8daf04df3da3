import { type Lang, type ScaleDefinition, translate } from '@meridian/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { fromJson } from '../../platform/db/sql.ts';
import { groupReportIn } from '../assessments/report.ts';
import type { ReportBy, ReportFilters } from '../assessments/report-repository.ts';
import { findResult } from '../assessments/results-repository.ts';
import { pinnedDefinition, publishedScale } from '../assessments/scales.ts';
import { type StoredScore, scoreOf } from '../assessments/stored-score.ts';
import type { StudentScope } from '../people/students/scope.ts';
import { type FontFile, newPdf, type Pdf, pdfBytes, tableRow } from './pdf.ts';
import { DownloadFailure, type Progress } from './progress.ts';
import { textIn, timeText } from './results-export.ts';

export interface ReportParams {
  scope: StudentScope;
  resultId: number;
}
export interface GroupParams {
  scope: StudentScope;
  filters: ReportFilters;
  by: ReportBy;
}

export const heading = (doc: Pdf, text: string) => doc.moveDown(0.6).fontSize(13).text(text).moveDown(0.2);
export const line = (doc: Pdf, label: string, value: string) => doc.fontSize(10.5).text(`${label}：${value}`);

export function footer(doc: Pdf, lang: Lang): void {
  doc
    .moveDown(1.2)
    .fontSize(8.5)
    .fillColor('#666666')
    .text(`${translate('download.pdf.generatedAt', lang)}：${timeText(Date.now())}`)
    .text(translate('download.pdf.confidential', lang))
    .fillColor('#000000');
}

/** One student's individual report: scores, band, interpretation, suggestion, factors and flags. */
export async function reportPdf(
  db: Kysely<Database>,
  params: ReportParams,
  lang: Lang,
  fonts: readonly FontFile[],
  progress: Progress,
): Promise<Buffer> {
  await progress.setTotal(1);
  const row = await findResult(db, params.scope, params.resultId);
  if (!row) throw new DownloadFailure('download.resultGone');
  const definition = await pinnedDefinition(db, row.version_id);
  const score = scoreOf(fromJson<StoredScore>(row.score), definition);
  const t = (key: string) => translate(`download.pdf.${key}`, lang);
  const scale = textIn(definition.name, lang);

  const doc = newPdf(`${row.name} ${scale} ${t('report')}`, fonts);
  doc.fontSize(18).text(t('report'), { align: 'center' }).moveDown(0.8);
  line(doc, t('student'), row.name);
  line(doc, t('scale'), scale);
  line(doc, t('submittedAt'), timeText(Number(row.submitted_at)));
  heading(doc, t('total'));
  if (!score.valid) line(doc, t('band'), t('invalid'));
  line(doc, t('total'), String(score.total));
  if (score.band) line(doc, t('band'), textIn(score.band.label, lang));
  if (row.warning_level) line(doc, t('warning'), row.warning_level);
  if (score.band?.interpretation) {
    heading(doc, t('interpretation'));
    doc.fontSize(10.5).text(textIn(score.band.interpretation, lang));
  }
  if (score.band?.suggestion) {
    heading(doc, t('suggestion'));
    doc.fontSize(10.5).text(textIn(score.band.suggestion, lang));
  }
  const factors = score.factors.filter((f) => !f.validity);
  if (factors.length > 0) {
    heading(doc, t('factors'));
    const columns = [0, 220, 300];
    for (const f of factors) {
      tableRow(doc, [textIn(f.name, lang), String(f.score), f.band ? textIn(f.band.label, lang) : ''], columns);
    }
  }
  if (score.flags.length > 0 || score.warnings.length > 0) {
    heading(doc, t('flags'));
    for (const f of score.flags) doc.fontSize(10.5).text(`• ${textIn(f.label, lang)}`);
    for (const w of score.warnings) doc.fontSize(10.5).text(`• [${w.level}] ${textIn(w.reason, lang)}`);
  }
  footer(doc, lang);
  const bytes = await pdfBytes(doc);
  await progress.advance(1);
  return bytes;
}

const percent = (rate: number) => `${Math.round(rate * 1000) / 10}%`;
const orDash = (n: number | null) => (n === null ? '-' : String(n));

/** A group report of one scale: overall figures, the band distribution, and the figures of each group. */
export async function groupReportPdf(
  db: Kysely<Database>,
  params: GroupParams,
  lang: Lang,
  fonts: readonly FontFile[],
  progress: Progress,
): Promise<Buffer> {
  await progress.setTotal(2);
  const report = await groupReportIn(db, lang, params.scope, params.filters, params.by);
  const definition: ScaleDefinition = (await publishedScale(db, params.filters.scaleId)).definition;
  await progress.advance(1);
  const t = (key: string) => translate(`download.pdf.${key}`, lang);
  const scale = textIn(definition.name, lang);

  const doc = newPdf(`${scale} ${t('groupReport')}`, fonts);
  doc.fontSize(18).text(t('groupReport'), { align: 'center' }).moveDown(0.8);
  line(doc, t('scale'), scale);
  heading(doc, t('overall'));
  line(doc, t('results'), String(report.results));
  line(doc, t('validCount'), String(report.valid));
  line(doc, t('positive'), `${report.positive} (${percent(report.positiveRate)})`);
  line(doc, t('meanTotal'), orDash(report.meanTotal));
  if (report.norm) line(doc, t('normZ'), orDash(report.normZ));

  heading(doc, t('bands'));
  for (const b of report.bands) {
    const label = b.band === null ? t('noBand') : textIn(definition.bands?.find((x) => x.id === b.band)?.label, lang);
    tableRow(doc, [label || String(b.band), String(b.count)], [0, 220]);
  }

  heading(doc, t('groups'));
  const columns = [0, 150, 210, 270, 330, 400];
  tableRow(
    doc,
    [t('group'), t('results'), t('validCount'), t('positive'), t('positiveRate'), t('meanTotal')],
    columns,
    true,
  );
  for (const g of report.groups) {
    tableRow(
      doc,
      [
        g.name || g.key,
        String(g.results),
        String(g.valid),
        String(g.positive),
        percent(g.positiveRate),
        orDash(g.meanTotal),
      ],
      columns,
    );
  }
  footer(doc, lang);
  const bytes = await pdfBytes(doc);
  await progress.advance(2);
  return bytes;
}
