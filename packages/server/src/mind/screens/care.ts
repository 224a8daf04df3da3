import type { ScreenCare, ScreenQuery } from '@meridian/contracts';
import { fromJson } from '../../platform/db/sql.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { currentSemesterOf } from '../archive/semesters.ts';
import {
  appointmentsByState,
  groupSessionsHeld,
  studentsTargeted,
  visitsDone,
  visitTasksOverlapping,
} from './care-repository.ts';
import { screenScope } from './service.ts';

/** The home-visit tasks a period's planned visits are counted over; a school's term holds a handful. */
const TASKS_COUNTED = 50;

/**
 * Counselling and home visits for the management screen (screen/school/care, decision 0132): the
 * period asked for; without one, the current semester of the one school shown (the one asked for,
 * or the caller's only school); else all time.
 */
export async function careOf(actor: Actor, q: ScreenQuery): Promise<ScreenCare> {
  const scope = await screenScope(actor, q.schoolId, q.orgId);
  const oneSchool = q.schoolId ?? (!scope.all && scope.schoolIds.length === 1 ? scope.schoolIds[0] : undefined);
  const asked = q.from !== undefined || q.to !== undefined;
  const semester = asked || oneSchool === undefined ? undefined : await currentSemesterOf(actor.db, oneSchool);
  const range = semester ? semester.range : { from: q.from, to: q.to };
  const [states, groupSessions, done, tasks] = await Promise.all([
    appointmentsByState(actor.db, scope, q.schoolId, range),
    groupSessionsHeld(actor.db, scope, q.schoolId, range),
    visitsDone(actor.db, scope, q.schoolId, range),
    visitTasksOverlapping(actor.db, scope, range, TASKS_COUNTED),
  ]);
  const appointments = { requested: 0, approved: 0, done: 0, rejected: 0, cancelled: 0 };
  for (const s of states) {
    if (s.state in appointments) appointments[s.state as keyof typeof appointments] += Number(s.n);
  }
  let planned = 0;
  for (const task of tasks) {
    const targets = fromJson<{ classIds: number[]; studentIds: number[] }>(task.targets);
    planned += await studentsTargeted(actor.db, scope, q.schoolId, targets);
  }
  return {
    semester: semester ? { schoolYear: semester.brief.schoolYear, term: semester.brief.term } : null,
    appointments,
    groupSessions,
    homeVisits: { done, planned, tasks: tasks.length },
  };
}
