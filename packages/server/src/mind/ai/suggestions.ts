import { AI_LIMITS, type AiSuggestionDraft, type Lang } from '@meridian/contracts';
import { AppError } from '../../platform/http/errors.ts';
import { audit } from '../../portal/audit/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { schoolDay } from '../mood/service.ts';
import { warningDetail } from '../warnings/queries.ts';
import { loadWarning, requireHandler } from '../warnings/step.ts';
import { AiCallError, chat } from './client.ts';
import { endpointForSchool } from './districts.ts';
import { redact, type SuggestionFacts, suggestionMessages } from './prompt.ts';
import { addTokens, latestResults, readSchoolPrivacy, tokensOn } from './repository.ts';

/** The longest draft asked for; the budget is checked before the call, the tokens counted after. */
const MAX_DRAFT_TOKENS = 900;
const RESULTS_SENT = 5;

export type AiUnavailable = 'off' | 'notSet' | 'noLegalBasis' | 'overBudget';

/** Whether a school may draft now; the reason when not, in the order an administrator would fix them. */
export async function aiGate(actor: Actor, schoolId: number) {
  const endpoint = await endpointForSchool(actor, schoolId);
  const used = (await tokensOn(actor.db, [schoolId], schoolDay(Date.now()))).get(schoolId) ?? 0;
  const privacy = await readSchoolPrivacy(actor.db, schoolId);
  let reason: AiUnavailable | null = null;
  if (!endpoint) reason = 'notSet';
  else if (!endpoint.enabled) reason = 'off';
  else if (!privacy.sending || !privacy.legalBasis) reason = 'noLegalBasis';
  else if (used >= endpoint.budget) reason = 'overBudget';
  return { endpoint, used, reason };
}

/** Whether "draft suggestions" can work for this warning now, so the page can say why not before a click. */
export async function suggestionAvailability(actor: Actor, warningId: number) {
  const w = await loadWarning(actor, warningId);
  const { reason } = await aiGate(actor, w.school_id);
  return { available: reason === null, reason };
}

const day = (at: number) => new Date(at).toISOString().slice(0, 10);

/** The warning's facts with every name and number the server knows taken out of the free text. */
async function factsOf(actor: Actor, warningId: number, lang: Lang): Promise<SuggestionFacts> {
  const detail = await warningDetail(actor, warningId);
  const names = [
    detail.studentName,
    detail.studentNo,
    detail.psychologyName ?? '',
    detail.classTeacherName ?? '',
    ...detail.history.map((h) => h.byName ?? ''),
    ...detail.interventions.flatMap((r) => [r.authorName, r.people]),
  ];
  const clean = (text: string | null) => redact(text ?? '', names, lang);
  const results = await latestResults(actor.db, detail.studentId, RESULTS_SENT);
  return {
    warning: {
      level: detail.level,
      source: detail.source,
      reason: clean(detail.reason[lang] || detail.reason['zh-CN'] || detail.reason.en || detail.rule),
      openedOn: day(detail.createdAt),
      state: detail.state,
    },
    steps: detail.history.map((h) => ({ action: h.action, note: clean(h.reason) })),
    records: detail.interventions.map((r) => ({
      kind: r.kind,
      on: day(r.happenedAt),
      content: clean(r.content),
      assessment: clean(r.assessment),
      nextStep: clean(r.nextStep),
    })),
    results: results.map((r) => ({
      scale: lang === 'en' ? r.name_en : r.name_zh,
      total: r.total === null ? null : Number(r.total),
      band: r.band,
      warningLevel: r.warning_level,
      on: day(Number(r.submitted_at)),
    })),
  };
}

export function callFailed(error: AiCallError): AppError {
  switch (error.outcome) {
    case 'rateLimited':
      return new AppError(429, 'ai.rateLimited', { params: { seconds: error.retryAfterSeconds ?? 60 } });
    case 'unauthorized':
      return new AppError(502, 'ai.unauthorized');
    case 'unreachable':
      return new AppError(502, 'ai.unreachable');
    case 'timeout':
      return new AppError(504, 'ai.timeout');
    default:
      return new AppError(502, 'ai.failed', { params: { status: error.status ?? '-' } });
  }
}

/**
 * Drafts intervention suggestions for a warning from the student's results and records. Sent only
 * when the deployment's AI is on, the school recorded its legal basis and has budget left today;
 * names and ID numbers never leave. The draft is returned to the teacher, not saved.
 */
export async function draftSuggestions(actor: Actor, warningId: number): Promise<AiSuggestionDraft> {
  const w = await loadWarning(actor, warningId);
  requireHandler(actor, w);
  const { endpoint, used, reason } = await aiGate(actor, w.school_id);
  if (reason !== null || !endpoint) throw new AppError(409, `ai.${reason ?? 'notSet'}`);
  const messages = suggestionMessages(await factsOf(actor, warningId, actor.lang), actor.lang);
  let answer: Awaited<ReturnType<typeof chat>>;
  try {
    answer = await chat(endpoint, messages, MAX_DRAFT_TOKENS);
  } catch (error) {
    if (error instanceof AiCallError) throw callFailed(error);
    throw error;
  }
  const at = Date.now();
  await addTokens(actor.db, w.school_id, schoolDay(at), answer.tokens, at);
  // What left the school, when and for whom: the school can answer for every send.
  await audit(actor.db, actor.request, {
    action: 'ai.suggestions.send',
    targetType: 'warning',
    targetId: w.id,
    detail: { studentId: w.student_id, model: endpoint.model, tokens: answer.tokens },
  });
  if (!answer.text) throw new AppError(502, 'ai.emptyDraft');
  return {
    draft: answer.text.slice(0, AI_LIMITS.draftMax),
    tokens: answer.tokens,
    tokensLeftToday: Math.max(0, endpoint.budget - used - answer.tokens),
  };
}
