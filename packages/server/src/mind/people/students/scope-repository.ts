import type { ExpressionBuilder, Kysely } from 'kysely';
import { reusable } from '../../../platform/db/reusable.ts';
import type { Database } from '../../../platform/db/schema.ts';
import type { StudentScope } from './scope.ts';

// The reads behind a caller's student scope (`scope.ts`).

/** The schools inside these subtrees (`like` patterns): read before every student list, so compiled once. */
export const schoolsUnder = reusable((db: Kysely<Database>, v: { patterns: string[] }) =>
  db
    .selectFrom('orgs')
    .select(['id', 'path'])
    .where('type', '=', 'school')
    .where((eb: ExpressionBuilder<Database, 'orgs'>) => eb.or(v.patterns.map((p) => eb('orgs.path', 'like', p)))),
);

/** The students a parent account is bound to. */
export function childrenOfParentUser(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('student_parents as sp')
    .innerJoin('parents as p', 'p.id', 'sp.parent_id')
    .select('sp.student_id')
    .where('p.user_id', '=', userId)
    .execute();
}

/** The student records of a student account. */
export function studentsOfUser(db: Kysely<Database>, userId: number) {
  return db.selectFrom('students').select('id').where('user_id', '=', userId).execute();
}

/** The classes inside these subtrees (organisation paths). */
export function classesUnder(db: Kysely<Database>, paths: string[]) {
  return db
    .selectFrom('orgs')
    .select('id')
    .where('type', '=', 'class')
    .where((eb) => eb.or(paths.map((path) => eb('orgs.path', 'like', `${path}%`))))
    .execute();
}

/** The schools of a scope with their names, by id: what a page offers to choose from. */
export async function schoolsOfScope(db: Kysely<Database>, scope: StudentScope) {
  if (!scope.all && scope.schoolIds.length === 0) return [];
  return db
    .selectFrom('orgs')
    .select(['id', 'name'])
    .where('type', '=', 'school')
    .$if(!scope.all, (q) => q.where('id', 'in', scope.schoolIds))
    .orderBy('id')
    .execute();
}
