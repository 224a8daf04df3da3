import {
  type reshuffleApply,
  type reshuffleAudit,
  type reshuffleQuery,
  TEACHER_CHANGE_FROM,
  type TeacherChangeKindName,
} from '@meridian/contracts';
import type { z } from 'zod';
import { AppError } from '../../../platform/http/errors.ts';
import { type Scope, scopeOf } from '../../../portal/access/scope.ts';
import { audit } from '../../../portal/audit/service.ts';
import type { Actor } from '../../../portal/orgs/actor.ts';
import type { TeacherRecord } from './repository.ts';
import { teacherNoTaken } from './repository.ts';
import {
  applyLeaving,
  applyRehire,
  applyTransfer,
  type ChangeRecord,
  changePage,
  decideChange,
  findChange,
  insertChange,
  pendingChangeOf,
  toChange,
} from './reshuffle-repository.ts';
import { schoolInScope, writableTeacher } from './service.ts';

/** Dimission, retirement and transfer start from an active teacher; a rehire from one who left or retired. */
function refuseTransition(kind: TeacherChangeKindName, status: TeacherRecord['status']): void {
  if (TEACHER_CHANGE_FROM[kind].includes(status)) return;
  throw new AppError(400, kind === 'rehire' ? 'teacher.changeRehire' : 'teacher.changeFromActive');
}

/** The school a transfer goes to: a school of the caller's scope, not the one the teacher is at. */
async function transferTarget(
  actor: Actor,
  scope: Scope,
  teacher: TeacherRecord,
  toSchoolId: number | null | undefined,
) {
  if (toSchoolId === null || toSchoolId === undefined) throw new AppError(400, 'v.teacher.toSchool');
  const school = await schoolInScope(actor, scope, toSchoolId);
  if (school.id === teacher.school_id) throw new AppError(400, 'teacher.transferSameSchool');
  return school;
}

async function changeInScope(actor: Actor, scope: Scope, id: number): Promise<ChangeRecord> {
  const change = await findChange(actor.db, scope, id);
  if (!change) throw new AppError(404, 'teacher.changeNotFound');
  return change;
}

export async function applyChange(actor: Actor, input: z.infer<typeof reshuffleApply>) {
  const scope = await scopeOf(actor.db, actor.auth);
  const teacher = await writableTeacher(actor, scope, input.teacherId);
  refuseTransition(input.kind, teacher.status);
  if (await pendingChangeOf(actor.db, teacher.id)) throw new AppError(409, 'teacher.changePending');
  const toSchool = input.kind === 'transfer' ? await transferTarget(actor, scope, teacher, input.toSchoolId) : null;
  const id = await actor.db.transaction().execute(async (trx) => {
    const changeId = await insertChange(trx, {
      teacher_id: teacher.id,
      school_id: teacher.school_id,
      kind: input.kind,
      to_school_id: toSchool?.id ?? null,
      reason: input.reason || null,
      effective_date: input.effectiveDate,
      requested_by: actor.auth.userId,
      requested_at: Date.now(),
    });
    await audit(trx, actor.request, {
      action: 'applyTeacherChange',
      targetType: 'teacher',
      targetId: teacher.id,
      detail: { changeId, kind: input.kind, toSchoolId: toSchool?.id ?? null, effectiveDate: input.effectiveDate },
    });
    return changeId;
  });
  return toChange(await changeInScope(actor, scope, id));
}

export async function listChanges(actor: Actor, query: z.infer<typeof reshuffleQuery>) {
  const scope = await scopeOf(actor.db, actor.auth);
  const { page, size, ...filters } = query;
  const result = await changePage(actor.db, scope, filters, { page, size });
  return { ...result, list: result.list.map(toChange) };
}

/**
 * Approves or rejects a pending request. Approval applies it at once, in the same transaction as
 * the decision; the teacher's state is checked again, since it may have changed since the request.
 */
export async function decide(actor: Actor, input: z.infer<typeof reshuffleAudit>) {
  const scope = await scopeOf(actor.db, actor.auth);
  const change = await changeInScope(actor, scope, input.id);
  if (change.status !== 'pending') throw new AppError(409, 'teacher.changeDecided');
  if (change.requested_by === actor.auth.userId) throw new AppError(403, 'teacher.changeOwnRequest');
  const teacher = await writableTeacher(actor, scope, change.teacher_id);
  if (input.approve) {
    refuseTransition(change.kind, teacher.status);
    if (change.kind === 'transfer') {
      const target = await transferTarget(actor, scope, teacher, change.to_school_id);
      if (await teacherNoTaken(actor.db, target.id, teacher.teacher_no)) {
        throw new AppError(409, 'teacher.noTaken', { params: { teacherNo: teacher.teacher_no } });
      }
    }
  }
  const status = input.approve ? 'approved' : 'rejected';
  await actor.db.transaction().execute(async (trx) => {
    if (!(await decideChange(trx, change.id, { status, by: actor.auth.userId, remark: input.remark || null }))) {
      throw new AppError(409, 'teacher.changeDecided');
    }
    const who = { id: teacher.id, userId: teacher.user_id };
    if (input.approve) {
      if (change.kind === 'dimission') await applyLeaving(trx, who, 'dimission');
      else if (change.kind === 'retire') await applyLeaving(trx, who, 'retired');
      else if (change.kind === 'rehire') await applyRehire(trx, who);
      else
        await applyTransfer(
          trx,
          { ...who, schoolId: teacher.school_id, schoolPath: teacher.school_path },
          change.to_school_id ?? teacher.school_id,
        );
    }
    await audit(trx, actor.request, {
      action: 'decideTeacherChange',
      targetType: 'teacher',
      targetId: teacher.id,
      detail: { changeId: change.id, kind: change.kind, status, remark: input.remark ?? null },
    });
  });
  return toChange(await changeInScope(actor, scope, change.id));
}
