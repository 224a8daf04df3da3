import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../../platform/config.ts';
import type { Database } from '../../../platform/db/schema.ts';
import { toBool } from '../../../platform/db/sql.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { findUserById } from '../../../portal/accounts/repository.ts';
import { audit } from '../../../portal/audit/service.ts';
import type { Actor } from '../../../portal/orgs/actor.ts';
import { countFailure, countSuccess, refuseWhileLocked, signInAttempt } from '../../../portal/sessions/lockout.ts';
import { finishSignIn, type SignedIn } from '../../../portal/sessions/signin.ts';
import { studentScopeOf } from '../students/scope.ts';
import {
  saveSchoolSetting,
  schoolSettings,
  studentByNumber,
  studentNoSchools,
  studentNoSignInOn,
} from './repository.ts';

/** Compared as digests of equal length, so that the comparison takes the same time whatever matches. */
const digest = (value: string) => createHash('sha256').update(value).digest();
const sameSuffix = (idCard: string | null, suffix: string) =>
  timingSafeEqual(digest((idCard ?? '').trim().slice(-6).toUpperCase()), digest(idCard ? suffix : '\u0000'));

/**
 * Signs a student in with their student number and the last six characters of their ID card, in
 * a school that allows it (decision 0070). The suffix is a weak secret, so a failure counts on the
 * very counters of the password sign-in (portal lockout, decision 0049): the account's failures
 * from this address lock it, and trying other addresses slows. A number that does not exist, a
 * student without an account or ID card, and a wrong suffix answer the same.
 */
export async function signInWithStudentNo(
  db: Kysely<Database>,
  config: Config,
  request: FastifyRequest,
  body: { schoolId: number; studentNo: string; idSuffix: string },
): Promise<SignedIn> {
  if (!(await studentNoSignInOn(db, body.schoolId))) throw new AppError(403, 'schoolSignIn.off');
  const student = await studentByNumber(db, body.schoolId, body.studentNo);
  const userId = student?.user_id ?? undefined;
  const login = `student:${body.schoolId}:${body.studentNo}`;
  const attempt = await signInAttempt(db, request, login, userId, 'password');
  await refuseWhileLocked(db, attempt);
  const matches = sameSuffix(student?.id_card ?? null, body.idSuffix);
  const user = userId === undefined ? undefined : await findUserById(db, userId);
  if (!student || !toBool(student.student_no_signin) || !user || !matches) {
    const lockedOut = await countFailure(db, attempt);
    await audit(db, request, {
      action: 'signIn',
      result: 'fail',
      userId: user?.id ?? null,
      account: user?.account ?? login.slice(0, 64),
      detail: { method: 'studentNo', reason: lockedOut?.key ?? 'schoolSignIn.wrong' },
    });
    throw lockedOut ?? new AppError(400, 'schoolSignIn.wrong');
  }
  await countSuccess(db, attempt);
  return finishSignIn(db, config, request, user, 'studentNo');
}

/** The schools whose students may sign in with their student number, for the H5 sign-in to offer. */
export function schoolsWithStudentNoSignIn(db: Kysely<Database>) {
  return studentNoSchools(db);
}

/** The sign-in settings of the caller's schools. */
export async function readSchoolSignIn(actor: Actor) {
  const scope = await studentScopeOf(actor.db, actor.auth);
  const rows = await schoolSettings(actor.db, { all: scope.all, ids: scope.schoolIds });
  return rows.map((row) => ({
    schoolId: row.id,
    schoolName: row.name,
    studentNoSignIn: toBool(row.student_no_signin),
  }));
}

/** Turns student-number sign-in on or off for one of the caller's schools; audited, as it weakens sign-in. */
export async function setSchoolSignIn(actor: Actor, schoolId: number, studentNoSignIn: boolean) {
  const scope = await studentScopeOf(actor.db, actor.auth);
  if (!scope.all && !scope.schoolIds.includes(schoolId)) throw new AppError(404, 'schoolSignIn.noSchool');
  const [school] = await schoolSettings(actor.db, { all: false, ids: [schoolId] });
  if (!school) throw new AppError(404, 'schoolSignIn.noSchool');
  await saveSchoolSetting(actor.db, schoolId, studentNoSignIn, actor.auth.userId, Date.now());
  await audit(actor.db, actor.request, {
    action: 'schoolSignIn',
    targetType: 'org',
    targetId: schoolId,
    detail: { studentNoSignIn },
  });
  return { schoolId, schoolName: school.name, studentNoSignIn };
}
