import { type Lang, type LocalText, type StudentReport, translate } from '@meridian/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { fromJson, toBool } from '../../platform/db/sql.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { archiveScope, studentOfScope } from '../archive/access.ts';
import { resultsOf, warningsOf } from '../archive/repository.ts';
import { readArchive } from '../archive/service.ts';
import { pinnedDefinition } from '../assessments/scales.ts';
import { type FontFile, newPdf, pdfBytes, tableRow } from '../downloads/pdf.ts';
import { DownloadFailure, type Progress } from '../downloads/progress.ts';
import { footer, heading, line } from '../downloads/report-pdf.ts';
import { textIn, timeText } from '../downloads/results-export.ts';
import { startDownload } from '../downloads/service.ts';
import { findStudent } from '../people/students/repository.ts';
import type { StudentScope } from '../people/students/scope.ts';
import type { StudentRow } from '../people/students/tables.ts';
import { orgNames } from '../screens/repository.ts';

type Db = Kysely<Database>;
const round = (n: number) => Math.round(n * 100) / 100;

/** A student's results and warnings, each result with its band and its distance from the scale's norm. */
async function reportOf(db: Db, student: StudentRow): Promise<StudentReport> {
  const [results, warnings, places] = await Promise.all([
    resultsOf(db, student.id),
    warningsOf(db, student.id),
    orgNames(db, [student.school_id, student.org_id]),
  ]);
  const definitions = new Map<number, Awaited<ReturnType<typeof pinnedDefinition>>>();
  for (const versionId of new Set(results.map((r) => Number(r.version_id)))) {
    definitions.set(versionId, await pinnedDefinition(db, versionId));
  }
  const nameOf = (id: number) => places.find((p) => p.id === id)?.name ?? '';
  return {
    student: {
      id: student.id,
      name: student.name,
      studentNo: student.student_no || null,
      schoolName: nameOf(student.school_id),
      className: nameOf(student.org_id),
    },
    results: results.map((r) => {
      const definition = definitions.get(Number(r.version_id));
      const band = definition?.bands?.find((b) => b.id === r.band);
      const norm = definition?.norms?.total;
      const total = r.total === null ? null : Number(r.total);
      return {
        id: r.id,
        scaleId: r.scale_id,
        scaleName: { 'zh-CN': r.name_zh, en: r.name_en || r.name_zh },
        valid: toBool(r.valid),
        total,
        band: band ? { id: band.id, label: band.label } : null,
        warningLevel: r.warning_level,
        submittedAt: Number(r.submitted_at),
        norm: norm && definition?.norms ? { mean: norm.mean, sd: norm.sd, source: definition.norms.source } : null,
        z: norm && total !== null && norm.sd > 0 && toBool(r.valid) ? round((total - norm.mean) / norm.sd) : null,
      };
    }),
    warnings: warnings.map((w) => ({
      id: w.id,
      level: w.level,
      state: w.state,
      reason: fromJson<LocalText | null>(w.reason),
      createdAt: Number(w.created_at),
      closedAt: w.closed_at === null ? null : Number(w.closed_at),
    })),
  };
}

/** `studentReport/query`: a read of the student's file, checked against the scope and audited like one. */
export async function studentReportOf(actor: Actor, studentId: number): Promise<StudentReport> {
  return reportOf(actor.db, await readArchive(actor, studentId, 'report'));
}

export interface StudentReportParams {
  scope: StudentScope;
  studentId: number;
}

/** The student's report as a PDF through the download center; asking is a read of the file, audited. */
export async function exportStudentReport(actor: Actor, studentId: number) {
  const scope = await archiveScope(actor);
  const student = await studentOfScope(actor, scope, studentId);
  const name = translate('report.file.student', actor.lang, { name: student.name });
  const params: StudentReportParams = { scope, studentId: student.id };
  return startDownload(actor, 'studentReport', name, params, 'archive.report.export');
}

/** The PDF: the student, then each assessment (with its norm comparison) and each warning, oldest first. */
export async function studentReportPdf(
  db: Db,
  params: StudentReportParams,
  lang: Lang,
  fonts: readonly FontFile[],
  progress: Progress,
): Promise<Buffer> {
  await progress.setTotal(1);
  const student = await findStudent(db, params.scope, params.studentId);
  if (!student) throw new DownloadFailure('report.studentGone');
  const report = await reportOf(db, student);
  const t = (key: string, values?: Record<string, string | number>) => translate(`report.student.${key}`, lang, values);
  const doc = newPdf(`${student.name} ${t('title')}`, fonts);
  doc.fontSize(18).text(t('title'), { align: 'center' }).moveDown(0.8);
  line(doc, t('name'), report.student.name);
  if (report.student.studentNo) line(doc, t('studentNo'), report.student.studentNo);
  line(doc, t('school'), `${report.student.schoolName} ${report.student.className}`);
  heading(doc, t('results'));
  if (report.results.length === 0) doc.fontSize(10.5).text(t('noResults'));
  else {
    const columns = [0, 95, 245, 290, 370, 430];
    tableRow(doc, [t('when'), t('scale'), t('total'), t('band'), t('warning'), t('norm')], columns, true);
    for (const r of report.results) {
      tableRow(
        doc,
        [
          timeText(r.submittedAt),
          textIn(r.scaleName, lang),
          r.total === null ? '-' : String(r.total),
          r.valid ? textIn(r.band?.label, lang) || '-' : t('invalid'),
          r.warningLevel ?? '',
          r.z === null || !r.norm ? '-' : t('z', { z: r.z, mean: r.norm.mean, sd: r.norm.sd }),
        ],
        columns,
      );
    }
  }
  heading(doc, t('warnings'));
  if (report.warnings.length === 0) doc.fontSize(10.5).text(t('noWarnings'));
  for (const w of report.warnings) {
    const state = translate(`report.student.state.${w.state}`, lang);
    doc.fontSize(10.5).text(`${timeText(w.createdAt)}  [${w.level}] ${state}  ${textIn(w.reason ?? undefined, lang)}`);
  }
  footer(doc, lang);
  const bytes = await pdfBytes(doc);
  await progress.advance(1);
  return bytes;
}
