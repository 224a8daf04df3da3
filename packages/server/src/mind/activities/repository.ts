import { type Insertable, type Kysely, sql, type Transaction, type Updateable } from 'kysely';
import { type TakeOutcome, takeOnce } from '../../platform/db/places.ts';
import type { Database } from '../../platform/db/schema.ts';
import { contains } from '../../platform/db/sql.ts';
import { type StudentScope, studentInScope } from '../people/students/scope.ts';
import type { ActivitiesTable } from './tables.ts';

type Db = Kysely<Database> | Transaction<Database>;
type Page = { page: number; size: number };

/** Activities published at, above or below the caller's organisations: a school sees its bureau's and its own. */
function visibleActivities(db: Db, scope: StudentScope) {
  return db
    .selectFrom('activities as a')
    .innerJoin('orgs as o', 'o.id', 'a.org_id')
    .where((eb) => {
      if (scope.all) return eb.lit(true);
      if (scope.orgPaths.length === 0) return eb.lit(false);
      return eb.or(
        scope.orgPaths.flatMap((path) => [
          eb('a.org_path', 'like', `${path}%`),
          // Published above the caller: the caller's path starts with the activity's.
          sql<boolean>`${path} like ${sql.ref('a.org_path')} || '%'`,
        ]),
      );
    });
}

const columns = ['a.id', 'a.org_id', 'a.org_path', 'o.name as org_name', 'a.title', 'a.kind', 'a.place'] as const;
const more = ['a.description', 'a.quota', 'a.signed', 'a.audience', 'a.targets', 'a.starts_at', 'a.ends_at'] as const;
const window = ['a.signup_from', 'a.signup_until', 'a.created_at'] as const;

export async function activityPage(db: Db, scope: StudentScope, keyword: string | undefined, page: Page) {
  const base = visibleActivities(db, scope).$if(Boolean(keyword), (q) => q.where(contains('a.title', keyword ?? '')));
  const [counted, list] = await Promise.all([
    base.select(sql<number>`count(*)`.as('total')).executeTakeFirst(),
    base
      .select([...columns, ...more, ...window])
      .orderBy('a.id', 'desc')
      .limit(page.size)
      .offset((page.page - 1) * page.size)
      .execute(),
  ]);
  return { list, total: Number(counted?.total ?? 0), ...page };
}

export function findActivity(db: Db, scope: StudentScope, id: number) {
  return visibleActivities(db, scope)
    .select([...columns, ...more, ...window])
    .where('a.id', '=', id)
    .executeTakeFirst();
}
export type ActivityRow = NonNullable<Awaited<ReturnType<typeof findActivity>>>;

export async function insertActivity(db: Db, values: Insertable<ActivitiesTable>): Promise<number> {
  const row = await db.insertInto('activities').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Changes an activity unless its new quota is below the places already taken; whether it did. */
/**
 * Changes an activity that has not started by `now`, keeping its quota at or above its sign-ups;
 * whether it did. The conditions sit in the update, so a sign-up or the start meanwhile wins.
 */
export async function updateActivity(
  db: Db,
  id: number,
  changes: Updateable<ActivitiesTable>,
  now: number,
): Promise<boolean> {
  const quota = changes.quota;
  const result = await db
    .updateTable('activities')
    .set(changes)
    .where('id', '=', id)
    .where('starts_at', '>', now)
    .$if(typeof quota === 'number', (q) => q.where('signed', '<=', quota as number))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes an activity nobody has signed up for; whether it did. */
export async function deleteActivity(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('activities').where('id', '=', id).where('signed', '=', 0).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Organisations (by id) with their paths and types, for checking targets against the scope. */
export function orgsByIds(db: Db, ids: number[]) {
  // Guard against running an invalid `in ()` when nothing is named.
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('orgs').select(['id', 'path', 'type']).where('id', 'in', ids).execute();
}

/** The students a caller may sign up: themselves (a student account) and their children (a parent account). */
export function signableStudents(db: Db, userId: number) {
  const base = db
    .selectFrom('students as s')
    .innerJoin('orgs as c', 'c.id', 's.org_id')
    .select(['s.id', 's.name', 's.org_id', 's.grade_id', 'c.path as class_path']);
  return Promise.all([
    base.where('s.user_id', '=', userId).execute(),
    base
      .innerJoin('student_parents as sp', 'sp.student_id', 's.id')
      .innerJoin('parents as p', 'p.id', 'sp.parent_id')
      .where('p.user_id', '=', userId)
      .execute(),
  ]);
}
export type SignableStudent = Awaited<ReturnType<typeof signableStudents>>[0][number];

/** Activities published at or above the given class paths whose sign-up window contains `at`. */
export function activitiesOpenTo(db: Db, classPaths: string[], at: number) {
  // Guard against an empty OR: no student, no activity.
  if (classPaths.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('activities as a')
    .innerJoin('orgs as o', 'o.id', 'a.org_id')
    .select([...columns, ...more, ...window])
    .where('a.signup_from', '<=', at)
    .where('a.signup_until', '>', at)
    .where((eb) => eb.or(classPaths.map((path) => sql<boolean>`${path} like ${sql.ref('a.org_path')} || '%'`)))
    .orderBy('a.starts_at')
    .orderBy('a.id')
    .execute();
}

/** The activity a sign-up is for, read without a staff scope: the sign-up itself is checked against the student. */
export function activityById(db: Db, id: number) {
  return db
    .selectFrom('activities as a')
    .innerJoin('orgs as o', 'o.id', 'a.org_id')
    .select([...columns, ...more, ...window])
    .where('a.id', '=', id)
    .executeTakeFirst();
}

export async function signedKeys(db: Db, activityIds: number[], studentIds: number[]): Promise<Set<string>> {
  // Guard against running an invalid `in ()`.
  if (activityIds.length === 0 || studentIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('activity_signups')
    .select(['activity_id', 'student_id', 'signer'])
    .where('activity_id', 'in', activityIds)
    .where('student_id', 'in', studentIds)
    .execute();
  return new Set(rows.map((r) => `${r.activity_id}/${r.student_id}/${r.signer}`));
}

export type TakePlace = TakeOutcome;

/**
 * Takes one place in a transaction: the sign-up row first (its unique index refuses a second
 * submission), then the counter raised only while below the quota. On PostgreSQL the update waits
 * for a concurrent one on the same row and re-reads `signed`; on SQLite writers take turns. Either
 * way the last place goes to one caller, and a refused caller leaves nothing behind.
 */
export async function takePlace(
  db: Kysely<Database>,
  place: { activityId: number; studentId: number; signer: 'student' | 'parent'; userId: number; at: number },
): Promise<TakePlace> {
  return takeOnce(
    db,
    (trx) =>
      trx
        .insertInto('activity_signups')
        .values({
          activity_id: place.activityId,
          student_id: place.studentId,
          signer: place.signer,
          user_id: place.userId,
          attended: null,
          created_at: place.at,
        })
        .onConflict((oc) => oc.columns(['activity_id', 'student_id', 'signer']).doNothing())
        .returning('id')
        .executeTakeFirst(),
    (trx) =>
      trx
        .updateTable('activities')
        .set((eb) => ({ signed: eb('signed', '+', 1) }))
        .where('id', '=', place.activityId)
        .whereRef('signed', '<', 'quota')
        .executeTakeFirst(),
  );
}

type SignupFilter = { activityId: number; keyword?: string | undefined };

function signupsOf(db: Db, scope: StudentScope, filter: SignupFilter) {
  return db
    .selectFrom('activity_signups as g')
    .innerJoin('students as s', 's.id', 'g.student_id')
    .innerJoin('orgs as c', 'c.id', 's.org_id')
    .innerJoin('users as u', 'u.id', 'g.user_id')
    .where('g.activity_id', '=', filter.activityId)
    .where(studentInScope(scope))
    .$if(Boolean(filter.keyword), (q) => q.where(contains('s.name', filter.keyword ?? '')));
}

const signupColumns = [
  'g.id',
  'g.student_id',
  's.name as student_name',
  's.student_no',
  'c.name as class_name',
  'g.signer',
  'u.nickname as signer_name',
  'g.created_at',
  'g.attended',
] as const;

/** The sign-ups of an activity whose students lie in the caller's scope, by class then name. */
export async function signupPage(db: Db, scope: StudentScope, filter: SignupFilter, page: Page) {
  const base = signupsOf(db, scope, filter);
  const [counted, list] = await Promise.all([
    base.select(sql<number>`count(*)`.as('total')).executeTakeFirst(),
    base
      .select(signupColumns)
      .orderBy('c.name')
      .orderBy('s.name')
      .orderBy('g.id')
      .limit(page.size)
      .offset((page.page - 1) * page.size)
      .execute(),
  ]);
  return { list, total: Number(counted?.total ?? 0), ...page };
}

/** Every sign-up of the scope, a page at a time, for the export. */
export async function* allSignups(db: Db, scope: StudentScope, activityId: number) {
  const size = 1000;
  for (let offset = 0; ; offset += size) {
    const rows = await signupsOf(db, scope, { activityId })
      .select(signupColumns)
      .orderBy('c.name')
      .orderBy('s.name')
      .orderBy('g.id')
      .limit(size)
      .offset(offset)
      .execute();
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
  }
}

/** Marks attendance on the given sign-ups of the scope; how many it marked. */
export async function markAttendance(
  db: Db,
  scope: StudentScope,
  activityId: number,
  signupIds: number[],
  attended: boolean,
): Promise<number> {
  const inScope = await signupsOf(db, scope, { activityId }).select('g.id').where('g.id', 'in', signupIds).execute();
  // Guard against an invalid `in ()` when none of the ids is the caller's.
  if (inScope.length === 0) return 0;
  const result = await db
    .updateTable('activity_signups')
    .set({ attended })
    .where(
      'id',
      'in',
      inScope.map((r) => r.id),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
