import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema.ts';
import { type StudentScope, studentInScope } from '../students/scope.ts';

type Db = Kysely<Database>;

export function orgById(db: Db, id: number) {
  return db.selectFrom('orgs').select(['id', 'name', 'path', 'type']).where('id', '=', id).executeTakeFirst();
}

/**
 * The studying students of an organisation's subtree (a class, grade, campus or school) inside the
 * scope, with their class's name, by class then student number: the order the slips are cut in.
 */
export function studentsUnder(db: Db, scope: StudentScope, path: string) {
  return db
    .selectFrom('students as s')
    .innerJoin('orgs as c', 'c.id', 's.org_id')
    .select(['s.id', 's.name', 's.student_no', 's.school_id', 's.org_id', 's.user_id', 'c.name as class_name'])
    .where('c.path', 'like', `${path}%`)
    .where('s.status', '=', 'studying')
    .where(studentInScope(scope))
    .orderBy('c.sort')
    .orderBy('c.id')
    .orderBy('s.student_no')
    .execute();
}
export type SelectedStudent = Awaited<ReturnType<typeof studentsUnder>>[number];

/** Students by id (the job reads them again: someone may have bound one since the request). */
export function studentsByIds(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('students as s')
    .innerJoin('orgs as c', 'c.id', 's.org_id')
    .select(['s.id', 's.name', 's.student_no', 's.school_id', 's.org_id', 's.user_id', 'c.name as class_name'])
    .where('s.id', 'in', [...ids])
    .execute();
}

export function accountNames(db: Db, userIds: readonly number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .select(['id', 'account'])
    .where('id', 'in', [...userIds])
    .execute();
}
