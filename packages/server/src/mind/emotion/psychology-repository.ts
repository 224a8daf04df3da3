import { type Kysely, type RawBuilder, type SqlBool, sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { EmotionScope } from './repository.ts';

// The campus psychology board's reads (decision 0124): the summary tables only, each in the caller's scope.

type Db = Kysely<Database> | Transaction<Database>;

/** The scope's schools or classes on a table's `school_id` and `class_id`; no school and no class, no rows. */
function inScope(scope: EmotionScope, alias: 'r' | 'a'): RawBuilder<SqlBool> {
  if (scope.all) return sql<SqlBool>`1 = 1`;
  const parts = [
    ...(scope.schoolIds.length > 0 ? [sql`${sql.ref(`${alias}.school_id`)} in (${sql.join(scope.schoolIds)})`] : []),
    ...(scope.classIds.length > 0 ? [sql`${sql.ref(`${alias}.class_id`)} in (${sql.join(scope.classIds)})`] : []),
  ];
  return parts.length === 0 ? sql<SqlBool>`1 = 0` : sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

/** Emotion alerts per class and state over the days, of one school or class when given. */
export function alertCountsByClass(
  db: Db,
  scope: EmotionScope,
  f: { schoolId?: number; classId?: number; from: string; to: string },
) {
  return db
    .selectFrom('emotion_alerts as a')
    .where(inScope(scope, 'a'))
    .where('a.day', '>=', f.from)
    .where('a.day', '<=', f.to)
    .$if(f.schoolId !== undefined, (q) => q.where('a.school_id', '=', f.schoolId ?? 0))
    .$if(f.classId !== undefined, (q) => q.where('a.class_id', '=', f.classId ?? 0))
    .select(['a.class_id', 'a.state', sql<number>`count(*)`.as('alerts')])
    .groupBy(['a.class_id', 'a.state'])
    .execute();
}

/** Each school's assessment tasks with results in the scope, with the last day they had one. */
export function tasksWithResults(db: Db, scope: EmotionScope, f: { schoolId?: number; classId?: number }) {
  return db
    .selectFrom('screen_results as r')
    .innerJoin('assessment_tasks as t', 't.id', 'r.task_id')
    .where(inScope(scope, 'r'))
    .$if(f.schoolId !== undefined, (q) => q.where('r.school_id', '=', f.schoolId ?? 0))
    .$if(f.classId !== undefined, (q) => q.where('r.class_id', '=', f.classId ?? 0))
    .select(['r.school_id', 'r.task_id', 't.name as task_name', sql<number>`max(r.day)`.as('last_day')])
    .groupBy(['r.school_id', 'r.task_id', 't.name'])
    .having(sql`sum(r.results)`, '>', 0)
    .execute();
}

/** Results of these tasks by class, scale and band (with those that raised a warning), in the scope. */
export function screeningCounts(
  db: Db,
  scope: EmotionScope,
  taskIds: number[],
  f: { schoolId?: number; classId?: number },
) {
  if (taskIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('screen_results as r')
    .where(inScope(scope, 'r'))
    .where('r.task_id', 'in', taskIds)
    .$if(f.schoolId !== undefined, (q) => q.where('r.school_id', '=', f.schoolId ?? 0))
    .$if(f.classId !== undefined, (q) => q.where('r.class_id', '=', f.classId ?? 0))
    .select([
      'r.school_id',
      'r.grade_id',
      'r.class_id',
      'r.task_id',
      'r.scale_id',
      'r.band',
      sql<number>`sum(r.results)`.as('results'),
      sql<number>`sum(r.warned)`.as('warned'),
    ])
    .groupBy(['r.school_id', 'r.grade_id', 'r.class_id', 'r.task_id', 'r.scale_id', 'r.band'])
    .execute();
}

/** Classes by id with their grade (their parent) and their school (the school org above them). */
export function classPlaces(db: Db, classIds: number[]) {
  if (classIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('orgs as c')
    .innerJoin('orgs as g', 'g.id', 'c.parent_id')
    .innerJoin('orgs as s', (join) =>
      join.onRef('s.id', '!=', 'c.id').on(sql<SqlBool>`s.type = 'school' and c.path like s.path || '%'`),
    )
    .where('c.id', 'in', classIds)
    .where('c.type', '=', 'class')
    .select([
      'c.id',
      'c.name',
      'c.sort',
      'g.id as grade_id',
      'g.name as grade_name',
      'g.sort as grade_sort',
      's.id as school_id',
      's.name as school_name',
    ])
    .execute();
}
