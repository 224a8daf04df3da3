import {
  checkAnswers,
  Identity,
  type Lang,
  type ScaleDefinition,
  type ScoreResult,
  scoreSheet,
  textOf,
  topWarning,
  translate,
} from '@meridian/contracts';
import { fromJson, toBool, toJson } from '../../platform/db/sql.ts';
import { AppError, type RuleBroken } from '../../platform/http/errors.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { countResult } from '../screens/repository.ts';
import { openWarning } from '../warnings/open.ts';
import { pinnedDefinition } from './scales.ts';
import {
  closeSheet,
  headsClass,
  insertResult,
  ownSheet,
  parentOf,
  type SheetRow,
  saveAnswers,
  sheetsOf,
  startSheet,
  studentSheet,
} from './sheets-repository.ts';
import { storedScore } from './stored-score.ts';

export interface SheetRef {
  taskId: number;
  scaleId: number;
  studentId?: number | undefined;
}

const notAssigned = () => new AppError(403, 'sheet.notAssigned');

/**
 * The sheet the caller may answer: their own, or, as the head teacher or a parent, the one about
 * the student they name. A tampered task or scale id finds no sheet of theirs; a student naming
 * another student is told they answer only for themself.
 */
export async function sheetFor(actor: Actor, ref: SheetRef): Promise<SheetRow> {
  const me = actor.auth.userId;
  if (ref.studentId === undefined) {
    const asStudent = actor.auth.identityId === Identity.student;
    const row = await ownSheet(actor.db, me, asStudent, ref.taskId, ref.scaleId);
    // An other-rater sheet about this student is for their rater, not for them.
    if (!row || row.kind === 'other') throw notAssigned();
    return row;
  }
  const row = await studentSheet(actor.db, ref.studentId, ref.taskId, ref.scaleId);
  if (!row || row.kind === 'teacher') throw notAssigned();
  if (row.kind === 'student') {
    if (row.student_user_id !== me) throw new AppError(403, 'sheet.forAnother');
    return row;
  }
  const rates =
    row.rater === 'parent'
      ? await parentOf(actor.db, me, ref.studentId)
      : row.class_id !== null && (await headsClass(actor.db, me, row.class_id));
  if (!rates) throw new AppError(403, 'sheet.forAnother');
  return row;
}

const deadlineOf = (row: SheetRow) =>
  row.max_minutes === null || row.started_at === null ? null : row.started_at + row.max_minutes * 60_000;

/** The rules of an open sheet, in the order a respondent would want to hear them. */
export function checkOpen(row: SheetRow, at: number): void {
  if (row.task_state !== 'published') throw new AppError(409, 'sheet.notOpen');
  if (at < row.starts_at) {
    throw new AppError(409, 'sheet.notStarted', { params: { at: new Date(row.starts_at).toISOString() } });
  }
  if (at > row.ends_at) throw new AppError(409, 'sheet.closed');
}

export function checkNotDone(row: SheetRow): void {
  if (row.state === 'done' && !toBool(row.retest)) throw new AppError(409, 'sheet.done');
}

export function checkTime(row: SheetRow, at: number): void {
  const deadline = deadlineOf(row);
  if (deadline !== null && at > deadline) {
    throw new AppError(409, 'sheet.timeUp', { params: { minutes: row.max_minutes ?? 0 } });
  }
}

/** The scale as a respondent sees it: text and options, without scores or rules, so a sheet cannot be gamed. */
function respondentView(definition: ScaleDefinition) {
  const strip = (options: ScaleDefinition['options']) => options.map(({ value, label }) => ({ value, label }));
  return {
    code: definition.code,
    name: definition.name,
    instructions: definition.instructions ?? null,
    languages: definition.languages,
    options: strip(definition.options),
    items: definition.items.map((i) => ({ id: i.id, text: i.text, options: i.options ? strip(i.options) : undefined })),
  };
}

function view(row: SheetRow, definition: ScaleDefinition, answers: Record<string, string>) {
  return {
    taskId: row.task_id,
    scaleId: row.scale_id,
    studentId: row.student_id,
    state: row.state,
    startedAt: row.started_at,
    deadline: deadlineOf(row),
    answers,
    scale: respondentView(definition),
  };
}

/** Answer problems as the envelope's rules: one line per question, by its number. */
function problemRules(definition: ScaleDefinition, answers: Record<string, string>, missingToo: boolean): RuleBroken[] {
  return checkAnswers(definition, answers)
    .filter((p) => missingToo || p.kind !== 'missing')
    .map((p) => ({ field: `answers.${p.item}`, key: p.key, params: { no: p.no ?? p.item, item: p.item } }));
}

export async function mySheets(actor: Actor) {
  const rows = await sheetsOf(actor.db, actor.auth.userId, Date.now());
  const out = [];
  for (const r of rows) {
    const definition = await pinnedDefinition(actor.db, r.version_id);
    out.push({
      taskId: r.task_id,
      taskName: r.task_name,
      scaleId: r.scale_id,
      scaleName: textOf(definition.name, actor.lang),
      studentId: r.kind === 'other' ? r.student_id : null,
      studentName: r.kind === 'other' ? r.student_name : null,
      mode: r.mode,
      state: r.state,
      endsAt: r.ends_at,
      maxMinutes: r.max_minutes,
      retest: toBool(r.retest),
    });
  }
  return out;
}

/** Reopens a sheet where it was left, without starting the clock. */
export async function resumeSheet(actor: Actor, ref: SheetRef) {
  const row = await sheetFor(actor, ref);
  const definition = await pinnedDefinition(actor.db, row.version_id);
  return view(row, definition, fromJson<Record<string, string>>(row.answers));
}

/** Starts the answering time (once; again for a retest of a finished sheet). */
export async function beginSheet(actor: Actor, ref: SheetRef) {
  const row = await sheetFor(actor, ref);
  const at = Date.now();
  checkOpen(row, at);
  checkNotDone(row);
  const definition = await pinnedDefinition(actor.db, row.version_id);
  if (row.state === 'started') return view(row, definition, fromJson(row.answers));
  const fresh = row.state === 'done';
  await startSheet(actor.db, row.id, fresh, at);
  return view({ ...row, state: 'started', started_at: at }, definition, fresh ? {} : fromJson(row.answers));
}

/** Keeps answers as they are given: an item answered twice keeps the last answer. */
export async function saveSheet(actor: Actor, ref: SheetRef, answers: Record<string, string>) {
  const row = await sheetFor(actor, ref);
  const at = Date.now();
  checkOpen(row, at);
  checkNotDone(row);
  checkTime(row, at);
  const definition = await pinnedDefinition(actor.db, row.version_id);
  const rules = problemRules(definition, answers, false);
  if (rules.length > 0) throw new AppError(400, 'sheet.incomplete', { rules });
  const merged = { ...(row.state === 'done' ? {} : fromJson<Record<string, string>>(row.answers)), ...answers };
  await saveAnswers(actor.db, row.id, merged, row.started_at ?? at, at);
  return view({ ...row, state: 'started', started_at: row.started_at ?? at }, definition, merged);
}

/**
 * Checks, scores and stores a sheet: the saved answers completed by those sent, every rule of
 * the task, then the result, the sheet's closing and any warning in one transaction.
 */
export async function submitSheet(actor: Actor, ref: SheetRef, sent: Record<string, string>) {
  const row = await sheetFor(actor, ref);
  const at = Date.now();
  checkOpen(row, at);
  checkNotDone(row);
  checkTime(row, at);
  const definition = await pinnedDefinition(actor.db, row.version_id);
  const answers = { ...(row.state === 'done' ? {} : fromJson<Record<string, string>>(row.answers)), ...sent };
  const rules = problemRules(definition, answers, true);
  if (rules.length > 0) throw new AppError(400, 'sheet.incomplete', { rules });
  const score = scoreSheet(definition, answers);
  const warning = topWarning(score);
  const answersJson = toJson(answers);
  const resultId = await actor.db.transaction().execute(async (trx) => {
    const id = await insertResult(trx, {
      task_id: row.task_id,
      assignee_id: row.id,
      scale_id: row.scale_id,
      version_id: row.version_id,
      student_id: row.student_id,
      respondent_id: actor.auth.userId,
      school_id: row.school_id,
      grade_id: row.grade_id,
      class_id: row.class_id,
      valid: score.valid,
      total: score.total,
      band: score.band?.id ?? null,
      warning_level: warning?.level ?? null,
      score: toJson(storedScore(score)),
      answers: answersJson,
      attempt: row.attempts + 1,
      duration_ms: row.started_at === null ? null : at - row.started_at,
      submitted_at: at,
    });
    if (!(await closeSheet(trx, row.id, row.attempts, id, at))) throw new AppError(409, 'sheet.done');
    if (row.student_id !== null) {
      await countResult(trx, {
        schoolId: row.school_id,
        gradeId: row.grade_id,
        classId: row.class_id,
        taskId: row.task_id,
        scaleId: row.scale_id,
        band: score.band?.id ?? null,
        warned: warning !== null && warning !== undefined,
        at,
        firstAnswer: row.attempts === 0,
      });
    }
    if (warning && row.student_id !== null) {
      await openWarning(
        trx,
        {
          studentId: row.student_id,
          studentName: row.student_name ?? '',
          schoolId: row.school_id,
          classId: row.class_id,
          level: warning.level,
          rule: warning.rule,
          reason: warning.reason,
          resultId: id,
        },
        at,
      );
    }
    return id;
  });
  const showReport = toBool(row.show_report);
  return { resultId, showReport, report: showReport ? reportOf(score, actor.lang) : null };
}

/** What a respondent reads of their own result: the score, band and interpretation, not the warning rules. */
function reportOf(score: ScoreResult, lang: Lang) {
  return {
    valid: score.valid,
    total: score.total,
    band: score.band ? textOf(score.band.label, lang) : null,
    interpretation: score.band ? textOf(score.band.interpretation, lang) : null,
    suggestion: score.band ? textOf(score.band.suggestion, lang) : null,
    factors: score.factors.map((f) => ({ id: f.id, name: textOf(f.name, lang), score: f.score })),
    note: score.valid ? null : translate('sheet.void', lang),
  };
}
