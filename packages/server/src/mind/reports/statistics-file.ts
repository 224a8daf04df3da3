import { type Lang, REPORT_SECTIONS, type StatisticsReport, translate } from '@meridian/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { type Cell, streamWorkbook } from '../../platform/excel/stream.ts';
import { formatDate } from '../../platform/time.ts';
import { type FontFile, newPdf, type Pdf, pdfBytes, tableRow } from '../downloads/pdf.ts';
import type { Progress } from '../downloads/progress.ts';
import { footer, heading, line } from '../downloads/report-pdf.ts';
import { textIn } from '../downloads/results-export.ts';
import { type StatisticsParams, statisticsIn } from './service.ts';

const BAND_COLOURS = ['#52c41a', '#1677ff', '#faad14', '#fa541c', '#cf1322', '#722ed1', '#8c8c8c'];

/** The report's figures as tables: one list of rows per section, shared by the PDF and the xlsx. */
function sections(report: StatisticsReport, lang: Lang) {
  const t = (key: string) => translate(`report.pdf.${key}`, lang);
  const totals = report.schools.totals;
  const overview: Cell[][] = [
    [t('assigned'), totals.assigned],
    [t('done'), totals.done],
    [t('results'), totals.results],
    [t('warned'), totals.warned],
    [t('warnings'), totals.warnings],
    [t('openWarnings'), totals.openWarnings],
  ];
  const schoolHeader = [t('school'), t('assigned'), t('done'), t('results'), t('warned'), t('warnings')];
  const schools: Cell[][] = report.schools.schools.map((s) => [
    s.name,
    s.assigned,
    s.done,
    s.results,
    s.warned,
    s.warnings,
  ]);
  const bandHeader = [t('grade'), ...report.bands.bands.map((b) => textIn(b.label, lang)), t('total')];
  const bands: Cell[][] = report.bands.rows.map((r) => [
    r.name,
    ...report.bands.bands.map((b) => r.counts[b.id] ?? 0),
    r.total,
  ]);
  const levelHeader = [t('level'), t('warnings'), t('open')];
  const levels: Cell[][] = report.warnings.levels.map((l) => [textIn(l.name, lang), l.total, l.open]);
  return { overview, schoolHeader, schools, bandHeader, bands, levelHeader, levels };
}

function describe(report: StatisticsReport, params: StatisticsParams, lang: Lang): [string, string][] {
  const t = (key: string) => translate(`report.pdf.${key}`, lang);
  const { from, to } = params.query;
  const period =
    from === undefined && to === undefined
      ? t('anyTime')
      : `${from === undefined ? '' : formatDate(from)} ~ ${to === undefined ? '' : formatDate(to - 1)}`;
  return [
    [t('scope'), report.school?.name ?? t('allSchools')],
    ...(report.task ? ([[t('task'), report.task.name]] as [string, string][]) : []),
    [t('period'), period],
  ];
}

/** A horizontal bar of `parts` (value and colour) scaled so that `max` fills `width`. */
function bar(doc: Pdf, label: string, parts: { value: number; colour: string }[], max: number, total: number) {
  const left = doc.page.margins.left;
  const y = doc.y;
  const width = 300;
  doc
    .fontSize(9.5)
    .fillColor('#000000')
    .text(label, left, y + 2, { width: 110, lineBreak: false, ellipsis: true });
  let x = left + 115;
  for (const p of parts) {
    const w = max === 0 ? 0 : (p.value / max) * width;
    if (w > 0) doc.rect(x, y, w, 12).fill(p.colour);
    x += w;
  }
  doc.fillColor('#000000').text(String(total), x + 6, y + 2, { lineBreak: false });
  doc.x = left;
  doc.y = y + 18;
  if (doc.y > doc.page.height - doc.page.margins.bottom - 20) doc.addPage();
}

/** The colour of each band, in one line above its bars. */
function legend(doc: Pdf, items: { label: string; colour: string }[]) {
  const left = doc.page.margins.left;
  const y = doc.y;
  let x = left;
  doc.fontSize(9);
  for (const item of items) {
    doc.rect(x, y + 1, 9, 9).fill(item.colour);
    doc.fillColor('#000000').text(item.label, x + 12, y, { lineBreak: false });
    x += 12 + doc.widthOfString(item.label) + 14;
  }
  doc.x = left;
  doc.y = y + 16;
}

function table(doc: Pdf, header: readonly string[], rows: Cell[][]) {
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  // Many columns (a scale's bands) leave the first one narrower, so that each band's name fits.
  const first = Math.min(header.length > 5 ? 90 : 150, width / 3);
  const rest = header.length > 1 ? (width - first) / (header.length - 1) : 0;
  const columns = header.map((_, i) => (i === 0 ? 0 : first + (i - 1) * rest));
  tableRow(doc, header, columns, true);
  for (const r of rows)
    tableRow(
      doc,
      r.map((c) => (c === null || c === undefined ? '' : String(c))),
      columns,
    );
}

/** The statistical report as a PDF: what was chosen, the overview, charts of bands by grade and warnings by level, and the tables. */
export async function statisticsPdf(
  db: Kysely<Database>,
  params: StatisticsParams,
  lang: Lang,
  fonts: readonly FontFile[],
  progress: Progress,
): Promise<Buffer> {
  await progress.setTotal(2);
  const report = await statisticsIn(db, params.scope, params.query);
  await progress.advance(1);
  const t = (key: string) => translate(`report.pdf.${key}`, lang);
  const s = sections(report, lang);
  const doc = newPdf(t('title'), fonts);
  doc.fontSize(18).text(t('title'), { align: 'center' }).moveDown(0.8);
  for (const [label, value] of describe(report, params, lang)) line(doc, label, value);
  if (report.empty) {
    heading(doc, t('overview'));
    doc.fontSize(10.5).text(t('empty'));
  } else {
    heading(doc, t('overview'));
    for (const [label, value] of s.overview) line(doc, String(label), String(value));
    // The sections of the template the school's bureau chose (decision 0132).
    const shows = new Set<string>(REPORT_SECTIONS[report.template]);
    if (report.bands.scale && shows.has('bands')) {
      heading(doc, `${t('bands')}（${textIn(report.bands.scale.name, lang)}）`);
      legend(
        doc,
        report.bands.bands.map((b, i) => ({
          label: textIn(b.label, lang) || b.id,
          colour: BAND_COLOURS[i % BAND_COLOURS.length] ?? '#8c8c8c',
        })),
      );
      const max = Math.max(0, ...report.bands.rows.map((r) => r.total));
      for (const r of report.bands.rows) {
        const parts = report.bands.bands.map((b, i) => ({
          value: r.counts[b.id] ?? 0,
          colour: BAND_COLOURS[i % BAND_COLOURS.length] ?? '#8c8c8c',
        }));
        bar(doc, r.name, parts, max, r.total);
      }
      doc.moveDown(0.3);
      table(doc, s.bandHeader, s.bands);
    }
    if (shows.has('levels')) levelsPdf(doc, report, s, t, lang);
    if (shows.has('schools')) {
      heading(doc, t('schools'));
      table(doc, s.schoolHeader, s.schools);
    }
  }
  footer(doc, lang);
  const bytes = await pdfBytes(doc);
  await progress.advance(2);
  return bytes;
}

function levelsPdf(
  doc: Pdf,
  report: StatisticsReport,
  s: ReturnType<typeof sections>,
  t: (key: string) => string,
  lang: Lang,
): void {
  heading(doc, t('levels'));
  const maxLevel = Math.max(0, ...report.warnings.levels.map((l) => l.total));
  for (const l of report.warnings.levels) {
    bar(doc, textIn(l.name, lang), [{ value: l.total, colour: l.colour }], maxLevel, l.total);
  }
  doc.moveDown(0.3);
  table(doc, s.levelHeader, s.levels);
  if (report.warnings.meanHandlingHours !== null) line(doc, t('meanHours'), String(report.warnings.meanHandlingHours));
}

/** The same report as one sheet: what was chosen, then each table under its title. */
export async function statisticsWorkbook(
  db: Kysely<Database>,
  params: StatisticsParams,
  lang: Lang,
  progress: Progress,
): Promise<Buffer> {
  await progress.setTotal(2);
  const report = await statisticsIn(db, params.scope, params.query);
  await progress.advance(1);
  const t = (key: string) => translate(`report.pdf.${key}`, lang);
  const s = sections(report, lang);
  async function* rows(): AsyncGenerator<Cell[]> {
    for (const pair of describe(report, params, lang)) yield pair;
    if (report.empty) {
      yield [];
      yield [t('empty')];
      return;
    }
    // The sections of the template the school's bureau chose (decision 0132); the overview always.
    const shows = new Set<string>(['figures', ...REPORT_SECTIONS[report.template]]);
    const blocks: [string, string, readonly Cell[] | null, Cell[][]][] = [
      ['figures', t('overview'), null, s.overview],
      ['schools', t('schools'), s.schoolHeader, s.schools],
      ['bands', `${t('bands')}（${textIn(report.bands.scale?.name, lang)}）`, s.bandHeader, s.bands],
      ['levels', t('levels'), s.levelHeader, s.levels],
    ];
    for (const [section, title, header, body] of blocks) {
      if (!shows.has(section)) continue;
      yield [];
      yield [title];
      if (header) yield [...header];
      for (const r of body) yield r;
    }
  }
  const chunks: Buffer[] = [];
  for await (const chunk of streamWorkbook(t('title'), [t('title')], rows())) chunks.push(chunk);
  await progress.advance(2);
  return Buffer.concat(chunks);
}
