import { Identity } from '@meridian/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { refuseStudentData } from '../people/students/access.ts';
import { type StudentScope, studentScopeOf } from '../people/students/scope.ts';

export { studentOfScope } from '../people/students/access.ts';

type Db = Kysely<Database> | Transaction<Database>;

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

/** Nicknames of accounts, for "written by" columns. */
export async function namesOf(db: Db, userIds: number[]): Promise<Map<number, string>> {
  const ids = [...new Set(userIds)];
  // Guard against running an invalid `in ()` when there is nobody to name.
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'nickname']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.nickname]));
}

/** Today as `YYYY-MM-DD` (UTC), the latest date a record of the past may carry. */
export const today = () => new Date().toISOString().slice(0, 10);
