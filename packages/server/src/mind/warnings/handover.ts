import type { warningHandover, warningReport } from '@meridian/contracts';
import type { z } from 'zod';
import { AppError } from '../../platform/http/errors.ts';
import { audit } from '../../portal/audit/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { staffScope } from '../assessments/tasks.ts';
import { openWarning } from './open.ts';
import { queuePush } from './push.ts';
import { canAssign, loadWarning, requireHandler, requireLevel, takeStep } from './step.ts';
import { addTodos, closeTodos } from './todos.ts';
import { requireTeacher } from './workflow.ts';
import { administratorsOf, bureaus, orgPathOf, studentToReport } from './workflow-repository.ts';

/**
 * Hands a warning to another teacher (the slot the caller holds: class teacher or psychology
 * teacher; an assigner replaces the psychology teacher) or up to the school's bureau.
 */
export async function handOver(actor: Actor, body: z.infer<typeof warningHandover>): Promise<void> {
  const w = await loadWarning(actor, body.id);
  if (body.to === 'higher') return escalate(actor, w.id, body.reason);
  requireHandler(actor, w);
  const to = body.userId as number; // the schema requires it for a hand-over to a person
  const slot =
    w.class_teacher_user_id === actor.auth.userId && w.psychology_user_id !== actor.auth.userId
      ? 'class_teacher_user_id'
      : 'psychology_user_id';
  const from = w[slot];
  if (from === to) {
    throw new AppError(400, 'warning.handoverSelf', { rules: [{ field: 'userId', key: 'warning.handoverSelf' }] });
  }
  await requireTeacher(actor.db, w.school_id, to, 'userId', false);
  const published = w.state === 'published' || w.state === 'intervening';
  await takeStep(actor, w, {
    action: 'handover',
    reason: body.reason,
    set: slot === 'psychology_user_id' ? { psychology_user_id: to } : { class_teacher_user_id: to },
    effects: async (trx, historyId, at) => {
      if (!published) return;
      if (from !== null) await closeTodos(trx, w.id, at, ['warning.handle', 'warning.followUp'], [from]);
      await addTodos(trx, [to], {
        kind: 'warning.handle',
        titleKey: 'todo.warning.handle',
        params: { student: w.student_name, level: w.level },
        warningId: w.id,
        at,
      });
      await queuePush(trx, { warningId: w.id, historyId, userIds: [to] }, at);
    },
  });
}

/** Up to the bureau above the school: its administrators get the to-do, the school's to-dos close. */
async function escalate(actor: Actor, id: number, reason: string): Promise<void> {
  const w = await loadWarning(actor, id);
  if (!canAssign(actor)) throw new AppError(403, 'warning.notHandler');
  const school = await orgPathOf(actor.db, w.school_id);
  const above = await bureaus(actor.db);
  // The nearest bureau above the school: the longest path that the school's path begins with.
  const bureau = above
    .filter((b) => school?.path.startsWith(b.path) === true)
    .sort((a, b) => b.path.length - a.path.length)[0];
  if (bureau === undefined) throw new AppError(409, 'warning.noHigher');
  const admins = await administratorsOf(actor.db, bureau.id);
  await takeStep(actor, w, {
    action: 'escalate',
    reason,
    set: { escalated_to_org_id: bureau.id },
    effects: async (trx, _h, at) => {
      await closeTodos(trx, w.id, at);
      await addTodos(
        trx,
        admins.map((a) => a.user_id),
        {
          kind: 'warning.escalated',
          titleKey: 'todo.warning.escalated',
          params: { student: w.student_name },
          warningId: w.id,
          at,
        },
      );
    },
  });
}

/** A warning raised by hand, from a teacher's report or an observation, about a student in the caller's scope. */
export async function reportWarning(actor: Actor, body: z.infer<typeof warningReport>): Promise<{ id: number }> {
  const scope = await staffScope(actor);
  const student = await studentToReport(actor.db, scope, body.studentId);
  if (!student) throw new AppError(404, 'warning.studentNotFound');
  await requireLevel(actor, body.level);
  const at = Date.now();
  const id = await actor.db.transaction().execute(async (trx) => {
    const opened = await openWarning(
      trx,
      {
        studentId: student.id,
        studentName: student.name,
        schoolId: student.school_id,
        classId: student.org_id,
        level: body.level,
        rule: body.source,
        reason: { 'zh-CN': body.reason, en: body.reason },
        resultId: actor.auth.userId,
        source: body.source,
        byUserId: actor.auth.userId,
      },
      at,
    );
    await audit(trx, actor.request, {
      action: 'warning.report',
      targetType: 'warning',
      targetId: opened,
      detail: { studentId: student.id, source: body.source, level: body.level },
    });
    return opened;
  });
  return { id };
}
