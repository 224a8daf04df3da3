import { DAILY_STUDENT_KINDS, parsePermission } from '@meridian/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../platform/http/errors.ts';
import { recordRefusal } from '../../../portal/audit/refusals.ts';
import { audit } from '../../../portal/audit/service.ts';
import type { Actor } from '../../../portal/orgs/actor.ts';
import { findStudent, orgsByIds } from './repository.ts';
import type { StudentScope } from './scope.ts';
import type { StudentRow } from './tables.ts';

/**
 * Why a request for student data was refused, as the audit log names it: the student (or a
 * record of theirs, or their parent) lies outside the caller's scope or does not exist; the class
 * or school named lies outside it; the caller is a student or parent asking for the staff's file.
 */
export type StudentRefusalReason =
  | 'studentNotInScope'
  | 'orgNotInScope'
  | 'parentNotInScope'
  | 'recordNotInScope'
  | 'staffOnly'
  | 'noPermission';

/**
 * Every refusal of student data goes through here: audited (who, what, why, from where; coalesced
 * in a flood, see portal/audit/refusals.ts), then thrown for the caller to see.
 */
export async function refuseStudentData(
  actor: Actor,
  reason: StudentRefusalReason,
  target: { type: string; id?: number | string },
  error: AppError,
): Promise<never> {
  await recordRefusal(actor.db, actor.request, {
    action: 'student.refused',
    reason,
    targetType: target.type,
    ...(target.id === undefined ? {} : { targetId: target.id }),
  });
  throw error;
}

/** The permissions that guard student data: a route behind one of them reads or changes students. */
const STUDENT_DATA_PATHS = new Set([
  '/system/student',
  '/system/parent',
  '/data/studentFile',
  '/data/moodJournal',
  ...DAILY_STUDENT_KINDS.map((kind) => `/data/${kind}`),
]);

/**
 * A role without a route's permission is refused by the access guard before any service runs. On
 * a route that guards student data that refusal is audited like the scope's (an `onError` hook,
 * so that the guard stays the platform's and knows no app).
 */
export async function auditForbiddenStudentData(
  request: FastifyRequest,
  _reply: FastifyReply,
  error: FastifyError | AppError,
): Promise<void> {
  if (!request.auth || !(error instanceof AppError) || error.key !== 'auth.forbidden') return;
  const access = request.routeOptions.config.access;
  const needed = access ? parsePermission(access) : null;
  if (!needed || !STUDENT_DATA_PATHS.has(needed.path)) return;
  await recordRefusal(request.server.db.kysely, request, {
    action: 'student.refused',
    reason: 'noPermission',
    targetType: 'route',
    detail: { access },
  });
}

/** A student of the scope; outside it they do not exist for the caller (404), and the refusal is audited. */
export async function studentOfScope(actor: Actor, scope: StudentScope, id: number): Promise<StudentRow> {
  const row = await findStudent(actor.db, scope, id);
  if (row) return row;
  return refuseStudentData(actor, 'studentNotInScope', { type: 'student', id }, new AppError(404, 'student.notFound'));
}

export interface OrgFilters {
  schoolId?: number | undefined;
  campusId?: number | undefined;
  gradeId?: number | undefined;
  classId?: number | undefined;
}

/**
 * A list filter may name an organisation around or inside the scope (a class teacher may filter by
 * their own school), not one beside it: another class, another school is refused like a student
 * outside the scope ("no such organisation"), and audited.
 */
export async function refuseFiltersOutsideScope(actor: Actor, scope: StudentScope, filters: OrgFilters): Promise<void> {
  if (scope.all) return;
  const named = [filters.schoolId, filters.campusId, filters.gradeId, filters.classId].filter(
    (id): id is number => id !== undefined,
  );
  // Guard against a lookup when the list names no organisation.
  if (named.length === 0) return;
  const found = await orgsByIds(actor.db, named);
  for (const id of named) {
    const org = found.find((o) => o.id === id);
    const overlaps = org && scope.orgPaths.some((p) => org.path.startsWith(p) || p.startsWith(org.path));
    if (!overlaps) {
      await refuseStudentData(actor, 'orgNotInScope', { type: 'org', id }, new AppError(404, 'org.notFound'));
    }
  }
}

/** Writes that a page of a list of students was read, naming who was on it (design section 6). */
export async function auditStudentList(
  actor: Actor,
  action: string,
  studentIds: number[],
  detail: Record<string, unknown>,
): Promise<void> {
  await audit(actor.db, actor.request, { action, targetType: 'student', detail: { ...detail, studentIds } });
}
