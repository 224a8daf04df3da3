import {
  DATA_CHECK_SAMPLE,
  type DataCheckFinding,
  type dataCheckRun,
  maskIdCard,
  translate,
  UNBOUND_ACCOUNT_DAYS_DEFAULT,
} from '@meridian/contracts';
import type { z } from 'zod';
import { AppError } from '../../../platform/http/errors.ts';
import { DAY } from '../../../platform/time.ts';
import { orgPathInScope, scopeOf } from '../../../portal/access/scope.ts';
import type { Actor } from '../../../portal/orgs/actor.ts';
import {
  assignmentsToRemovedClasses,
  duplicateIdCards,
  duplicateStudentNos,
  duplicateTeacherPhones,
  type Found,
  parentsWithoutChildren,
  type Schools,
  schoolsUnder,
  studentsOutsideClasses,
  unboundAccounts,
} from './data-check-repository.ts';
import { schoolById } from './repository.ts';

/** The schools the caller checks: one named school of their scope, or every school of it. */
async function schoolsToCheck(actor: Actor, schoolId: number | undefined): Promise<Schools> {
  const scope = await scopeOf(actor.db, actor.auth);
  if (schoolId !== undefined) {
    const school = await schoolById(actor.db, schoolId);
    if (school?.type !== 'school' || !orgPathInScope(scope, school.path)) throw new AppError(404, 'org.notFound');
    return [school.id];
  }
  return scope.all ? null : schoolsUnder(actor.db, scope.orgPaths);
}

/**
 * Data checks over the roster of the caller's scope: duplicates (ID cards, student numbers in a
 * school, teachers' phones) and orphans (students in disabled or missing classes, parents without
 * children, class teacher assignments to removed classes, long-unbound accounts). Each finding
 * has its count and the first rows; ID card numbers are masked, the report being a list to act on.
 */
export async function runDataCheck(actor: Actor, input: z.infer<typeof dataCheckRun>) {
  const schools = await schoolsToCheck(actor, input.schoolId);
  const days = input.unboundDays ?? UNBOUND_ACCOUNT_DAYS_DEFAULT;
  const db = actor.db;
  const n = DATA_CHECK_SAMPLE;
  // Unbound accounts belong to no organisation yet: only a scope over everything can see them.
  const unboundFound: Found =
    schools === null && input.schoolId === undefined
      ? await unboundAccounts(db, Date.now() - days * DAY, n)
      : { count: 0, rows: [] };
  const ids = await duplicateIdCards(db, schools, n);
  const found: Array<[DataCheckFinding['kind'], Found]> = [
    ['duplicateIdCard', { ...ids, rows: ids.rows.map((r) => ({ ...r, idCard: maskIdCard(String(r.idCard)) })) }],
    ['duplicateStudentNo', await duplicateStudentNos(db, schools, n)],
    ['duplicateTeacherPhone', await duplicateTeacherPhones(db, schools, n)],
    ['studentInDisabledClass', await studentsOutsideClasses(db, schools, 'disabled', n)],
    ['studentClassMissing', await studentsOutsideClasses(db, schools, 'missing', n)],
    ['parentWithoutChildren', await parentsWithoutChildren(db, schools, n)],
    ['classTeacherOfRemovedClass', await assignmentsToRemovedClasses(db, schools, n)],
    ['unboundAccount', unboundFound],
  ];
  return {
    checkedAt: Date.now(),
    findings: found.map(([kind, f]) => ({
      kind,
      title: translate(`dataCheck.${kind}`, actor.lang, { days }),
      count: f.count,
      rows: f.rows,
    })),
  };
}
