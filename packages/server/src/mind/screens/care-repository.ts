import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { StudentScope } from '../people/students/scope.ts';

type Db = Kysely<Database>;
type Range = { from: number | undefined; to: number | undefined };

/**
 * Counselling and home visits for the management screen (decision 0132): counted in scope over a
 * period from their own tables, a school's term being a few hundred rows (no summary table needed).
 */
function placeIn(alias: string, scope: StudentScope, schoolId: number | undefined): RawBuilder<SqlBool> {
  const school = sql.ref(`${alias}.school_id`);
  const parts: RawBuilder<unknown>[] = [];
  if (schoolId !== undefined) parts.push(sql`${school} = ${schoolId}`);
  if (!scope.all) {
    const any = [
      ...(scope.schoolIds.length > 0 ? [sql`${school} in (${sql.join(scope.schoolIds)})`] : []),
      ...(scope.classIds.length > 0 ? [sql`${sql.ref(`${alias}.class_id`)} in (${sql.join(scope.classIds)})`] : []),
    ];
    parts.push(any.length === 0 ? sql`1 = 0` : sql`(${sql.join(any, sql` or `)})`);
  }
  return parts.length === 0 ? sql<SqlBool>`1 = 1` : sql<SqlBool>`${sql.join(parts, sql` and `)}`;
}

function within(column: string, range: Range): RawBuilder<SqlBool> {
  const parts: RawBuilder<unknown>[] = [];
  if (range.from !== undefined) parts.push(sql`${sql.ref(column)} >= ${range.from}`);
  if (range.to !== undefined) parts.push(sql`${sql.ref(column)} < ${range.to}`);
  return parts.length === 0 ? sql<SqlBool>`1 = 1` : sql<SqlBool>`${sql.join(parts, sql` and `)}`;
}

/** Individual counselling appointments wanted in the period, by state. */
export function appointmentsByState(db: Db, scope: StudentScope, schoolId: number | undefined, range: Range) {
  return db
    .selectFrom('appointments as a')
    .where(placeIn('a', scope, schoolId))
    .where(within('a.wanted_at', range))
    .select(['a.state', sql<number>`count(*)`.as('n')])
    .groupBy('a.state')
    .execute();
}

/** Group-counselling sessions held in the period by the scope's schools' groups (a group is a school's). */
export async function groupSessionsHeld(db: Db, scope: StudentScope, schoolId: number | undefined, range: Range) {
  if (!scope.all && scope.schoolIds.length === 0) return 0;
  let q = db
    .selectFrom('counselling_group_sessions as s')
    .innerJoin('counselling_groups as g', 'g.id', 's.group_id')
    .where(within('s.held_at', range))
    .select(sql<number>`count(*)`.as('n'));
  if (schoolId !== undefined) q = q.where('g.school_id', '=', schoolId);
  if (!scope.all) q = q.where('g.school_id', 'in', scope.schoolIds);
  return Number((await q.executeTakeFirst())?.n ?? 0);
}

/** Home visits recorded in the period. */
export async function visitsDone(db: Db, scope: StudentScope, schoolId: number | undefined, range: Range) {
  const row = await db
    .selectFrom('home_visits as v')
    .where(placeIn('v', scope, schoolId))
    .where(within('v.visited_at', range))
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * The home-visit tasks whose time overlaps the period, set at or above or below the caller's
 * organisations (as the task list shows them), with their targets.
 */
export function visitTasksOverlapping(db: Db, scope: StudentScope, range: Range, limit: number) {
  let q = db.selectFrom('home_visit_tasks as t').select(['t.id', 't.targets']);
  if (!scope.all) {
    if (scope.orgPaths.length === 0) return Promise.resolve([]);
    q = q.where((eb) =>
      eb.or(
        scope.orgPaths.flatMap((path) => [
          eb('t.org_path', 'like', `${path}%`),
          sql<boolean>`${path} like ${sql.ref('t.org_path')} || '%'`,
        ]),
      ),
    );
  }
  if (range.to !== undefined) q = q.where('t.starts_at', '<', range.to);
  if (range.from !== undefined) q = q.where('t.ends_at', '>=', range.from);
  return q.orderBy('t.id', 'desc').limit(limit).execute();
}

/** How many of the scope's students (of one school) a task's targets name: its classes' students and those named. */
export async function studentsTargeted(
  db: Db,
  scope: StudentScope,
  schoolId: number | undefined,
  targets: { classIds: number[]; studentIds: number[] },
) {
  if (targets.classIds.length === 0 && targets.studentIds.length === 0) return 0;
  const row = await db
    .selectFrom('students as s')
    .where((eb) =>
      eb.or([
        ...(targets.classIds.length > 0 ? [eb('s.org_id', 'in', targets.classIds)] : []),
        ...(targets.studentIds.length > 0 ? [eb('s.id', 'in', targets.studentIds)] : []),
      ]),
    )
    .where((eb) => {
      if (scope.all) return eb.lit(true);
      const any = [
        ...(scope.schoolIds.length > 0 ? [eb('s.school_id', 'in', scope.schoolIds)] : []),
        ...(scope.classIds.length > 0 ? [eb('s.org_id', 'in', scope.classIds)] : []),
      ];
      return any.length === 0 ? eb.lit(false) : eb.or(any);
    })
    .$if(schoolId !== undefined, (q) => q.where('s.school_id', '=', schoolId ?? 0))
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
