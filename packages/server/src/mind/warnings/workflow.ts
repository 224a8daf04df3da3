import type { warningCancel, warningRelevel, warningSetup, warningSolve } from '@meridian/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/http/errors.ts';
import { DAY } from '../../platform/time.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { followUpDays } from '../interventions/reminders-repository.ts';
import { queuePush } from './push.ts';
import { canAssign, loadWarning, requireHandler, requireLevel, takeStep } from './step.ts';
import { addTodos, closeTodos } from './todos.ts';
import { findActiveTeacher, headTeacherUserOf, setFollowUpDue } from './workflow-repository.ts';

/** An active teacher of the school with an account (a psychology teacher when asked), or the rule broken. */
export async function requireTeacher(
  db: Kysely<Database>,
  schoolId: number,
  userId: number,
  field: string,
  psychology: boolean,
): Promise<void> {
  if (!(await findActiveTeacher(db, schoolId, userId, psychology))) {
    const key = psychology ? 'warning.psychologyTeacher' : 'warning.teacher';
    throw new AppError(400, key, { rules: [{ field, key }] });
  }
}

/** The head teacher of the class (a user id), the class teacher a set-up names when none is chosen. */
async function headTeacherOf(db: Kysely<Database>, classId: number | null): Promise<number | null> {
  if (classId === null) return null;
  return headTeacherUserOf(db, classId);
}

const handlersOf = (w: { psychology_user_id: number | null; class_teacher_user_id: number | null }) =>
  [w.psychology_user_id, w.class_teacher_user_id].filter((id): id is number => id !== null);

/** Names the handlers; the one who set it up gets the to-do of publishing it. */
export async function setupWarning(actor: Actor, body: z.infer<typeof warningSetup>): Promise<void> {
  const w = await loadWarning(actor, body.id);
  await requireTeacher(actor.db, w.school_id, body.psychologyUserId, 'psychologyUserId', true);
  if (body.classTeacherUserId !== null) {
    await requireTeacher(actor.db, w.school_id, body.classTeacherUserId, 'classTeacherUserId', false);
  }
  const classTeacher = body.classTeacherUserId ?? (await headTeacherOf(actor.db, w.class_id));
  await takeStep(actor, w, {
    action: 'setup',
    set: { psychology_user_id: body.psychologyUserId, class_teacher_user_id: classTeacher },
    effects: async (trx, _h, at) => {
      await closeTodos(trx, w.id, at, ['warning.new', 'warning.escalated', 'warning.publish']);
      await addTodos(trx, [actor.auth.userId], {
        kind: 'warning.publish',
        titleKey: 'todo.warning.publish',
        params: { student: w.student_name },
        warningId: w.id,
        at,
      });
    },
  });
}

/** Publishes to the handlers: their to-dos, their notice through the outbox, and the first follow-up due. */
export async function publishWarning(actor: Actor, id: number): Promise<void> {
  const w = await loadWarning(actor, id);
  const days = await followUpDays(actor.db, w.level);
  const handlers = handlersOf(w);
  await takeStep(actor, w, {
    action: 'publish',
    effects: async (trx, historyId, at) => {
      await closeTodos(trx, w.id, at, ['warning.publish']);
      await addTodos(trx, handlers, {
        kind: 'warning.handle',
        titleKey: 'todo.warning.handle',
        params: { student: w.student_name, level: w.level },
        warningId: w.id,
        at,
      });
      await setFollowUpDue(trx, w.id, at + days * DAY);
      await queuePush(trx, { warningId: w.id, historyId, userIds: handlers }, at);
    },
  });
}

export async function solveWarning(actor: Actor, body: z.infer<typeof warningSolve>): Promise<void> {
  const w = await loadWarning(actor, body.id);
  requireHandler(actor, w);
  await takeStep(actor, w, {
    action: 'solve',
    reason: body.conclusion,
    set: { conclusion: body.conclusion, closed_at: Date.now(), follow_up_due_at: null },
    effects: (trx, _h, at) => closeTodos(trx, w.id, at),
  });
}

export async function cancelWarning(actor: Actor, body: z.infer<typeof warningCancel>): Promise<void> {
  const w = await loadWarning(actor, body.id);
  await takeStep(actor, w, {
    action: 'cancel',
    reason: body.reason,
    set: { conclusion: body.reason, closed_at: Date.now(), follow_up_due_at: null },
    effects: (trx, _h, at) => closeTodos(trx, w.id, at),
  });
}

/** A level rises or falls with the reason; the history keeps both levels and who changed it. */
export async function relevelWarning(actor: Actor, body: z.infer<typeof warningRelevel>): Promise<void> {
  const w = await loadWarning(actor, body.id);
  requireHandler(actor, w);
  await requireLevel(actor, body.level);
  if (body.level === w.level) {
    throw new AppError(400, 'warning.levelSame', { rules: [{ field: 'level', key: 'warning.levelSame' }] });
  }
  await takeStep(actor, w, { action: 'relevel', reason: body.reason, toLevel: body.level });
}

/** Sends a failed notice again, to the warning's present handlers. */
export async function retryPush(actor: Actor, id: number): Promise<void> {
  const w = await loadWarning(actor, id);
  requireHandler(actor, w);
  if (w.push_state !== 'failed') throw new AppError(409, 'warning.retryNothing');
  await takeStep(actor, w, {
    action: 'retry',
    effects: (trx, historyId, at) => queuePush(trx, { warningId: w.id, historyId, userIds: handlersOf(w) }, at),
  });
}

export { canAssign, handlersOf };
