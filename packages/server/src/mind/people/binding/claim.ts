import {
  type bindChildAccount,
  type bindStudentAccount,
  type bindTeacherAccount,
  type bindTeacherByName,
  Identity,
  maskPhone,
  type queryTeacherQuery,
  translate,
} from '@meridian/contracts';
import type { z } from 'zod';
import { AppError } from '../../../platform/http/errors.ts';
import { findUserById, grantIdentity } from '../../../portal/accounts/repository.ts';
import { audit } from '../../../portal/audit/service.ts';
import type { Actor } from '../../../portal/orgs/actor.ts';
import { insertLink, insertParent, linkOf, updateParent } from '../students/parents-repository.ts';
import { refuseWhileThrottled, rightMatch, wrongMatch } from './guard.ts';
import { attach, logBinding, moveTeacher } from './moves.ts';
import {
  firstRoleOf,
  identityIds,
  parentByPhoneAt,
  parentOfUserAt,
  revokeIdentity,
  studentByNo,
  studentOfUser,
  switchSession,
  type TeacherWithAccount,
  teacherById,
  teacherByNo,
  teachersNamed,
} from './repository.ts';

/** Claiming a teacher or student record is for an account not yet bound (identity 5). */
async function mustBeUnbound(actor: Actor): Promise<void> {
  if (!(await identityIds(actor.db, actor.auth.userId)).includes(Identity.unbound)) {
    throw new AppError(403, 'binding.notUnbound');
  }
}

/** `queryTeacher`: the active teachers of a school with exactly this name, phones masked. */
export async function queryTeacher(actor: Actor, query: z.infer<typeof queryTeacherQuery>) {
  await mustBeUnbound(actor);
  const rows = await teachersNamed(actor.db, query.schoolId, query.name);
  return rows.map((t) => ({
    teacherId: t.id,
    name: t.name,
    schoolName: t.school_name,
    phone: t.phone ? maskPhone(t.phone) : null,
    bound: t.last_login_at !== null,
  }));
}

/** The match is checked in full before anything is said about the record, so a refusal teaches nothing. */
async function claimTeacher(actor: Actor, teacher: TeacherWithAccount | undefined, matches: boolean, action: string) {
  if (!teacher || !matches || teacher.status !== 'active') return wrongMatch(actor, action);
  await rightMatch(actor);
  if (teacher.user_id === actor.auth.userId) throw new AppError(409, 'binding.selfBound');
  if (teacher.last_login_at !== null) throw new AppError(409, 'binding.alreadyBound');
  await actor.db.transaction().execute(async (trx) => {
    await moveTeacher(trx, teacher, actor.auth.userId);
    await logBinding(trx, actor, {
      action: 'bind',
      kind: 'teacher',
      rosterId: teacher.id,
      schoolId: teacher.school_id,
      userId: actor.auth.userId,
      fromUserId: teacher.user_id,
    });
    await switchSession(trx, actor.auth.sessionId, Identity.staff, await firstRoleOf(trx, actor.auth.userId));
    await audit(trx, actor.request, {
      action,
      targetType: 'teacher',
      targetId: teacher.id,
      detail: { fromUserId: teacher.user_id },
    });
  });
  return { kind: 'teacher' as const, rosterId: teacher.id, identityId: Identity.staff };
}

/** `bind/teacher/name`: the teacher chosen from `queryTeacher`, proved by the name and the phone's last digits or the number. */
export async function bindTeacherName(actor: Actor, input: z.infer<typeof bindTeacherByName>) {
  await mustBeUnbound(actor);
  await refuseWhileThrottled(actor);
  const teacher = await teacherById(actor.db, input.teacherId);
  const matches =
    teacher !== undefined &&
    teacher.name === input.name &&
    ((input.phoneLast4 && teacher.phone?.endsWith(input.phoneLast4)) ||
      (input.teacherNo !== undefined && teacher.teacher_no === input.teacherNo));
  return claimTeacher(actor, teacher, matches, 'bindTeacherName');
}

/** `bind/teacher/account`: the teacher named by school and number, proved by the name and the phone's last digits. */
export async function bindTeacherByNo(actor: Actor, input: z.infer<typeof bindTeacherAccount>) {
  await mustBeUnbound(actor);
  await refuseWhileThrottled(actor);
  const teacher = await teacherByNo(actor.db, input.schoolId, input.teacherNo);
  const matches =
    teacher !== undefined && teacher.name === input.name && (teacher.phone?.endsWith(input.phoneLast4) ?? false);
  return claimTeacher(actor, teacher, matches, 'bindTeacherAccount');
}

/** A student of the school with that number and name whose ID card ends with the digits given, or nothing. */
async function matchingStudent(
  actor: Actor,
  input: { schoolId: number; studentNo: string; name: string; idCardLast6: string },
) {
  const student = await studentByNo(actor.db, input.schoolId, input.studentNo);
  const ok = student?.name === input.name && student.id_card !== null && student.id_card.endsWith(input.idCardLast6);
  return ok ? student : undefined;
}

/** `bind/student/account`: a student's own account claims their roster entry and becomes identity 2 at the class. */
export async function bindStudent(actor: Actor, input: z.infer<typeof bindStudentAccount>) {
  await mustBeUnbound(actor);
  await refuseWhileThrottled(actor);
  const student = await matchingStudent(actor, input);
  if (!student) return wrongMatch(actor, 'bindStudentAccount');
  await rightMatch(actor);
  if (student.user_id === actor.auth.userId) throw new AppError(409, 'binding.selfBound');
  if (student.user_id !== null) throw new AppError(409, 'binding.alreadyBound');
  if (await studentOfUser(actor.db, actor.auth.userId)) {
    throw new AppError(409, 'binding.accountHasRecord', {
      params: { kind: translate('binding.kind.student', actor.lang) },
    });
  }
  await actor.db.transaction().execute(async (trx) => {
    await attach(trx, 'student', student, actor.auth.userId);
    await logBinding(trx, actor, {
      action: 'bind',
      kind: 'student',
      rosterId: student.id,
      schoolId: student.school_id,
      userId: actor.auth.userId,
      fromUserId: null,
    });
    await switchSession(trx, actor.auth.sessionId, Identity.student, null);
    await audit(trx, actor.request, { action: 'bindStudentAccount', targetType: 'student', targetId: student.id });
  });
  return { kind: 'student' as const, rosterId: student.id, identityId: Identity.student };
}

/**
 * `bind/child/account`: a parent's account adds a child. Their parent record at the child's school
 * is the one already theirs, else the one registered with their phone, else a new one; the child
 * is linked to it and the account becomes identity 3 at the school.
 */
export async function bindChild(actor: Actor, input: z.infer<typeof bindChildAccount>) {
  const held = await identityIds(actor.db, actor.auth.userId);
  if (!held.includes(Identity.unbound) && !held.includes(Identity.parent)) throw new AppError(403, 'binding.notParent');
  await refuseWhileThrottled(actor);
  const student = await matchingStudent(actor, input);
  if (!student) return wrongMatch(actor, 'bindChildAccount');
  await rightMatch(actor);
  const user = await findUserById(actor.db, actor.auth.userId);
  if (!user) throw new AppError(404, 'binding.accountNotFound');
  const own = await parentOfUserAt(actor.db, user.id, student.school_id);
  const byPhone = own
    ? undefined
    : user.phone
      ? await parentByPhoneAt(actor.db, user.phone, student.school_id)
      : undefined;
  if (byPhone && byPhone.user_id !== null && byPhone.user_id !== user.id)
    throw new AppError(409, 'binding.alreadyBound');
  if (!own && !byPhone && !user.phone) throw new AppError(400, 'binding.phoneNeeded');
  const existing = own ?? byPhone;
  if (existing && (await linkOf(actor.db, existing.id, student.id))) throw new AppError(409, 'binding.childLinked');
  const parentId = await actor.db.transaction().execute(async (trx) => {
    const at = Date.now();
    const id =
      existing?.id ??
      (await insertParent(trx, {
        school_id: student.school_id,
        name: user.nickname,
        phone: user.phone ?? '',
        user_id: user.id,
        created_at: at,
        updated_at: at,
      }));
    if (existing?.user_id === null) await updateParent(trx, id, { user_id: user.id });
    if (existing?.user_id !== user.id) {
      const line = { kind: 'parent' as const, rosterId: id, schoolId: student.school_id, fromUserId: null };
      await logBinding(trx, actor, { ...line, action: 'bind', userId: user.id });
    }
    await insertLink(trx, id, student.id, input.relation);
    await grantIdentity(trx, user.id, Identity.parent, student.school_id);
    await revokeIdentity(trx, user.id, Identity.unbound);
    await switchSession(trx, actor.auth.sessionId, Identity.parent, null);
    await audit(trx, actor.request, {
      action: 'bindChildAccount',
      targetType: 'parent',
      targetId: id,
      detail: { studentId: student.id },
    });
    return id;
  });
  return { kind: 'parent' as const, rosterId: parentId, identityId: Identity.parent };
}
