import {
  type InterviewReport,
  type Lang,
  type PageQuery,
  type ScaleDefinition,
  scoreSheet,
  textOf,
  topWarning,
} from '@meridian/contracts';
import { fromJson, toBool, toJson } from '../../platform/db/sql.ts';
import { AppError } from '../../platform/http/errors.ts';
import { audit } from '../../portal/audit/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { attemptDeletion, deleteAttemptTranscript } from '../ai/transcripts-repository.ts';
import { pinnedDefinition } from '../assessments/scales.ts';
import { storedScore } from '../assessments/stored-score.ts';
import { staffScope } from '../assessments/tasks.ts';
import { warnAfterCorrection } from './correction-warning.ts';
import {
  assigneeSchool,
  correctionCounts,
  correctionsOf,
  correctResult,
  crisisResults,
  findInterviewResult,
  interviewResultPage,
  turnsOf,
} from './repository.ts';
import { itemsOf } from './service.ts';

const num = (v: number | string | null) => (v === null ? null : Number(v));
/** A band's name in the reader's language (results keep the band's id). */
const bandName = (definition: ScaleDefinition, id: string | null, lang: Lang) =>
  id === null ? null : textOf(definition.bands?.find((b) => b.id === id)?.label, lang) || id;
const notFound = () => new AppError(404, 'interview.resultNotFound');

/** The interview results of the caller's scope; a list shows scores, not transcripts, so it is not audited per row. */
export async function interviewResults(actor: Actor, taskId: number | undefined, paging: PageQuery) {
  const scope = await staffScope(actor);
  const page = await interviewResultPage(actor.db, scope, taskId, paging);
  const counts = await correctionCounts(
    actor.db,
    page.list.map((r) => Number(r.id)),
  );
  const crisis = await crisisResults(
    actor.db,
    page.list.map((r) => ({ id: Number(r.id), assignee_id: Number(r.assignee_id), attempt: Number(r.attempt) })),
  );
  const definitions = new Map<number, ScaleDefinition>();
  for (const r of page.list) {
    if (!definitions.has(r.version_id)) definitions.set(r.version_id, await pinnedDefinition(actor.db, r.version_id));
  }
  return {
    ...page,
    list: page.list.map((r) => ({
      resultId: Number(r.id),
      taskId: r.task_id,
      taskName: r.task_name,
      scaleName: textOf(definitions.get(r.version_id)?.name, actor.lang),
      studentName: r.student_name ?? '',
      className: r.class_name,
      total: num(r.total),
      band: (() => {
        const definition = definitions.get(r.version_id);
        return definition ? bandName(definition, r.band, actor.lang) : r.band;
      })(),
      warningLevel: r.warning_level,
      crisis: crisis.has(Number(r.id)),
      corrections: counts.get(Number(r.id)) ?? 0,
      submittedAt: Number(r.submitted_at),
    })),
  };
}

/**
 * One interview: the transcript, each mapped item and the score. Every read is audited, and a
 * result outside the scope is "not found", so that its existence is not revealed either.
 */
export async function interviewReport(actor: Actor, resultId: number): Promise<InterviewReport> {
  const scope = await staffScope(actor);
  const row = await findInterviewResult(actor.db, scope, resultId);
  if (!row) throw notFound();
  await audit(actor.db, actor.request, {
    action: 'ai.interview.read',
    targetType: 'assessment_result',
    targetId: row.id,
    detail: { studentId: row.student_id, taskId: row.task_id },
  });
  const definition = await pinnedDefinition(actor.db, row.version_id);
  const answers = fromJson<Record<string, string>>(row.answers);
  const turns = await turnsOf(actor.db, row.assignee_id, row.attempt);
  const deleted = await attemptDeletion(actor.db, row.assignee_id, row.attempt);
  const corrections = await correctionsOf(actor.db, row.id);
  // The student's words an item was mapped from: their last message before confirming it.
  const quoteOf = (itemId: string) =>
    turns.findLast((t) => t.role === 'student' && t.kind === 'answer' && t.item_id === itemId)?.content ?? null;
  return {
    resultId: Number(row.id),
    taskName: row.task_name,
    scaleName: textOf(definition.name, actor.lang),
    studentName: row.student_name ?? '',
    className: row.class_name,
    total: num(row.total),
    band: bandName(definition, row.band, actor.lang),
    warningLevel: row.warning_level,
    submittedAt: Number(row.submitted_at),
    items: itemsOf(definition, actor.lang).map((item) => ({
      itemId: item.itemId,
      no: item.no,
      text: item.text,
      value: answers[item.itemId] ?? '',
      options: item.options,
      quote: quoteOf(item.itemId),
    })),
    turns: turns.map((t) => ({
      id: Number(t.id),
      role: t.role,
      kind: t.kind,
      content: t.content,
      itemId: t.item_id,
      optionValue: t.option_value,
      crisis: toBool(t.crisis),
      at: Number(t.at),
    })),
    transcriptDeleted: deleted ? { cause: deleted.cause, reason: deleted.reason, at: Number(deleted.at) } : null,
    corrections: corrections.map((c) => ({
      itemId: c.item_id,
      from: c.from_value,
      to: c.to_value,
      fromTotal: num(c.from_total),
      toTotal: num(c.to_total),
      byName: c.nickname ?? '',
      at: Number(c.at),
    })),
  };
}

/**
 * A teacher corrects a mapped answer: the result is scored again by the same scoring, and the
 * correction (who, when, from what to what, the totals) is kept and audited.
 */
export async function correctMapping(actor: Actor, resultId: number, itemId: string, value: string) {
  const scope = await staffScope(actor);
  const row = await findInterviewResult(actor.db, scope, resultId);
  if (!row) throw notFound();
  const definition = await pinnedDefinition(actor.db, row.version_id);
  const item = itemsOf(definition, actor.lang).find((i) => i.itemId === itemId);
  if (!item?.options.some((o) => o.value === value)) throw new AppError(400, 'interview.notAnOption');
  const answers = fromJson<Record<string, string>>(row.answers);
  const from = answers[itemId] ?? '';
  if (from === value) return interviewReport(actor, resultId);
  const next = { ...answers, [itemId]: value };
  const score = scoreSheet(definition, next);
  const at = Date.now();
  const raised = topWarning(score);
  const warning = await actor.db.transaction().execute(async (trx) => {
    await correctResult(
      trx,
      row.id,
      {
        answers: toJson(next),
        valid: score.valid,
        total: score.total,
        band: score.band?.id ?? null,
        warning_level: raised?.level ?? null,
        score: toJson(storedScore(score)),
      },
      {
        result_id: row.id,
        item_id: itemId,
        from_value: from,
        to_value: value,
        from_total: num(row.total),
        to_total: score.total,
        by_user_id: actor.auth.userId,
        at,
      },
    );
    return warnAfterCorrection(
      trx,
      {
        resultId: Number(row.id),
        studentId: row.student_id === null ? null : Number(row.student_id),
        studentName: row.student_name ?? '',
        schoolId: Number(row.school_id),
        classId: row.class_id === null ? null : Number(row.class_id),
        fromLevel: row.warning_level,
        raised,
        fromTotal: num(row.total),
        toTotal: score.total,
      },
      actor.auth.userId,
      actor.lang,
      at,
    );
  });
  await audit(actor.db, actor.request, {
    action: 'ai.interview.correct',
    targetType: 'assessment_result',
    targetId: row.id,
    detail: { itemId, from, to: value, fromTotal: num(row.total), toTotal: score.total, warning },
  });
  return interviewReport(actor, resultId);
}

/**
 * An administrator deletes the transcript of one interview on the student's request (decision
 * 0137): the attempt's turns go, the score and the mapped answers stay, a marker says when and
 * why, and the deletion is audited with its reason.
 */
export async function deleteInterviewTranscript(actor: Actor, resultId: number, reason: string) {
  const scope = await staffScope(actor);
  const row = await findInterviewResult(actor.db, scope, resultId);
  if (!row) throw notFound();
  if (await attemptDeletion(actor.db, row.assignee_id, row.attempt)) throw new AppError(409, 'ai.transcriptGone');
  const schoolId = await assigneeSchool(actor.db, row.assignee_id);
  const at = Date.now();
  const removed = await actor.db.transaction().execute((trx) =>
    deleteAttemptTranscript(trx, row.assignee_id, row.attempt, {
      schoolId,
      cause: 'request',
      reason,
      byUserId: actor.auth.userId,
      at,
    }),
  );
  await audit(actor.db, actor.request, {
    action: 'ai.interview.deleteTranscript',
    targetType: 'assessment_result',
    targetId: row.id,
    detail: { studentId: row.student_id, attempt: row.attempt, reason, turns: removed },
  });
  return interviewReport(actor, resultId);
}
