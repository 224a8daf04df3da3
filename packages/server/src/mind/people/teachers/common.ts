import { maskPhone } from '@meridian/contracts';
import { toBool } from '../../../platform/db/sql.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { scopeOf } from '../../../portal/access/scope.ts';
import type { Actor } from '../../../portal/orgs/actor.ts';
import { findOrg, namesOf } from '../../../portal/orgs/repository.ts';
import { CLASS_TEACHER_ROLE, classesHeadedBy, rolesWithOrgs, teachersOfClasses } from './classes-repository.ts';
import { findTeacherOfUser } from './repository.ts';

/** The built-in Mind roles (0003) whose holders the front end treats specially. */
const BUREAU_ADMIN = 1;
const SCHOOL_ADMIN = 2;
const PSYCHOLOGY_TEACHER = 3;

/**
 * `userRoleInfo`: the roles the caller holds (with where), the role of this session, and what the
 * roles make them. The flags follow every role held, not only the session's, because they answer
 * "who is this person" (a psychology teacher who also heads a class is both); the data scope
 * follows the session's role alone.
 */
export async function userRoleInfo(actor: Actor) {
  const roles = await rolesWithOrgs(actor.db, actor.auth.userId);
  const teacher = await findTeacherOfUser(actor.db, actor.auth.userId);
  const held = new Set(roles.map((r) => r.roleId));
  const classIds = new Set([
    ...roles.filter((r) => r.roleId === CLASS_TEACHER_ROLE && r.orgId !== null).map((r) => r.orgId as number),
    ...(await classesHeadedBy(actor.db, actor.auth.userId)),
  ]);
  return {
    roleId: actor.auth.roleId,
    roles,
    isBureau: held.has(BUREAU_ADMIN),
    isSchool: held.has(SCHOOL_ADMIN),
    isClassTeacher: held.has(CLASS_TEACHER_ROLE) || classIds.size > 0,
    isPsychologyTeacher: held.has(PSYCHOLOGY_TEACHER) || (teacher !== undefined && toBool(teacher.is_psychology)),
    classIds: [...classIds].sort((a, b) => a - b),
    teacherId: teacher?.id ?? null,
  };
}

/**
 * `queryClassTeacherInfo`: who heads and who teaches a class of the caller's scope; without a
 * class, the classes the caller heads. Always a list, one entry per class.
 */
export async function classTeacherInfo(actor: Actor, classId: number | undefined) {
  let classIds: number[];
  if (classId !== undefined) {
    const node = await findOrg(actor.db, await scopeOf(actor.db, actor.auth), classId);
    if (node?.type !== 'class') throw new AppError(404, 'teacher.classNotFound');
    classIds = [node.id];
  } else {
    classIds = (await userRoleInfo(actor)).classIds;
  }
  const names = new Map((await namesOf(actor.db, classIds)).map((n) => [n.id, n.name]));
  const rows = await teachersOfClasses(actor.db, classIds);
  return classIds.map((id) => {
    const of = rows.filter((r) => r.class_id === id);
    const person = (r: (typeof rows)[number]) => ({
      teacherId: r.teacher_id,
      userId: r.user_id,
      name: r.name,
      // Beside a class's students, a teacher's phone is masked like theirs: the teacher list keeps it whole.
      phone: r.phone === null ? null : maskPhone(r.phone),
    });
    return {
      classId: id,
      className: names.get(id) ?? '',
      headTeachers: of.filter((r) => r.kind === 'head').map(person),
      subjectTeachers: of.filter((r) => r.kind === 'subject').map((r) => ({ ...person(r), subject: r.subject })),
    };
  });
}
