import { type Interview, type Lang, type ScaleDefinition, textOf, translate } from '@meridian/contracts';
import { fromJson, toBool } from '../../platform/db/sql.ts';
import { AppError } from '../../platform/http/errors.ts';
import { audit } from '../../portal/audit/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { AiCallError, chat } from '../ai/client.ts';
import { redact } from '../ai/prompt.ts';
import { addTokens } from '../ai/repository.ts';
import { aiGate, callFailed } from '../ai/suggestions.ts';
import { pinnedDefinition } from '../assessments/scales.ts';
import {
  beginSheet,
  checkNotDone,
  checkOpen,
  checkTime,
  type SheetRef,
  saveSheet,
  sheetFor,
  submitSheet,
} from '../assessments/sheets.ts';
import type { SheetRow } from '../assessments/sheets-repository.ts';
import { type CrisisCategory, checkCrisis } from '../crisis/check.ts';
import { counsellorsOf } from '../mood/repository.ts';
import { HOTLINE, schoolDay } from '../mood/service.ts';
import { openWarning } from '../warnings/open.ts';
import { interviewMessages, parseReply } from './prompt.ts';
import { addTurns, studentIdentity, type TurnRow, turnsOf } from './repository.ts';

/** The longest reply asked for: a JSON object with two short sentences. */
const MAX_REPLY_TOKENS = 300;

interface ItemView {
  itemId: string;
  no: number;
  text: string;
  options: Array<{ value: string; label: string }>;
}

/** The items as the student is asked them, in the scale's order, with their options' labels. */
export function itemsOf(definition: ScaleDefinition, lang: Lang): ItemView[] {
  return definition.items.map((item, i) => ({
    itemId: item.id,
    no: i + 1,
    text: textOf(item.text, lang),
    options: (item.options ?? definition.options).map((o) => ({ value: o.value, label: textOf(o.label, lang) })),
  }));
}

const ask = (item: ItemView, lang: Lang) => translate('interview.ask', lang, { no: item.no, text: item.text });

/** An interview sheet the caller may answer: their own, of a task in interview mode. */
async function interviewSheet(actor: Actor, ref: SheetRef) {
  const row = await sheetFor(actor, ref);
  if (row.mode !== 'interview') throw new AppError(409, 'interview.notInterview');
  const definition = await pinnedDefinition(actor.db, row.version_id);
  return { row, items: itemsOf(definition, actor.lang), definition };
}

function turnView(t: TurnRow) {
  return {
    id: Number(t.id),
    role: t.role,
    kind: t.kind,
    content: t.content,
    itemId: t.item_id,
    optionValue: t.option_value,
    crisis: toBool(t.crisis),
    at: Number(t.at),
  };
}

/** The proposal waiting for the student: the last interviewer proposal of the current item, not yet answered since. */
function pendingProposal(turns: TurnRow[], itemId: string | undefined) {
  const last = turns.findLast((t) => t.role === 'interviewer' && t.item_id === itemId && t.kind !== 'crisis');
  return last?.kind === 'proposed' ? last : null;
}

async function viewOf(actor: Actor, row: SheetRow, items: ItemView[], definition: ScaleDefinition): Promise<Interview> {
  const fresh = await sheetFor(actor, { taskId: row.task_id, scaleId: row.scale_id });
  const answers = fresh.state === 'done' ? {} : fromJson<Record<string, string>>(fresh.answers);
  // A finished sheet shows the conversation of the attempt it closed; an open one, the attempt under way.
  const attempt = fresh.state === 'done' ? fresh.attempts : fresh.attempts + 1;
  const turns = await turnsOf(actor.db, fresh.id, attempt);
  const current = fresh.state === 'done' ? null : (items.find((i) => answers[i.itemId] === undefined) ?? null);
  const proposal = current ? pendingProposal(turns, current.itemId) : null;
  const { reason } = await aiGate(actor, fresh.school_id);
  const crisis = turns.some((t) => toBool(t.crisis));
  return {
    taskId: fresh.task_id,
    scaleId: fresh.scale_id,
    scaleName: textOf(definition.name, actor.lang),
    state: fresh.state,
    unavailable: reason,
    itemCount: items.length,
    answered: items.filter((i) => answers[i.itemId] !== undefined).length,
    current,
    proposed: proposal ? (current?.options.find((o) => o.value === proposal.option_value) ?? null) : null,
    turns: turns.map(turnView),
    help: crisis
      ? { counsellors: (await counsellorsOf(actor.db, fresh.school_id)).map((c) => c.name), hotline: HOTLINE }
      : null,
  };
}

/** Reopens an interview where the student left it. */
export async function resumeInterview(actor: Actor, ref: SheetRef): Promise<Interview> {
  const { row, items, definition } = await interviewSheet(actor, ref);
  return viewOf(actor, row, items, definition);
}

/** Starts (or goes on with) the conversation: the first unanswered item is asked once. */
export async function startInterview(actor: Actor, ref: SheetRef): Promise<Interview> {
  const { items, definition } = await interviewSheet(actor, ref);
  await beginSheet(actor, ref);
  const row = await sheetFor(actor, ref);
  const turns = await turnsOf(actor.db, row.id, row.attempts + 1);
  if (turns.length === 0 && items[0]) {
    await addTurns(actor.db, [
      turn(row, 'interviewer', 'question', ask(items[0], actor.lang), { item_id: items[0].itemId }),
    ]);
  }
  return viewOf(actor, row, items, definition);
}

function turn(
  row: SheetRow,
  role: TurnRow['role'],
  kind: TurnRow['kind'],
  content: string,
  more: { item_id?: string | null; option_value?: string | null; next_question?: string | null; crisis?: boolean } = {},
) {
  return {
    assignee_id: row.id,
    attempt: row.attempts + 1,
    role,
    kind,
    content,
    item_id: more.item_id ?? null,
    option_value: more.option_value ?? null,
    next_question: more.next_question ?? null,
    crisis: more.crisis ?? false,
    at: Date.now(),
  };
}

export const crisisReason = (categories: CrisisCategory[]) => {
  const text = (lang: Lang) =>
    translate('interview.crisisReason', lang, {
      categories: categories.map((c) => translate(`crisis.${c}`, lang)).join(lang === 'en' ? ', ' : '、'),
    });
  return { 'zh-CN': text('zh-CN'), en: text('en') };
};

/** An open sheet the student is talking in: started, in time, not finished. */
async function openInterview(actor: Actor, ref: SheetRef) {
  const sheet = await interviewSheet(actor, ref);
  const at = Date.now();
  checkOpen(sheet.row, at);
  checkNotDone(sheet.row);
  checkTime(sheet.row, at);
  if (sheet.row.state !== 'started') throw new AppError(409, 'interview.notStarted');
  const answers = fromJson<Record<string, string>>(sheet.row.answers);
  return { ...sheet, current: sheet.items.find((i) => answers[i.itemId] === undefined) ?? null };
}

/**
 * A student's message. It is stored and passes the local crisis check first, whatever the AI
 * settings: a hit opens a red warning at once (once per conversation). Then, when the school may
 * send, the model maps it to an option of the current item (asked again once when its reply is not
 * a valid option); the mapping is proposed to the student, never saved without their confirmation.
 */
export async function sayInInterview(actor: Actor, ref: SheetRef, text: string): Promise<Interview> {
  const { row, items, definition, current } = await openInterview(actor, ref);
  const verdict = checkCrisis(text);
  const earlier = await turnsOf(actor.db, row.id, row.attempts + 1);
  const warnedBefore = earlier.some((t) => toBool(t.crisis));
  await actor.db.transaction().execute(async (trx) => {
    await addTurns(trx, [
      turn(row, 'student', 'answer', text, { item_id: current?.itemId ?? null, crisis: verdict.risky }),
    ]);
    if (!verdict.risky || warnedBefore || row.student_id === null) return;
    await openWarning(
      trx,
      {
        studentId: row.student_id,
        studentName: row.student_name ?? '',
        schoolId: row.school_id,
        classId: row.class_id,
        level: 'red',
        rule: 'crisis',
        reason: crisisReason([...new Set(verdict.hits.map((h) => h.category))]),
        resultId: row.id,
        source: 'interview',
      },
      Date.now(),
    );
  });
  if (!current) return viewOf(actor, row, items, definition);
  const { endpoint, reason } = await aiGate(actor, row.school_id);
  // Without the model the student answers by the options; what they wrote is kept all the same.
  if (reason !== null || !endpoint) return viewOf(actor, row, items, definition);

  const who = row.student_id === null ? null : await studentIdentity(actor.db, row.student_id);
  const next = items[current.no] ?? null;
  const step = {
    question: current.text,
    options: current.options,
    nextQuestion: next?.text ?? null,
    answer: redact(text, [who?.name ?? '', who?.student_no ?? '', row.student_name ?? ''], actor.lang),
  };
  const values = current.options.map((o) => o.value);
  let reply = null;
  let tokens = 0;
  try {
    for (const retry of [false, true]) {
      const answer = await chat(endpoint, interviewMessages(step, actor.lang, retry), MAX_REPLY_TOKENS);
      tokens += answer.tokens;
      reply = parseReply(answer.text, values);
      if (reply) break;
    }
  } catch (error) {
    if (error instanceof AiCallError) throw callFailed(error);
    throw error;
  } finally {
    if (tokens > 0) {
      const at = Date.now();
      await addTokens(actor.db, row.school_id, schoolDay(at), tokens, at);
      await audit(actor.db, actor.request, {
        action: 'ai.interview.send',
        targetType: 'assessment_sheet',
        targetId: row.id,
        detail: { studentId: row.student_id, model: endpoint.model, tokens },
      });
    }
  }
  const option = reply?.option ? current.options.find((o) => o.value === reply.option) : undefined;
  const answer = option
    ? turn(row, 'interviewer', 'proposed', translate('interview.understood', actor.lang, { label: option.label }), {
        item_id: current.itemId,
        option_value: option.value,
        next_question: reply?.next ?? null,
      })
    : reply?.followUp
      ? turn(row, 'interviewer', 'question', reply.followUp, { item_id: current.itemId })
      : turn(row, 'interviewer', 'failed', translate('interview.unclear', actor.lang), { item_id: current.itemId });
  await addTurns(actor.db, [answer]);
  return viewOf(actor, row, items, definition);
}

/**
 * The student confirms the proposed option, or picks another of the item's: the answer is saved
 * by the questionnaire's own save (the same rules), then the next item is asked.
 */
export async function confirmInInterview(
  actor: Actor,
  ref: SheetRef,
  itemId: string,
  value: string,
): Promise<Interview> {
  const { row, items, definition, current } = await openInterview(actor, ref);
  if (!current || current.itemId !== itemId) throw new AppError(409, 'interview.nothingToConfirm');
  const option = current.options.find((o) => o.value === value);
  if (!option) throw new AppError(400, 'interview.notAnOption');
  await saveSheet(actor, ref, { [itemId]: value });
  const turns = await turnsOf(actor.db, row.id, row.attempts + 1);
  const proposal = pendingProposal(turns, itemId);
  const next = items[current.no] ?? null;
  // The model's phrasing introduces the next item; the scale's own wording is always shown under it.
  const asked = proposal?.option_value === value && proposal.next_question ? proposal.next_question : null;
  await addTurns(actor.db, [
    turn(row, 'student', 'confirmed', option.label, { item_id: itemId, option_value: value }),
    next
      ? turn(row, 'interviewer', 'question', asked ? `${asked}\n${ask(next, actor.lang)}` : ask(next, actor.lang), {
          item_id: next.itemId,
        })
      : turn(row, 'interviewer', 'question', translate('interview.done', actor.lang)),
  ]);
  return viewOf(actor, row, items, definition);
}

/** Scores the confirmed answers exactly as a questionnaire: the questionnaire's own submit. */
export async function submitInterview(actor: Actor, ref: SheetRef) {
  await interviewSheet(actor, ref);
  return submitSheet(actor, ref, {});
}
