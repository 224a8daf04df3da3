import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { ON_ROLL } from '../people/students/roll-repository.ts';
import type { StudentScope } from '../people/students/scope.ts';

type Db = Kysely<Database>;

/** The schools of a scope with their paths, which name the bureaus above them. */
export function schoolsWithPaths(db: Db, scope: StudentScope) {
  // Guard against an empty list: a scope of classes or children holds no whole school.
  if (!scope.all && scope.schoolIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('orgs')
    .select(['id', 'name', 'path'])
    .where('type', '=', 'school')
    .$if(!scope.all, (q) => q.where('id', 'in', scope.schoolIds))
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** The bureaus among some organisations (those on the schools' paths). */
export function bureausAmong(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('orgs')
    .select(['id', 'name', 'path', 'depth'])
    .where('type', '=', 'bureau')
    .where('id', 'in', ids)
    .execute();
}

/** Students on the roll of each school. */
export function studentsBySchool(db: Db, schoolIds: number[]) {
  if (schoolIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('students')
    .select(['school_id', sql<number>`count(*)`.as('students')])
    .where('school_id', 'in', schoolIds)
    .where('status', 'in', ON_ROLL)
    .groupBy('school_id')
    .execute();
}
