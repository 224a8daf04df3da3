import type { AreaList, AreaSchool, AreaView } from '@meridian/contracts';
import { AppError } from '../../platform/http/errors.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { staffScope } from '../assessments/tasks.ts';
import type { StudentScope } from '../people/students/scope.ts';
import { schoolsIn } from '../screens/service.ts';
import { bureausAmong, schoolsWithPaths, studentsBySchool } from './repository.ts';

interface Bureau {
  id: number;
  name: string;
  path: string;
}

interface Area extends Bureau {
  schools: { id: number; name: string }[];
}

const idsOn = (path: string) => path.split('/').filter(Boolean).map(Number);

/**
 * The area a school belongs to, seen from the caller (decision 0109): the bureau one step below the
 * caller's own bureau on the school's path, else the nearest bureau above the school (a school
 * directly under the caller's bureau, or the caller's own school). A caller who sees everything
 * reads from the top bureau.
 */
function areaOf(chain: Bureau[], home: string[]): Bureau | undefined {
  const anchors = home.length === 0 ? chain.slice(0, 1) : chain.filter((b) => home.some((h) => h.startsWith(b.path)));
  const anchor = anchors.at(-1);
  if (!anchor) return chain.at(-1);
  return chain[chain.indexOf(anchor) + 1] ?? anchor;
}

/** The areas of the caller's scope, each with the caller's schools in it; schools under no bureau have none. */
async function areasIn(actor: Actor, scope: StudentScope): Promise<Area[]> {
  const schools = await schoolsWithPaths(actor.db, scope);
  const above = [...new Set(schools.flatMap((s) => idsOn(s.path).slice(0, -1)))];
  const bureaus = new Map((await bureausAmong(actor.db, above)).map((b) => [Number(b.id), { ...b, id: Number(b.id) }]));
  const home = scope.all ? [] : scope.orgPaths;
  const areas = new Map<number, Area>();
  for (const school of schools) {
    const chain = idsOn(school.path).flatMap((id) => bureaus.get(id) ?? []);
    const bureau = areaOf(chain, home);
    if (!bureau) continue;
    const area = areas.get(bureau.id) ?? { ...bureau, schools: [] };
    area.schools.push({ id: Number(school.id), name: school.name });
    areas.set(bureau.id, area);
  }
  return [...areas.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** Each school's headline counts: the roll, and the screens' summary rows (sheets, results, warnings). */
async function figuresOf(actor: Actor, scope: StudentScope, schools: Area['schools']): Promise<AreaSchool[]> {
  const ids = schools.map((s) => s.id);
  const [summary, roll] = await Promise.all([
    schoolsIn(actor.db, { ...scope, all: false, schoolIds: ids }, {}),
    studentsBySchool(actor.db, ids),
  ]);
  const figures = new Map(summary.schools.map((s) => [s.schoolId, s]));
  const students = new Map(roll.map((r) => [Number(r.school_id), Number(r.students)]));
  return schools.map((school) => {
    const f = figures.get(school.id);
    return {
      schoolId: school.id,
      name: school.name,
      students: students.get(school.id) ?? 0,
      assigned: f?.assigned ?? 0,
      done: f?.done ?? 0,
      results: f?.results ?? 0,
      warned: f?.warned ?? 0,
      openWarnings: f?.openWarnings ?? 0,
    };
  });
}

function totalOf(rows: AreaSchool[]): AreaView['totals'] {
  const totals = { students: 0, assigned: 0, done: 0, results: 0, warned: 0, openWarnings: 0 };
  for (const row of rows) for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += row[k];
  return totals;
}

/** qyList: the areas of the caller's scope with their schools' headline counts added up. */
export async function areaList(actor: Actor): Promise<AreaList> {
  const scope = await staffScope(actor);
  const areas = await areasIn(actor, scope);
  const rows = await figuresOf(
    actor,
    scope,
    areas.flatMap((a) => a.schools),
  );
  const bySchool = new Map(rows.map((r) => [r.schoolId, r]));
  return {
    areas: areas.map((area) => ({
      orgId: area.id,
      name: area.name,
      schools: area.schools.length,
      ...totalOf(area.schools.flatMap((s) => bySchool.get(s.id) ?? [])),
    })),
  };
}

/** qy: one area's schools, each with its counts; an area not among the caller's is refused in words. */
export async function areaView(actor: Actor, orgId: number): Promise<AreaView> {
  const scope = await staffScope(actor);
  const area = (await areasIn(actor, scope)).find((a) => a.id === orgId);
  if (!area) throw new AppError(403, 'area.outside');
  const schools = await figuresOf(actor, scope, area.schools);
  return { orgId: area.id, name: area.name, schools, totals: totalOf(schools) };
}
