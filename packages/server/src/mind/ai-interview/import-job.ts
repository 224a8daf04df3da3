import { type Lang, type MessageParams, translate } from '@meridian/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { fromJson, toJson } from '../../platform/db/sql.ts';
import { writeWorkbook } from '../../platform/excel/sheet.ts';
import { AppError } from '../../platform/http/errors.ts';
import { formatDate } from '../../platform/time.ts';
import { findFileByPath } from '../../portal/files/repository.ts';
import { type FilesContext, openStored, readAll, removeStoredFiles } from '../../portal/files/store.ts';
import { insertResult } from '../assessments/sheets-repository.ts';
import { storedScore } from '../assessments/stored-score.ts';
import { DownloadFailure, type Progress } from '../downloads/progress.ts';
import { findFilePath, recordOutcome } from '../downloads/repository.ts';
import type { DownloadTaskRow } from '../downloads/tables.ts';
import { countResult } from '../screens/repository.ts';
import { openWarning } from '../warnings/open.ts';
import { addTaskScale, attachResult, importedResult, insertImportedSheet } from './import-repository.ts';
import {
  type AiImportParams,
  type CheckedRecord,
  checkRecord,
  RowRefused,
  readRecords,
  scoreRecord,
} from './import-rows.ts';
import { addTurns } from './repository.ts';
import { crisisReason } from './service.ts';

/** The largest upload (the excel rule's 20 MB). */
const MAX_BYTES = 20 * 1024 * 1024;

interface RowOutcome {
  row: number;
  who: string;
  scale: string;
  total: number | null;
  reason: string | null;
}

/**
 * Stores one checked record as an AI interview result, in one transaction: the sheet (done), the
 * result scored by the questionnaire's scoring, the screens' counts, the warning a result opens, the
 * transcript as the student's words and, when the local crisis check hits, a red warning. All or nothing.
 */
async function storeRecord(db: Kysely<Database>, params: AiImportParams, r: CheckedRecord): Promise<number | null> {
  const { score, warning } = scoreRecord(r);
  const s = r.student;
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    await addTaskScale(trx, params.taskId, r.scaleId, r.versionId);
    const sheetId = await insertImportedSheet(trx, {
      task_id: params.taskId,
      scale_id: r.scaleId,
      version_id: r.versionId,
      student_id: s.id,
      user_id: null,
      school_id: s.school_id,
      grade_id: s.grade_id,
      class_id: s.org_id,
      state: 'done',
      answers: '{}',
      started_at: null,
      submitted_at: r.at,
      attempts: 1,
      result_id: null,
      updated_at: now,
    });
    const resultId = await insertResult(trx, {
      task_id: params.taskId,
      assignee_id: sheetId,
      scale_id: r.scaleId,
      version_id: r.versionId,
      student_id: s.id,
      respondent_id: s.user_id ?? params.ownerId,
      school_id: s.school_id,
      grade_id: s.grade_id,
      class_id: s.org_id,
      valid: score.valid,
      total: score.total,
      band: score.band?.id ?? null,
      warning_level: warning?.level ?? null,
      score: toJson(storedScore(score)),
      answers: toJson(r.answers),
      attempt: 1,
      duration_ms: null,
      submitted_at: r.at,
    });
    await attachResult(trx, sheetId, resultId);
    await countResult(trx, {
      schoolId: s.school_id,
      gradeId: s.grade_id,
      classId: s.org_id,
      taskId: params.taskId,
      scaleId: r.scaleId,
      band: score.band?.id ?? null,
      warned: Boolean(warning),
      at: r.at,
      firstAnswer: false,
    });
    const place = { studentId: s.id, studentName: s.name, schoolId: s.school_id, classId: s.org_id };
    if (warning) {
      await openWarning(
        trx,
        { ...place, level: warning.level, rule: warning.rule, reason: warning.reason, resultId },
        now,
      );
    }
    if (r.transcript) {
      const risky = r.crisis?.risky ?? false;
      await addTurns(trx, [
        {
          assignee_id: sheetId,
          attempt: 1,
          role: 'student',
          kind: 'answer',
          content: r.transcript,
          item_id: null,
          option_value: null,
          next_question: null,
          crisis: risky,
          at: r.at,
        },
      ]);
      if (risky && r.crisis) {
        // As in a live interview: the words opened the red warning, whatever the scale's score said.
        const categories = [...new Set(r.crisis.hits.map((h) => h.category))];
        await openWarning(
          trx,
          {
            ...place,
            level: 'red',
            rule: 'crisis',
            reason: crisisReason(categories),
            resultId: sheetId,
            source: 'interview',
          },
          now,
        );
      }
    }
  });
  return score.total;
}

/** The per-row report: every row with its outcome, and a last line with the counts. */
function reportBook(outcomes: RowOutcome[], lang: Lang): Buffer {
  const t = (key: Parameters<typeof translate>[0], params?: MessageParams) => translate(key, lang, params);
  const refused = outcomes.filter((o) => o.reason !== null).length;
  const rows: Array<Array<string | number | null>> = [
    [
      t('aiImport.col.row'),
      t('aiImport.col.studentNo'),
      t('aiImport.col.scale'),
      t('aiImport.col.outcome'),
      t('aiImport.col.reason'),
    ],
    ...outcomes.map((o) => [
      o.row,
      o.who,
      o.scale,
      o.reason === null ? t('aiImport.imported', { total: String(o.total ?? '-') }) : t('aiImport.refused'),
      o.reason,
    ]),
    [],
    [t('aiImport.summary', { total: outcomes.length, imported: outcomes.length - refused, refused })],
  ];
  return writeWorkbook([{ name: t('aiImport.sheet.report'), rows, widths: [8, 18, 14, 20, 60] }]);
}

/** The uploaded workbook, read back from the store it was kept in. */
async function uploadOf(files: FilesContext, fileId: number): Promise<Buffer> {
  const place = await findFilePath(files.db, fileId);
  const row = place ? await findFileByPath(files.db, place.path) : undefined;
  if (!row) throw new DownloadFailure('aiImport.stopped');
  try {
    return await readAll(await openStored(files, row), MAX_BYTES);
  } catch (error) {
    if (error instanceof AppError) throw new DownloadFailure('aiImport.stopped');
    throw error;
  }
}

/**
 * The work of an `aiImport` download task (decision 0145): each row checked then stored on its own
 * (a bad row is reported, never half stored), progress after each row, and the report as the task's
 * file. A run taken again after a crash finds the rows it stored and does not store them twice.
 */
export async function importAiRecords(files: FilesContext, task: DownloadTaskRow, progress: Progress): Promise<Buffer> {
  const params = fromJson<AiImportParams>(task.params);
  const bytes = await uploadOf(files, params.fileId);
  let records: ReturnType<typeof readRecords>;
  try {
    records = readRecords(bytes, task.lang);
  } catch {
    throw new DownloadFailure('aiImport.stopped');
  }
  await progress.setTotal(records.length);
  const now = Date.now();
  const seen = new Map<string, number>();
  const outcomes: RowOutcome[] = [];
  for (const [i, record] of records.entries()) {
    const who = record.cells.studentNo ?? record.cells.studentId ?? '';
    const scale = record.cells.scale ?? '';
    try {
      const checked = await checkRecord(files.db, params, record, now);
      const key = `${checked.student.id}:${checked.scaleId}:${formatDate(checked.at)}`;
      const first = seen.get(key);
      if (first !== undefined) throw new RowRefused('aiImport.repeated', { other: first });
      seen.set(key, record.row);
      const done = await importedResult(files.db, params.taskId, checked.student.id, checked.scaleId, checked.at);
      const total = done
        ? done.total === null
          ? null
          : Number(done.total)
        : await storeRecord(files.db, params, checked);
      outcomes.push({ row: record.row, who, scale, total, reason: null });
    } catch (error) {
      if (!(error instanceof RowRefused)) throw error;
      outcomes.push({
        row: record.row,
        who,
        scale,
        total: null,
        reason: translate(error.key, task.lang, error.params),
      });
    }
    await progress.advance(i + 1);
  }
  const refused = outcomes.filter((o) => o.reason !== null).length;
  await recordOutcome(files.db, task.id, { imported: outcomes.length - refused, refused });
  // The upload held students' words: it goes once its rows are stored; the report stays as the task's file.
  await removeStoredFiles(files.db, files.stores, [params.fileId], files.log);
  return reportBook(outcomes, task.lang);
}
