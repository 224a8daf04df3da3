import { Identity } from '@meridian/contracts';
import { AppError } from '../../platform/http/errors.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { refuseStudentData } from '../people/students/access.ts';
import { type StudentScope, studentScopeOf } from '../people/students/scope.ts';

export { studentOfScope } from '../people/students/access.ts';

/**
 * The caller's student scope for archive work: staff only (students and parents read their
 * own story on H5, not the file teachers keep about them).
 */
export async function archiveScope(actor: Actor): Promise<StudentScope> {
  const { identityId, superAdmin } = actor.auth;
  if (!superAdmin && (identityId === Identity.student || identityId === Identity.parent)) {
    return refuseStudentData(actor, 'staffOnly', { type: 'archive' }, new AppError(403, 'archive.staffOnly'));
  }
  return studentScopeOf(actor.db, actor.auth);
}

/** Whether a school is inside the scope (as a whole school, for school-level records). */
export function schoolInScope(scope: StudentScope, schoolId: number): boolean {
  return scope.all || scope.schoolIds.includes(schoolId);
}

/** Today as `YYYY-MM-DD` (UTC), the latest date a record of the past may carry. */
export const today = () => new Date().toISOString().slice(0, 10);
