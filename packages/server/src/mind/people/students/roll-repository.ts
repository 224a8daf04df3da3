import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../platform/db/schema.ts';
import type { StudentScope } from './scope.ts';

type Db = Kysely<Database>;

/** Students still on a school's roll: those who left are history, not a class's size. */
export const ON_ROLL = ['studying', 'suspended'] as const;

/**
 * The classes of a scope with their school and grade: whole schools' classes, or the scope's own
 * classes (a class teacher's), classes without a student included.
 */
export function classesOfScope(db: Db, scope: StudentScope, schoolId: number | undefined) {
  // Guard against an empty IN: a scope of children or of oneself holds no class to list.
  if (!scope.all && scope.schoolIds.length === 0 && scope.classIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('orgs as c')
    .innerJoin('orgs as s', (j) => j.on('s.type', '=', 'school').on('c.path', 'like', sql<string>`s.path || '%'`))
    .leftJoin('orgs as g', (j) => j.onRef('g.id', '=', 'c.parent_id').on('g.type', '=', 'grade'))
    .select([
      'c.id as classId',
      'c.name as className',
      'g.id as gradeId',
      'g.name as gradeName',
      's.id as schoolId',
      's.name as schoolName',
    ])
    .where('c.type', '=', 'class')
    .$if(!scope.all, (q) =>
      q.where((eb) =>
        eb.or([
          ...(scope.schoolIds.length > 0 ? [eb('s.id', 'in', scope.schoolIds)] : []),
          ...(scope.classIds.length > 0 ? [eb('c.id', 'in', scope.classIds)] : []),
        ]),
      ),
    )
    .$if(schoolId !== undefined, (q) => q.where('s.id', '=', schoolId ?? 0))
    .orderBy('s.sort')
    .orderBy('s.id')
    .orderBy('g.sort')
    .orderBy('g.id')
    .orderBy('c.sort')
    .orderBy('c.id')
    .execute();
}

/** Students on the roll of each of these classes. */
export function studentsByClass(db: Db, classIds: number[]) {
  if (classIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('students')
    .select(['org_id', sql<number>`count(*)`.as('students')])
    .where('org_id', 'in', classIds)
    .where('status', 'in', ON_ROLL)
    .groupBy('org_id')
    .execute();
}
