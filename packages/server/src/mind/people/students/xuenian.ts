import { type SchoolYear, type schoolYearAdd, translate } from '@meridian/contracts';
import type { z } from 'zod';
import { toBool } from '../../../platform/db/sql.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { scopeOf } from '../../../portal/access/scope.ts';
import { audit } from '../../../portal/audit/service.ts';
import type { Actor } from '../../../portal/orgs/actor.ts';
import {
  findSemester,
  findYear,
  insertYear,
  makeCurrent,
  replaceSemesters,
  semestersOf,
  updateYear,
  yearNamed,
  yearsOf,
} from './xuenian-repository.ts';

type YearInput = z.infer<typeof schoolYearAdd>;

/** The districts (top organisations of the tree) the caller's data lies in. */
function districtsOf(orgPaths: string[]): number[] {
  return [...new Set(orgPaths.map((path) => Number(path.split('/')[1])))].filter((id) => id > 0);
}

/**
 * Whose calendar the caller maintains: the platform administrator the default one (null), a
 * bureau administrator whose scope is a whole district that district's. A school keeps its
 * district's calendar, so nobody below the district changes it.
 */
async function calendarOwnedBy(actor: Actor): Promise<number | null> {
  if (actor.auth.superAdmin) return null;
  const scope = await scopeOf(actor.db, actor.auth);
  const district = scope.orgPaths.find((path) => /^\/\d+\/$/.test(path));
  if (!district) throw new AppError(403, 'xuenian.forbidden');
  return Number(district.split('/')[1]);
}

/** The school years of the caller's district with their semesters, newest first; the platform's default calendar when the district keeps none. */
export async function schoolYearList(actor: Actor): Promise<SchoolYear[]> {
  const scope = await scopeOf(actor.db, actor.auth);
  const districts = scope.all ? [] : districtsOf(scope.orgPaths);
  let years = (await Promise.all(districts.map((d) => yearsOf(actor.db, d)))).flat();
  if (years.length === 0) years = await yearsOf(actor.db, null);
  const semesters = await semestersOf(
    actor.db,
    years.map((y) => y.id),
  );
  return years.map((y) => ({
    id: y.id,
    name: y.name,
    startDate: y.start_date,
    endDate: y.end_date,
    current: toBool(y.current),
    orgId: y.org_id,
    semesters: semesters
      .filter((s) => s.school_year_id === y.id)
      .map((s) => ({
        id: s.id,
        term: s.term,
        name: `${y.name} ${translate(s.term === 1 ? 'xuenian.term1' : 'xuenian.term2', actor.lang)}`,
        startDate: s.start_date,
        endDate: s.end_date,
        current: toBool(s.current),
      })),
  }));
}

export async function addSchoolYear(actor: Actor, input: YearInput): Promise<SchoolYear[]> {
  const orgId = await calendarOwnedBy(actor);
  if (await yearNamed(actor.db, orgId, input.name)) throw new AppError(409, 'xuenian.nameTaken');
  await actor.db.transaction().execute(async (trx) => {
    const id = await insertYear(trx, orgId, input);
    await replaceSemesters(trx, id, input.semesters);
    await audit(trx, actor.request, { action: 'addSchoolYear', targetType: 'schoolYear', targetId: id, detail: input });
  });
  return schoolYearList(actor);
}

export async function editSchoolYear(actor: Actor, input: YearInput & { id: number }): Promise<SchoolYear[]> {
  const orgId = await calendarOwnedBy(actor);
  const year = await findYear(actor.db, input.id);
  if (!year || year.org_id !== orgId) throw new AppError(404, 'xuenian.notFound');
  if (await yearNamed(actor.db, orgId, input.name, year.id)) throw new AppError(409, 'xuenian.nameTaken');
  await actor.db.transaction().execute(async (trx) => {
    await updateYear(trx, year.id, input);
    await replaceSemesters(trx, year.id, input.semesters);
    await audit(trx, actor.request, {
      action: 'updateSchoolYear',
      targetType: 'schoolYear',
      targetId: year.id,
      detail: input,
    });
  });
  return schoolYearList(actor);
}

export async function setCurrentSemester(actor: Actor, semesterId: number): Promise<SchoolYear[]> {
  const orgId = await calendarOwnedBy(actor);
  const semester = await findSemester(actor.db, semesterId);
  if (!semester || semester.org_id !== orgId) throw new AppError(404, 'xuenian.notFound');
  await actor.db.transaction().execute(async (trx) => {
    await makeCurrent(trx, orgId, semester.school_year_id, semester.id);
    await audit(trx, actor.request, {
      action: 'setCurrentSemester',
      targetType: 'semester',
      targetId: semester.id,
      detail: { schoolYearId: semester.school_year_id },
    });
  });
  return schoolYearList(actor);
}
