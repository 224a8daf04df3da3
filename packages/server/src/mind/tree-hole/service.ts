import { type Lang, type PageQuery, type TreeHole, translate } from '@meridian/contracts';
import { toBool } from '../../platform/db/sql.ts';
import { AppError } from '../../platform/http/errors.ts';
import { formatDate } from '../../platform/time.ts';
import { audit } from '../../portal/audit/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { AiCallError, AiStreamCut, chat } from '../ai/client.ts';
import { redact } from '../ai/prompt.ts';
import { addTokens } from '../ai/repository.ts';
import { aiGate, callFailed } from '../ai/suggestions.ts';
import { conversationDeletions, deleteConversationTranscript } from '../ai/transcripts-repository.ts';
import { studentIdentity } from '../ai-interview/repository.ts';
import { staffScope } from '../assessments/tasks.ts';
import { type CrisisCategory, checkCrisis } from '../crisis/check.ts';
import { counsellorsOf, studentOfUser } from '../mood/repository.ts';
import { HOTLINE, schoolDay } from '../mood/service.ts';
import { openWarning } from '../warnings/open.ts';
import { listenerMessages } from './prompt.ts';
import {
  addMessage,
  type ConversationRow,
  conversationOf,
  conversationsOf,
  createConversation,
  crisisTimes,
  messageCounts,
  messagesOf,
  reportedConversation,
  reportPage,
  setShared,
  setWarning,
} from './repository.ts';

/** The longest answer asked for: three or four sentences. */
const MAX_REPLY_TOKENS = 400;

async function studentOf(actor: Actor) {
  const student = await studentOfUser(actor.db, actor.auth.userId);
  if (!student) throw new AppError(403, 'treeHole.notStudent');
  return student;
}
type Student = Awaited<ReturnType<typeof studentOf>>;

const notFound = () => new AppError(404, 'treeHole.notFound');

const messageView = (m: Awaited<ReturnType<typeof messagesOf>>[number]) => ({
  id: Number(m.id),
  role: m.role,
  content: m.content,
  crisis: toBool(m.crisis),
  at: Number(m.at),
});

/** The student's view; whom to turn to is shown once any conversation had a crisis signal. */
async function viewOf(actor: Actor, student: Student): Promise<TreeHole> {
  const rows = await conversationsOf(actor.db, student.id);
  const messages = await messagesOf(
    actor.db,
    rows.map((c) => Number(c.id)),
  );
  const deletions = await conversationDeletions(
    actor.db,
    rows.map((c) => Number(c.id)),
  );
  const { reason } = await aiGate(actor, student.school_id);
  return {
    unavailable: reason,
    conversations: rows.map((c: ConversationRow) => ({
      id: Number(c.id),
      shared: toBool(c.shared),
      crisis: c.warning_id !== null,
      createdAt: Number(c.created_at),
      updatedAt: Number(c.updated_at),
      messages: messages.filter((m) => Number(m.conversation_id) === Number(c.id)).map(messageView),
      transcriptDeleted: deletions.get(Number(c.id)) ?? null,
    })),
    help: rows.some((c) => c.warning_id !== null)
      ? { counsellors: (await counsellorsOf(actor.db, student.school_id)).map((c) => c.name), hotline: HOTLINE }
      : null,
  };
}

/** The student's own tree hole: every conversation, shared or not. */
export async function myTreeHole(actor: Actor): Promise<TreeHole> {
  return viewOf(actor, await studentOf(actor));
}

const crisisReason = (categories: CrisisCategory[]) => {
  const text = (lang: Lang) =>
    translate('treeHole.crisisReason', lang, {
      categories: categories.map((c) => translate(`crisis.${c}`, lang)).join(lang === 'en' ? ', ' : '、'),
    });
  return { 'zh-CN': text('zh-CN'), en: text('en') };
};

/** What the student hears as the listener writes: the pieces of the answer, as they come. */
export interface ListenerStream {
  /** The student's message is kept and crisis-checked: the view already holds it (and any help). */
  kept(view: TreeHole, conversationId: number): void;
  piece(text: string): void;
}

/**
 * Keeps a student's message. It is stored and passes the local crisis check first, whatever the AI
 * settings: a hit opens a red warning at once (once per conversation). Returns the conversation.
 */
async function keepStudentMessage(actor: Actor, student: Student, conversationId: number | undefined, text: string) {
  const verdict = checkCrisis(text);
  const at = Date.now();
  const conversation =
    conversationId === undefined ? null : ((await conversationOf(actor.db, student.id, conversationId)) ?? null);
  if (conversationId !== undefined && conversation === null) throw notFound();
  // A conversation whose words were deleted is closed: writing again starts a new one (decision 0137).
  const closed = conversation && (await conversationDeletions(actor.db, [Number(conversation.id)])).size > 0;
  const open = closed ? null : conversation;
  return actor.db.transaction().execute(async (trx) => {
    const id =
      open === null
        ? await createConversation(
            trx,
            { student_id: student.id, school_id: student.school_id, class_id: student.class_id },
            at,
          )
        : Number(open.id);
    await addMessage(trx, { conversation_id: id, role: 'student', content: text, crisis: verdict.risky, at });
    if (!verdict.risky || (open && open.warning_id !== null)) return id;
    const warningId = await openWarning(
      trx,
      {
        studentId: student.id,
        studentName: student.name,
        schoolId: student.school_id,
        classId: student.class_id,
        level: 'red',
        rule: 'crisis',
        reason: crisisReason([...new Set(verdict.hits.map((h) => h.category))]),
        resultId: id,
        source: 'treeHole',
      },
      at,
    );
    await setWarning(trx, id, warningId);
    return id;
  });
}

/**
 * The listener answers the conversation's last message: the model when the school may send (names
 * and ID numbers out), else a plain kind answer with the help line. The answer is stored only once
 * whole; when the endpoint fails or the stream is cut, nothing of it is kept and the error says why.
 */
async function listenerAnswers(actor: Actor, student: Student, id: number, onPiece?: (text: string) => void) {
  const { endpoint, reason } = await aiGate(actor, student.school_id);
  if (reason !== null || !endpoint) {
    const plain = translate('treeHole.plainAnswer', actor.lang, { hotline: HOTLINE });
    onPiece?.(plain);
    await addMessage(actor.db, {
      conversation_id: id,
      role: 'listener',
      content: plain,
      crisis: false,
      at: Date.now(),
    });
    return;
  }
  const who = await studentIdentity(actor.db, student.id);
  const names = [who?.name ?? '', who?.student_no ?? '', student.name];
  const turns = (await messagesOf(actor.db, [id])).map((m) => ({
    from: m.role,
    text: redact(m.content, names, actor.lang),
  }));
  let answer: Awaited<ReturnType<typeof chat>>;
  try {
    answer = await chat(endpoint, listenerMessages(turns, actor.lang), MAX_REPLY_TOKENS, onPiece);
  } catch (error) {
    // The student's message is already saved: only the answer is missing, and the error says why.
    if (error instanceof AiCallError) throw callFailed(error);
    if (error instanceof AiStreamCut) throw new AppError(502, 'treeHole.cut');
    throw error;
  }
  const done = Date.now();
  await addTokens(actor.db, student.school_id, schoolDay(done), answer.tokens, done);
  await audit(actor.db, actor.request, {
    action: 'ai.treeHole.send',
    targetType: 'tree_hole_conversation',
    targetId: id,
    detail: { studentId: student.id, model: endpoint.model, tokens: answer.tokens },
  });
  await addMessage(actor.db, {
    conversation_id: id,
    role: 'listener',
    content: answer.text.trim().slice(0, 2000),
    crisis: false,
    at: done,
  });
}

/**
 * A student's message: kept and crisis-checked before any model call (a hit opens a red warning
 * and the student is shown whom to turn to), then answered by the listener. With `stream`, the
 * student sees their message kept at once and the answer as the model writes it.
 */
export async function sayToTreeHole(
  actor: Actor,
  conversationId: number | undefined,
  text: string,
  stream?: ListenerStream,
): Promise<TreeHole> {
  const student = await studentOf(actor);
  const id = await keepStudentMessage(actor, student, conversationId, text);
  stream?.kept(await viewOf(actor, student), id);
  await listenerAnswers(actor, student, id, stream?.piece);
  return viewOf(actor, student);
}

/**
 * Asks the listener again for a conversation whose last message went unanswered (the endpoint was
 * busy or the answer was cut): the student does not write it twice.
 */
export async function askTreeHoleAgain(actor: Actor, conversationId: number, stream?: ListenerStream) {
  const student = await studentOf(actor);
  const conversation = await conversationOf(actor.db, student.id, conversationId);
  if (!conversation) throw notFound();
  const last = (await messagesOf(actor.db, [conversationId])).at(-1);
  if (last?.role !== 'student') throw new AppError(409, 'treeHole.answered');
  stream?.kept(await viewOf(actor, student), conversationId);
  await listenerAnswers(actor, student, conversationId, stream?.piece);
  return viewOf(actor, student);
}

/** The student shares a conversation with the school, or takes it back. */
export async function shareTreeHole(actor: Actor, conversationId: number, shared: boolean): Promise<TreeHole> {
  const student = await studentOf(actor);
  if (!(await conversationOf(actor.db, student.id, conversationId))) throw notFound();
  await setShared(actor.db, conversationId, shared);
  await audit(actor.db, actor.request, {
    action: shared ? 'treeHole.share' : 'treeHole.unshare',
    targetType: 'tree_hole_conversation',
    targetId: conversationId,
    detail: { studentId: student.id },
  });
  return viewOf(actor, student);
}

/**
 * The school's chat report: the conversations of the scope the students shared, and those with a
 * crisis signal. Of an unshared conversation only the signal's dates are given, never its words.
 */
export async function treeHoleReport(actor: Actor, paging: PageQuery) {
  const scope = await staffScope(actor);
  const page = await reportPage(actor.db, scope, paging);
  const ids = page.list.map((r) => Number(r.id));
  const times = await crisisTimes(actor.db, ids);
  const counts = await messageCounts(actor.db, ids);
  const deletions = await conversationDeletions(actor.db, ids);
  return {
    ...page,
    list: page.list.map((r) => {
      const shared = toBool(r.shared);
      return {
        conversationId: Number(r.id),
        studentName: r.student_name,
        className: r.class_name,
        shared,
        crisis: r.warning_id !== null,
        crisisDays: [
          ...new Set(
            times.filter((t) => Number(t.conversation_id) === Number(r.id)).map((t) => formatDate(Number(t.at))),
          ),
        ],
        messages: shared ? (counts.get(Number(r.id)) ?? 0) : null,
        updatedAt: Number(r.updated_at),
        transcriptDeleted: deletions.get(Number(r.id)) ?? null,
      };
    }),
  };
}

/** A shared conversation's words, for the roles that handle warnings; every read is audited. */
export async function treeHoleTranscript(actor: Actor, conversationId: number) {
  const scope = await staffScope(actor);
  const row = await reportedConversation(actor.db, scope, conversationId);
  // Not shared is "not found": the school does not learn more than the signal's dates.
  if (!row || !toBool(row.shared)) throw notFound();
  await audit(actor.db, actor.request, {
    action: 'ai.treeHole.read',
    targetType: 'tree_hole_conversation',
    targetId: Number(row.id),
    detail: {},
  });
  const messages = await messagesOf(actor.db, [Number(row.id)]);
  const deletions = await conversationDeletions(actor.db, [Number(row.id)]);
  return {
    conversationId: Number(row.id),
    studentName: row.student_name,
    className: row.class_name,
    messages: messages.map(messageView),
    transcriptDeleted: deletions.get(Number(row.id)) ?? null,
  };
}

/**
 * An administrator deletes one conversation's messages on the student's request (decision 0137):
 * among the conversations the school may know of; the conversation, its sharing and its warning
 * stay, with a marker of when and why; audited with the reason.
 */
export async function deleteTreeHoleTranscript(actor: Actor, conversationId: number, reason: string) {
  const scope = await staffScope(actor);
  const row = await reportedConversation(actor.db, scope, conversationId);
  if (!row) throw notFound();
  if ((await conversationDeletions(actor.db, [Number(row.id)])).size > 0) throw new AppError(409, 'ai.transcriptGone');
  const removed = await actor.db.transaction().execute((trx) =>
    deleteConversationTranscript(trx, Number(row.id), {
      schoolId: Number(row.school_id),
      cause: 'request',
      reason,
      byUserId: actor.auth.userId,
      at: Date.now(),
    }),
  );
  await audit(actor.db, actor.request, {
    action: 'ai.treeHole.deleteTranscript',
    targetType: 'tree_hole_conversation',
    targetId: Number(row.id),
    detail: { reason, messages: removed },
  });
  return null;
}
