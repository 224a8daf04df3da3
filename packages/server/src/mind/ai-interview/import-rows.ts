import {
  AI_IMPORT_LIMITS,
  checkAnswers,
  type Lang,
  type MessageKey,
  type MessageParams,
  optionsOf,
  type ScaleDefinition,
  scoreSheet,
  topWarning,
  translate,
} from '@meridian/contracts';
import { readSheet, type SheetColumn, type SheetRow, UnreadableSheetError } from '../../platform/excel/sheet.ts';
import { AppError } from '../../platform/http/errors.ts';
import { formatDate, HOUR, startOfDate } from '../../platform/time.ts';
import type { Scope } from '../../portal/access/scope.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { pinnedDefinition } from '../assessments/scales.ts';
import { type CrisisVerdict, checkCrisis } from '../crisis/check.ts';
import type { StudentScope } from '../people/students/scope.ts';
import { type NamedStudent, publishedScaleByCode, studentsNamed } from './import-repository.ts';

export type Field = 'studentId' | 'studentNo' | 'scale' | 'date' | 'transcript' | `item${number}`;

const column = (
  field: Field,
  key: MessageKey,
  params: MessageParams = {},
  aliases: string[] = [],
): SheetColumn<Field> => ({
  field,
  title: { 'zh-CN': translate(key, 'zh-CN', params), en: translate(key, 'en', params) },
  aliases,
});

/** The template's columns: who, which scale, when, what they said, then one column per item. */
export const AI_IMPORT_COLUMNS: readonly SheetColumn<Field>[] = [
  column('studentId', 'aiImport.col.studentId', {}, ['ID']),
  column('studentNo', 'aiImport.col.studentNo'),
  column('scale', 'aiImport.col.scale', {}, ['量表', 'Scale']),
  column('date', 'aiImport.col.date'),
  column('transcript', 'aiImport.col.transcript'),
  ...Array.from({ length: AI_IMPORT_LIMITS.itemsMax }, (_, i) =>
    column(`item${i + 1}`, 'aiImport.col.item', { no: i + 1 }, [`Q${i + 1}`]),
  ),
];
const REQUIRED: readonly Field[] = ['scale', 'date', 'item1'];

/** What an import task carries to its job: the caller's scopes as they were when they asked. */
export interface AiImportParams {
  fileId: number;
  taskId: number;
  ownerId: number;
  scope: StudentScope;
  scaleScope: Scope;
}

/** The records of a file: header present, 1..rowsMax rows; refused as a whole in words otherwise. */
export function readRecords(bytes: Uint8Array, lang: Lang): SheetRow<Field>[] {
  let sheet: ReturnType<typeof readSheet<Field>>;
  try {
    sheet = readSheet(bytes, { columns: AI_IMPORT_COLUMNS });
  } catch (error) {
    if (error instanceof UnreadableSheetError) throw new AppError(400, 'peopleImport.unreadable');
    throw error;
  }
  const missing = sheet.missing.filter((c) => REQUIRED.includes(c.field));
  const hasWho =
    !sheet.missing.some((c) => c.field === 'studentId') || !sheet.missing.some((c) => c.field === 'studentNo');
  if (!hasWho) missing.unshift(...sheet.missing.filter((c) => c.field === 'studentNo'));
  if (missing.length > 0) {
    throw new AppError(400, 'peopleImport.noHeader', {
      params: { columns: missing.map((c) => c.title[lang]).join(', ') },
    });
  }
  if (sheet.rows.length === 0) throw new AppError(400, 'peopleImport.noData');
  if (sheet.rows.length > AI_IMPORT_LIMITS.rowsMax) {
    throw new AppError(400, 'peopleImport.tooManyRows', {
      params: { max: AI_IMPORT_LIMITS.rowsMax, count: sheet.rows.length },
    });
  }
  return sheet.rows;
}

/** A row that cannot be imported, with its reason as a catalogue key. */
export class RowRefused extends Error {
  readonly key: MessageKey;
  readonly params: MessageParams;
  constructor(key: MessageKey, params: MessageParams = {}) {
    super(key);
    this.name = 'RowRefused';
    this.key = key;
    this.params = params;
  }
}

/** A row as it will be stored: whose, which scale version, the answers by item id, when, and what was said. */
export interface CheckedRecord {
  student: NamedStudent;
  scaleId: number;
  versionId: number;
  definition: ScaleDefinition;
  answers: Record<string, string>;
  at: number;
  transcript: string | null;
  crisis: CrisisVerdict | null;
}

const DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;

/** When a record was taken: its date at noon in the deployment's zone, never later than now. */
function instantOf(text: string | undefined, now: number): number {
  const m = DATE.exec((text ?? '').replace(/[/.]/g, '-'));
  if (!m) throw new RowRefused('aiImport.badDate', { date: text ?? '' });
  const date = `${m[1]}-${m[2]?.padStart(2, '0')}-${m[3]?.padStart(2, '0')}`;
  const month = Number(m[2]);
  const day = Number(m[3]);
  const start = month >= 1 && month <= 12 && day >= 1 && day <= 31 ? startOfDate(date) : Number.NaN;
  // 2026-02-31 rolls over to March: a date that does not come back as written is no date.
  if (Number.isNaN(start) || formatDate(start) !== date || start > now) {
    throw new RowRefused('aiImport.badDate', { date: text ?? '' });
  }
  return Math.min(start + 12 * HOUR, now);
}

/**
 * Checks one row against the roster (within the caller's scope), the scale library and the
 * scale's options; nothing is written. Options are matched by value or by label in either language.
 */
export async function checkRecord(
  db: Actor['db'],
  params: AiImportParams,
  row: SheetRow<Field>,
  now: number,
): Promise<CheckedRecord> {
  const c = row.cells;
  const idText = c.studentId?.trim();
  const no = c.studentNo?.trim();
  if (!idText && !no) throw new RowRefused('aiImport.noStudent');
  const id = idText ? Number(idText) : undefined;
  if (id !== undefined && (!Number.isInteger(id) || id <= 0)) {
    throw new RowRefused('aiImport.studentNotFound', { who: idText ?? '' });
  }
  const found = await studentsNamed(db, params.scope, id !== undefined ? { id } : { no: no ?? '' });
  const student = found[0];
  if (!student) throw new RowRefused('aiImport.studentNotFound', { who: idText || no || '' });
  if (found.length > 1) throw new RowRefused('aiImport.studentAmbiguous', { no: no ?? '' });
  const code = c.scale?.trim();
  if (!code) throw new RowRefused('aiImport.noScale');
  const scale = await publishedScaleByCode(db, params.scaleScope, code);
  if (!scale || scale.current_version_id === null) throw new RowRefused('aiImport.scaleNotFound', { code });
  const versionId = Number(scale.current_version_id);
  const definition = await pinnedDefinition(db, versionId);
  const at = instantOf(c.date, now);
  const answers: Record<string, string> = {};
  definition.items.forEach((item, i) => {
    const text = c[`item${i + 1}`]?.trim();
    if (!text) throw new RowRefused('aiImport.itemMissing', { no: i + 1 });
    const lower = text.toLowerCase();
    const option = optionsOf(definition, item).find(
      (o) => o.value === text || Object.values(o.label).some((l) => String(l).trim().toLowerCase() === lower),
    );
    if (!option) throw new RowRefused('aiImport.notAnOption', { no: i + 1, value: text });
    answers[item.id] = option.value;
  });
  for (let n = definition.items.length + 1; n <= AI_IMPORT_LIMITS.itemsMax; n++) {
    if (c[`item${n}`]?.trim()) throw new RowRefused('aiImport.extraItem', { count: definition.items.length, no: n });
  }
  // The questionnaire's own check, in case the scale adds rules beyond its options.
  const problem = checkAnswers(definition, answers)[0];
  if (problem) throw new RowRefused('aiImport.notAnOption', { no: problem.no ?? problem.item, value: '' });
  const transcript = c.transcript?.trim() || null;
  if (transcript && transcript.length > AI_IMPORT_LIMITS.transcriptMax) {
    throw new RowRefused('aiImport.transcriptLong', { max: AI_IMPORT_LIMITS.transcriptMax });
  }
  return {
    student,
    scaleId: Number(scale.id),
    versionId,
    definition,
    answers,
    at,
    transcript,
    crisis: transcript ? checkCrisis(transcript) : null,
  };
}

/** The score and warning a record gets: the questionnaire's own scoring. */
export function scoreRecord(record: CheckedRecord) {
  const score = scoreSheet(record.definition, record.answers);
  return { score, warning: topWarning(score) };
}
