import { Identity } from '@meridian/contracts';
import type { ExpressionBuilder, Kysely } from 'kysely';
import { Held } from '../../../platform/db/held.ts';
import type { Database } from '../../../platform/db/schema.ts';
import { scopeOf } from '../../../portal/access/scope.ts';
import type { Auth } from '../../../portal/sessions/service.ts';
import { childrenOfParentUser, classesUnder, schoolsUnder, studentsOfUser } from './scope-repository.ts';

/**
 * Which students a caller may see, resolved once per call (design section 6): whole schools for a
 * bureau or a school's staff, single classes for a class teacher, their children for a parent,
 * themself for a student. Kept as ids so that the list query stays on the students' own indexes
 * instead of joining the org tree for each row.
 */
export interface StudentScope {
  all: boolean;
  schoolIds: number[];
  classIds: number[];
  studentIds: number[];
  /** The organisation subtrees behind the ids, for checking a class or school named in a request. */
  orgPaths: string[];
}

const none = (): StudentScope => ({ all: false, schoolIds: [], classIds: [], studentIds: [], orgPaths: [] });

export async function studentScopeOf(db: Kysely<Database>, auth: Auth): Promise<StudentScope> {
  if (auth.superAdmin) return { ...none(), all: true };
  if (auth.identityId === Identity.parent) {
    const children = await childrenOfParentUser(db, auth.userId);
    return { ...none(), studentIds: children.map((c) => c.student_id) };
  }
  if (auth.identityId === Identity.student) {
    const self = await studentsOfUser(db, auth.userId);
    return { ...none(), studentIds: self.map((s) => s.id) };
  }
  return staffScopes.get(`${auth.userId}:${auth.roleId}:${auth.identityId}`, () => staffScopeOf(db, auth));
}

/**
 * Staff scopes read in the last moment: the schools and classes under the caller's organisations,
 * read before every student list. Forgotten when this process writes what they come from (decision 0042).
 */
const staffScopes = new Held<StudentScope>(['user_roles', 'user_identities', 'orgs', 'users']);

async function staffScopeOf(db: Kysely<Database>, auth: Auth): Promise<StudentScope> {
  const scope = await scopeOf(db, auth);
  if (scope.all) return { ...none(), all: true };
  if (scope.orgPaths.length === 0) return none();
  const schools = await schoolsUnder(db, { patterns: scope.orgPaths.map((path) => `${path}%`) });
  // Classes of a scope inside one school (a campus, a grade, a class); those of whole schools are already covered.
  // A path above its schools (a bureau) is covered by those schools too.
  const within = scope.orgPaths.filter(
    (path) => !schools.some((school) => path.startsWith(school.path) || school.path.startsWith(path)),
  );
  const classes = within.length === 0 ? [] : await classesUnder(db, within);
  return {
    all: false,
    schoolIds: schools.map((s) => s.id),
    classIds: classes.map((c) => c.id),
    studentIds: [],
    orgPaths: scope.orgPaths,
  };
}

/** A condition on `students` (aliased `s`) that keeps only the students of the scope. */
export function studentInScope(scope: StudentScope) {
  return (eb: ExpressionBuilder<Database & { s: Database['students'] }, 's'>) => {
    if (scope.all) return eb.lit(true);
    const parts = [
      ...(scope.schoolIds.length > 0 ? [eb('s.school_id', 'in', scope.schoolIds)] : []),
      ...(scope.classIds.length > 0 ? [eb('s.org_id', 'in', scope.classIds)] : []),
      ...(scope.studentIds.length > 0 ? [eb('s.id', 'in', scope.studentIds)] : []),
    ];
    // Guard against an empty OR, which Kysely renders as false anyway, but say it plainly.
    return parts.length === 0 ? eb.lit(false) : eb.or(parts);
  };
}

/** Whether an organisation (by its path) lies inside the scope: where a student may be placed. */
export function orgInStudentScope(scope: StudentScope, path: string): boolean {
  return scope.all || scope.orgPaths.some((prefix) => path.startsWith(prefix));
}
