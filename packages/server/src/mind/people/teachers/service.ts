import {
  Identity,
  type teacherClassesSet,
  type teacherCreate,
  type teacherQuery,
  type teacherUpdate,
} from '@meridian/contracts';
import type { z } from 'zod';
import { AppError } from '../../../platform/http/errors.ts';
import { orgPathInScope, type Scope, scopeOf } from '../../../portal/access/scope.ts';
import {
  accountTaken,
  findUserById,
  findUserByPhone,
  grantIdentity,
  insertUser,
  updateUser,
} from '../../../portal/accounts/repository.ts';
import { audit } from '../../../portal/audit/service.ts';
import { hashPassword } from '../../../portal/identity/secrets.ts';
import type { Actor } from '../../../portal/orgs/actor.ts';
import { findOrg } from '../../../portal/orgs/repository.ts';
import { deleteAccount } from '../../../portal/orgs/sub-users/repository.ts';
import { readDefaultPassword } from '../../../portal/policy/service.ts';
import {
  type ClassAssignmentInput,
  classesOfTeacher,
  classNodes,
  otherHeads,
  replaceClasses,
  revokeClassTeacherRole,
} from './classes-repository.ts';
import {
  deleteTeacher,
  findTeacher,
  hasReshuffleHistory,
  insertTeacher,
  type TeacherRecord,
  teacherNoTaken,
  teacherPage,
  toTeacher,
  updateTeacher,
} from './repository.ts';

const notFound = () => new AppError(404, 'teacher.notFound');

/**
 * A teacher the caller may change: one of a school inside their scope. Teaching a class inside
 * the scope lets a class teacher see a colleague, not change them. Elsewhere: "no such teacher".
 */
export async function writableTeacher(actor: Actor, scope: Scope, id: number): Promise<TeacherRecord> {
  const row = await findTeacher(actor.db, scope, id);
  if (!row || !orgPathInScope(scope, row.school_path)) throw notFound();
  return row;
}

/** The school of the scope a teacher is placed in. */
export async function schoolInScope(actor: Actor, scope: Scope, id: number) {
  const school = await findOrg(actor.db, scope, id);
  if (!school) throw new AppError(404, 'org.notFound');
  if (school.type !== 'school') throw new AppError(400, 'teacher.notSchool');
  return school;
}

/** A department is optional; when given it must be a department of the teacher's school. */
async function checkDept(actor: Actor, scope: Scope, schoolPath: string, deptId: number | null | undefined) {
  if (deptId === null || deptId === undefined) return;
  const dept = await findOrg(actor.db, scope, deptId);
  if (dept?.type !== 'department' || !dept.path.startsWith(schoolPath)) {
    throw new AppError(400, 'teacher.deptNotInSchool');
  }
}

async function refuseTakenPhone(actor: Actor, phone: string | null | undefined, userId = 0) {
  if (!phone) return;
  const holder = await findUserByPhone(actor.db, phone);
  if (holder && holder.id !== userId) throw new AppError(409, 'teacher.phoneTaken', { params: { phone } });
}

/** `t<school>_<number>`, or with a short suffix when that is taken; bounded, and within the account rule's 20 characters. */
async function generatedAccount(actor: Actor, schoolId: number, teacherNo: string): Promise<string> {
  const base = `t${schoolId}_${teacherNo}`.slice(0, 20);
  if (!(await accountTaken(actor.db, base))) return base;
  for (let n = 1; n <= 20; n++) {
    const candidate = `${base.slice(0, 17)}_${n}`;
    if (!(await accountTaken(actor.db, candidate))) return candidate;
  }
  throw new AppError(409, 'teacher.accountTaken', { params: { account: base } });
}

export async function listTeachers(actor: Actor, query: z.infer<typeof teacherQuery>) {
  const scope = await scopeOf(actor.db, actor.auth);
  const { page, size, ...filters } = query;
  const result = await teacherPage(actor.db, scope, filters, { page, size });
  return { ...result, list: result.list.map(toTeacher) };
}

export async function teacherDetail(actor: Actor, id: number) {
  const scope = await scopeOf(actor.db, actor.auth);
  const row = await findTeacher(actor.db, scope, id);
  if (!row) throw notFound();
  const classes = await classesOfTeacher(actor.db, row.id);
  return {
    ...toTeacher(row),
    classes: classes.map((c) => ({
      classId: c.class_id,
      className: c.class_name,
      kind: c.kind,
      subject: c.subject,
      schoolYearId: c.school_year_id,
    })),
  };
}

/** Creates the teacher and their account: the policy's default password, to be changed at first sign-in, and the staff identity at the school. */
export async function addTeacher(actor: Actor, input: z.infer<typeof teacherCreate>) {
  const scope = await scopeOf(actor.db, actor.auth);
  const school = await schoolInScope(actor, scope, input.schoolId);
  await checkDept(actor, scope, school.path, input.deptId);
  if (await teacherNoTaken(actor.db, school.id, input.teacherNo)) {
    throw new AppError(409, 'teacher.noTaken', { params: { teacherNo: input.teacherNo } });
  }
  if (input.account && (await accountTaken(actor.db, input.account))) {
    throw new AppError(409, 'teacher.accountTaken', { params: { account: input.account } });
  }
  await refuseTakenPhone(actor, input.phone);
  const account = input.account ?? (await generatedAccount(actor, school.id, input.teacherNo));
  const passwordHash = await hashPassword((await readDefaultPassword(actor.db)).password);
  const id = await actor.db.transaction().execute(async (trx) => {
    const userId = await insertUser(trx, {
      account,
      password_hash: passwordHash,
      nickname: input.name,
      phone: input.phone ?? null,
      status: 'enabled',
      default_pass: true,
      password_changed_at: Date.now(),
      user_type: 'staff',
      dept_id: input.deptId ?? null,
    });
    await grantIdentity(trx, userId, Identity.staff, school.id);
    const teacherId = await insertTeacher(trx, {
      user_id: userId,
      school_id: school.id,
      dept_id: input.deptId ?? null,
      teacher_no: input.teacherNo,
      name: input.name,
      gender: input.gender ?? null,
      phone: input.phone ?? null,
      wechat_openid: input.wechatOpenid ?? null,
      subject: input.subject || null,
      title: input.title || null,
      is_psychology: input.isPsychology ?? false,
      status: 'active',
    });
    await audit(trx, actor.request, {
      action: 'addTeacher',
      targetType: 'teacher',
      targetId: teacherId,
      detail: { schoolId: school.id, teacherNo: input.teacherNo, name: input.name, account, userId },
    });
    return teacherId;
  });
  return teacherDetail(actor, id);
}

export async function editTeacher(actor: Actor, input: z.infer<typeof teacherUpdate>) {
  const scope = await scopeOf(actor.db, actor.auth);
  const row = await writableTeacher(actor, scope, input.id);
  await checkDept(actor, scope, row.school_path, input.deptId);
  if (input.teacherNo !== undefined && (await teacherNoTaken(actor.db, row.school_id, input.teacherNo, row.id))) {
    throw new AppError(409, 'teacher.noTaken', { params: { teacherNo: input.teacherNo } });
  }
  await refuseTakenPhone(actor, input.phone, row.user_id);
  const changes = {
    ...(input.deptId !== undefined ? { dept_id: input.deptId } : {}),
    ...(input.teacherNo !== undefined ? { teacher_no: input.teacherNo } : {}),
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.gender !== undefined ? { gender: input.gender } : {}),
    ...(input.phone !== undefined ? { phone: input.phone } : {}),
    ...(input.wechatOpenid !== undefined ? { wechat_openid: input.wechatOpenid } : {}),
    ...(input.subject !== undefined ? { subject: input.subject || null } : {}),
    ...(input.title !== undefined ? { title: input.title || null } : {}),
    ...(input.isPsychology !== undefined ? { is_psychology: input.isPsychology } : {}),
  };
  await actor.db.transaction().execute(async (trx) => {
    await updateTeacher(trx, row.id, changes);
    // The account shows the same name, phone and department as the school's record.
    await updateUser(trx, row.user_id, {
      ...(input.name !== undefined ? { nickname: input.name } : {}),
      ...(input.phone !== undefined ? { phone: input.phone } : {}),
      ...(input.deptId !== undefined ? { dept_id: input.deptId } : {}),
    });
    await audit(trx, actor.request, {
      action: 'updateTeacher',
      targetType: 'teacher',
      targetId: row.id,
      detail: changes,
    });
  });
  return teacherDetail(actor, row.id);
}

/**
 * Removes a teacher entered by mistake, with their account. A teacher with a history (a
 * reshuffle record, or an account that has been signed in to) stays on record: they leave by
 * dimission instead.
 */
export async function removeTeacher(actor: Actor, id: number): Promise<void> {
  const scope = await scopeOf(actor.db, actor.auth);
  const row = await writableTeacher(actor, scope, id);
  const user = await findUserById(actor.db, row.user_id);
  if ((await hasReshuffleHistory(actor.db, row.id)) || user?.last_login_at != null) {
    throw new AppError(409, 'teacher.hasHistory');
  }
  const heads = (await classesOfTeacher(actor.db, row.id)).filter((c) => c.kind === 'head').map((c) => c.class_id);
  await actor.db.transaction().execute(async (trx) => {
    await revokeClassTeacherRole(trx, row.user_id, heads);
    await deleteTeacher(trx, row.id);
    await deleteAccount(trx, row.user_id);
    await audit(trx, actor.request, {
      action: 'removeTeacher',
      targetType: 'teacher',
      targetId: row.id,
      detail: { schoolId: row.school_id, teacherNo: row.teacher_no, name: row.name, account: row.account },
    });
  });
}

/** Sets the classes a teacher heads and teaches; heading a class also makes it their class-teacher scope. */
export async function setTeacherClasses(actor: Actor, input: z.infer<typeof teacherClassesSet>) {
  const scope = await scopeOf(actor.db, actor.auth);
  const row = await writableTeacher(actor, scope, input.teacherId);
  if (row.status !== 'active') throw new AppError(400, 'teacher.notActive');
  const assignments: ClassAssignmentInput[] = [
    ...[...new Set(input.headClassIds)].map((classId) => ({ classId, kind: 'head' as const, subject: null })),
    ...input.subjectClasses.map((c) => ({ classId: c.classId, kind: 'subject' as const, subject: c.subject })),
  ];
  const ids = [...new Set(assignments.map((a) => a.classId))];
  const nodes = new Map((await classNodes(actor.db, ids)).map((n) => [n.id, n]));
  for (const classId of ids) {
    const node = nodes.get(classId);
    if (node?.type !== 'class' || !node.path.startsWith(row.school_path) || !orgPathInScope(scope, node.path)) {
      throw new AppError(400, 'teacher.classNotInSchool', { params: { classId } });
    }
  }
  const taken = await otherHeads(actor.db, [...new Set(input.headClassIds)], row.id);
  if (taken[0]) {
    const className = nodes.get(taken[0].class_id)?.name ?? String(taken[0].class_id);
    throw new AppError(409, 'teacher.classHasHead', { params: { className, name: taken[0].name } });
  }
  // Subject assignments are unique per class and teacher; the last subject given for a class wins.
  const unique = new Map(assignments.map((a) => [`${a.kind}:${a.classId}`, a]));
  await actor.db.transaction().execute(async (trx) => {
    const change = await replaceClasses(
      trx,
      { id: row.id, userId: row.user_id },
      [...unique.values()],
      input.schoolYearId ?? null,
    );
    await audit(trx, actor.request, {
      action: 'setTeacherClasses',
      targetType: 'teacher',
      targetId: row.id,
      detail: { head: input.headClassIds, subject: input.subjectClasses, ...change },
    });
  });
  return teacherDetail(actor, row.id);
}
