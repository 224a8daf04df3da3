import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { StudentScope } from '../people/students/scope.ts';
import { warningInScope } from '../warnings/repository.ts';

// The screens' summary tables: the writes that keep them, the rebuild, and the reads (decision 0072).

type Db = Kysely<Database>;

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** China time: a result stored at 07:00 Beijing time belongs to that Beijing day. */
const ZONE_MS = 8 * HOUR_MS;

/** The China-time calendar day of an instant. */
export const dayOf = (at: number) => Math.floor((at + ZONE_MS) / DAY_MS);
/** The same in SQL, on an integer epoch-milliseconds column (integer division on both engines). */
const daySql = (column: string) => sql<number>`((${sql.ref(column)} + ${sql.lit(ZONE_MS)}) / ${sql.lit(DAY_MS)})`;

/** Adds to a school's day: a result stored, or a warning opened on it (-1 and +1 when one moves). */
async function countDay(trx: Db, schoolId: number, day: number, add: { results: number; warnings: number }) {
  await trx
    .insertInto('screen_daily')
    .values({ school_id: schoolId, day, ...add })
    .onConflict((oc) =>
      oc.columns(['school_id', 'day']).doUpdateSet({
        results: sql`screen_daily.results + excluded.results`,
        warnings: sql`screen_daily.warnings + excluded.warnings`,
      }),
    )
    .execute();
}

/** A stored result of a student (or about one): one more in its place, task, scale, band and day. */
export async function countResult(
  trx: Db,
  r: {
    schoolId: number;
    gradeId: number | null;
    classId: number | null;
    taskId: number;
    scaleId: number;
    band: string | null;
    warned: boolean;
    at: number;
    /** The sheet's first answer: it now counts as done. */
    firstAnswer: boolean;
  },
): Promise<void> {
  await trx
    .insertInto('screen_results')
    .values({
      school_id: r.schoolId,
      grade_id: r.gradeId ?? 0,
      class_id: r.classId ?? 0,
      task_id: r.taskId,
      scale_id: r.scaleId,
      band: r.band ?? '',
      day: dayOf(r.at),
      results: 1,
      warned: r.warned ? 1 : 0,
    })
    .onConflict((oc) =>
      oc.columns(['school_id', 'grade_id', 'class_id', 'task_id', 'scale_id', 'band', 'day']).doUpdateSet({
        results: sql`screen_results.results + 1`,
        warned: sql`screen_results.warned + excluded.warned`,
      }),
    )
    .execute();
  await trx
    .insertInto('screen_result_totals')
    .values({
      school_id: r.schoolId,
      grade_id: r.gradeId ?? 0,
      task_id: r.taskId,
      scale_id: r.scaleId,
      band: r.band ?? '',
      results: 1,
      warned: r.warned ? 1 : 0,
    })
    .onConflict((oc) =>
      oc.columns(['school_id', 'grade_id', 'task_id', 'scale_id', 'band']).doUpdateSet({
        results: sql`screen_result_totals.results + 1`,
        warned: sql`screen_result_totals.warned + excluded.warned`,
      }),
    )
    .execute();
  await countDay(trx, r.schoolId, dayOf(r.at), { results: 1, warnings: 0 });
  if (!r.firstAnswer) return;
  for (const table of ['screen_sheets', 'screen_sheet_totals'] as const) {
    await trx
      .updateTable(table)
      .set({ done: sql`done + 1` })
      .where('task_id', '=', r.taskId)
      .where('school_id', '=', r.schoolId)
      .where('grade_id', '=', r.gradeId ?? 0)
      .$if(table === 'screen_sheets', (q) => q.where(sql.ref('class_id'), '=', r.classId ?? 0))
      .execute();
  }
}

/** A published task's student sheets, counted by place in its publishing transaction. */
export async function countAssigned(trx: Db, taskId: number): Promise<void> {
  await trx
    .insertInto('screen_sheets')
    .columns(['task_id', 'school_id', 'grade_id', 'class_id', 'starts_at', 'assigned', 'done'])
    .expression(sheetCounts(trx).where('a.task_id', '=', taskId))
    .onConflict((oc) =>
      oc
        .columns(['school_id', 'grade_id', 'class_id', 'task_id'])
        .doUpdateSet({ assigned: sql`screen_sheets.assigned + excluded.assigned` }),
    )
    .execute();
  await trx
    .insertInto('screen_sheet_totals')
    .columns(['school_id', 'grade_id', 'task_id', 'starts_at', 'assigned', 'done'])
    .expression(sheetTotals(trx).where('task_id', '=', taskId))
    .onConflict((oc) =>
      oc
        .columns(['school_id', 'grade_id', 'task_id'])
        .doUpdateSet({ assigned: sql`screen_sheet_totals.assigned + excluded.assigned` }),
    )
    .execute();
}

/** Forgets a task's sheet counts, with its sheets (an unstarted copy written again or withdrawn). */
export async function uncountAssigned(trx: Db, taskId: number): Promise<void> {
  await trx.deleteFrom('screen_sheets').where('task_id', '=', taskId).execute();
  await trx.deleteFrom('screen_sheet_totals').where('task_id', '=', taskId).execute();
}

/** The per-class sheet counts folded into their grades. */
function sheetTotals(db: Db) {
  return db
    .selectFrom('screen_sheets')
    .select([
      'school_id',
      'grade_id',
      'task_id',
      sql<number>`max(starts_at)`.as('starts_at'),
      sql<number>`sum(assigned)`.as('assigned'),
      sql<number>`sum(done)`.as('done'),
    ])
    .groupBy(['school_id', 'grade_id', 'task_id']);
}

function sheetCounts(db: Db) {
  return db
    .selectFrom('assessment_assignees as a')
    .innerJoin('assessment_tasks as t', 't.id', 'a.task_id')
    .select([
      'a.task_id',
      'a.school_id',
      sql<number>`coalesce(a.grade_id, 0)`.as('grade_id'),
      sql<number>`coalesce(a.class_id, 0)`.as('class_id'),
      sql<number>`max(t.starts_at)`.as('starts_at'),
      sql<number>`count(*)`.as('assigned'),
      sql<number>`sum(case when a.result_id is null then 0 else 1 end)`.as('done'),
    ])
    .where('a.student_id', 'is not', null)
    .groupBy(['a.task_id', 'a.school_id', sql`coalesce(a.grade_id, 0)`, sql`coalesce(a.class_id, 0)`]);
}

export interface WarningKey {
  schoolId: number;
  classId: number | null;
  level: string;
  state: string;
  createdAt: number;
}

/** Adds `n` warnings (and their handling time) to a bucket; -1 takes one out when it moves. */
export async function countWarning(trx: Db, key: WarningKey, n: 1 | -1, handledMs = 0): Promise<void> {
  await trx
    .insertInto('screen_warnings')
    .values({
      school_id: key.schoolId,
      class_id: key.classId ?? 0,
      level: key.level,
      state: key.state,
      day: dayOf(key.createdAt),
      warnings: n,
      handled_ms: handledMs,
    })
    .onConflict((oc) =>
      oc.columns(['school_id', 'class_id', 'level', 'state', 'day']).doUpdateSet({
        warnings: sql`screen_warnings.warnings + excluded.warnings`,
        handled_ms: sql`screen_warnings.handled_ms + excluded.handled_ms`,
      }),
    )
    .execute();
  const grade =
    key.classId === null
      ? undefined
      : await trx.selectFrom('orgs').select('parent_id').where('id', '=', key.classId).executeTakeFirst();
  await trx
    .insertInto('screen_warning_totals')
    .values({
      school_id: key.schoolId,
      grade_id: grade?.parent_id ?? 0,
      level: key.level,
      state: key.state,
      warnings: n,
      handled_ms: handledMs,
    })
    .onConflict((oc) =>
      oc.columns(['school_id', 'grade_id', 'level', 'state']).doUpdateSet({
        warnings: sql`screen_warning_totals.warnings + excluded.warnings`,
        handled_ms: sql`screen_warning_totals.handled_ms + excluded.handled_ms`,
      }),
    )
    .execute();
  await countDay(trx, key.schoolId, dayOf(key.createdAt), { results: 0, warnings: n });
}

/**
 * Fills the summary tables again from what is stored: run by the migration that made them, and
 * the way to mend them should they ever drift.
 */
export async function rebuildScreenCounts(db: Db): Promise<void> {
  const both = async (trx: Db) => {
    await refillScreenCounts(trx);
    await refillTotals(trx);
  };
  // A migration on PostgreSQL already runs in a transaction, and Kysely does not nest them.
  if (db.isTransaction) return both(db);
  await db.transaction().execute(both);
}

/** The all-time totals by grade (decision 0142), from the per-class counts and the warnings. */
async function refillTotals(trx: Db): Promise<void> {
  await trx.deleteFrom('screen_result_totals').execute();
  await trx.deleteFrom('screen_sheet_totals').execute();
  await trx.deleteFrom('screen_warning_totals').execute();
  await trx.deleteFrom('screen_daily').execute();
  await trx
    .insertInto('screen_daily')
    .columns(['school_id', 'day', 'results', 'warnings'])
    .expression(
      trx
        .selectFrom('screen_results')
        .select(['school_id', 'day', sql<number>`sum(results)`.as('results'), sql<number>`0`.as('warnings')])
        .groupBy(['school_id', 'day']),
    )
    .execute();
  await trx
    .insertInto('screen_daily')
    .columns(['school_id', 'day', 'results', 'warnings'])
    .expression(
      trx
        .selectFrom('screen_warnings')
        .select(['school_id', 'day', sql<number>`0`.as('results'), sql<number>`sum(warnings)`.as('warnings')])
        .groupBy(['school_id', 'day']),
    )
    .onConflict((oc) =>
      oc.columns(['school_id', 'day']).doUpdateSet({ warnings: sql`screen_daily.warnings + excluded.warnings` }),
    )
    .execute();
  await trx
    .insertInto('screen_result_totals')
    .columns(['school_id', 'grade_id', 'task_id', 'scale_id', 'band', 'results', 'warned'])
    .expression(
      trx
        .selectFrom('screen_results')
        .select([
          'school_id',
          'grade_id',
          'task_id',
          'scale_id',
          'band',
          sql<number>`sum(results)`.as('results'),
          sql<number>`sum(warned)`.as('warned'),
        ])
        .groupBy(['school_id', 'grade_id', 'task_id', 'scale_id', 'band']),
    )
    .execute();
  await trx
    .insertInto('screen_sheet_totals')
    .columns(['school_id', 'grade_id', 'task_id', 'starts_at', 'assigned', 'done'])
    .expression(sheetTotals(trx))
    .execute();
  await trx
    .insertInto('screen_warning_totals')
    .columns(['school_id', 'grade_id', 'level', 'state', 'warnings', 'handled_ms'])
    .expression(
      trx
        .selectFrom('warnings as w')
        .leftJoin('orgs as c', 'c.id', 'w.class_id')
        .select([
          'w.school_id',
          sql<number>`coalesce(c.parent_id, 0)`.as('grade_id'),
          'w.level',
          'w.state',
          sql<number>`count(*)`.as('warnings'),
          sql<number>`coalesce(sum(case when w.state = 'solved' then w.closed_at - w.created_at else 0 end), 0)`.as(
            'handled_ms',
          ),
        ])
        .groupBy(['w.school_id', sql`coalesce(c.parent_id, 0)`, 'w.level', 'w.state']),
    )
    .execute();
}

/** The per-class, per-day tables of 0045 from what is stored, in the caller's transaction. */
export async function refillScreenCounts(trx: Db): Promise<void> {
  await trx.deleteFrom('screen_results').execute();
  await trx.deleteFrom('screen_sheets').execute();
  await trx.deleteFrom('screen_warnings').execute();
  const day = daySql('r.submitted_at');
  await trx
    .insertInto('screen_results')
    .columns(['school_id', 'grade_id', 'class_id', 'task_id', 'scale_id', 'band', 'day', 'results', 'warned'])
    .expression(
      trx
        .selectFrom('assessment_results as r')
        .select([
          'r.school_id',
          sql<number>`coalesce(r.grade_id, 0)`.as('grade_id'),
          sql<number>`coalesce(r.class_id, 0)`.as('class_id'),
          'r.task_id',
          'r.scale_id',
          sql<string>`coalesce(r.band, '')`.as('band'),
          day.as('day'),
          sql<number>`count(*)`.as('results'),
          sql<number>`sum(case when r.warning_level is null then 0 else 1 end)`.as('warned'),
        ])
        .where('r.student_id', 'is not', null)
        .groupBy([
          'r.school_id',
          sql`coalesce(r.grade_id, 0)`,
          sql`coalesce(r.class_id, 0)`,
          'r.task_id',
          'r.scale_id',
          sql`coalesce(r.band, '')`,
          day,
        ]),
    )
    .execute();
  await trx
    .insertInto('screen_sheets')
    .columns(['task_id', 'school_id', 'grade_id', 'class_id', 'starts_at', 'assigned', 'done'])
    .expression(sheetCounts(trx))
    .execute();
  const opened = daySql('w.created_at');
  await trx
    .insertInto('screen_warnings')
    .columns(['school_id', 'class_id', 'level', 'state', 'day', 'warnings', 'handled_ms'])
    .expression(
      trx
        .selectFrom('warnings as w')
        .select([
          'w.school_id',
          sql<number>`coalesce(w.class_id, 0)`.as('class_id'),
          'w.level',
          'w.state',
          opened.as('day'),
          sql<number>`count(*)`.as('warnings'),
          sql<number>`coalesce(sum(case when w.state = 'solved' then w.closed_at - w.created_at else 0 end), 0)`.as(
            'handled_ms',
          ),
        ])
        .groupBy(['w.school_id', sql`coalesce(w.class_id, 0)`, 'w.level', 'w.state', opened]),
    )
    .execute();
}

export interface Period {
  from?: number | undefined;
  to?: number | undefined;
  /** One task's results and sheets (the statistical report); its warnings are those its results opened. */
  taskId?: number | undefined;
}

/**
 * A condition on a summary table's school and class columns that keeps the scope (and one school), and
 * with `within`, its time column in the period: `day` tables count by day, `starts_at` by the millisecond.
 */
function inScope(
  scope: StudentScope,
  schoolId: number | undefined,
  within?: { period: Period; column: 'day' | 'starts_at' | 'none' },
): RawBuilder<SqlBool> {
  const parts: RawBuilder<unknown>[] = [];
  if (schoolId !== undefined) parts.push(sql`school_id = ${schoolId}`);
  if (within?.column === 'day') {
    const days = dayRange(within.period);
    if (days.from !== undefined) parts.push(sql`day >= ${days.from}`);
    if (days.to !== undefined) parts.push(sql`day <= ${days.to}`);
  } else if (within?.column === 'starts_at') {
    if (within.period.from !== undefined) parts.push(sql`starts_at >= ${within.period.from}`);
    if (within.period.to !== undefined) parts.push(sql`starts_at < ${within.period.to}`);
  }
  if (within?.period.taskId !== undefined) parts.push(sql`task_id = ${within.period.taskId}`);
  if (!scope.all) {
    const within = [
      ...(scope.schoolIds.length > 0 ? [sql`school_id in (${sql.join(scope.schoolIds)})`] : []),
      ...(scope.classIds.length > 0 ? [sql`class_id in (${sql.join(scope.classIds)})`] : []),
    ];
    // A scope with no school and no class sees nothing.
    parts.push(within.length === 0 ? sql`1 = 0` : sql`(${sql.join(within, sql` or `)})`);
  }
  return parts.length === 0 ? sql<SqlBool>`1 = 1` : sql<SqlBool>`${sql.join(parts, sql` and `)}`;
}

/**
 * Whether a read may add up the all-time totals by grade (decision 0142): no period of days, and a
 * scope of whole schools (a class teacher's scope names classes, which the totals do not keep).
 */
function totalsServe(scope: StudentScope, period: Period, perClass = false): boolean {
  return (
    !perClass && period.from === undefined && period.to === undefined && (scope.all || scope.classIds.length === 0)
  );
}

const resultRowsOf = (db: Db) => db.selectFrom('screen_results');
const sheetRowsOf = (db: Db) => db.selectFrom('screen_sheets');

/**
 * The result counts a read adds up, in scope and period: the totals by grade when they serve, else
 * the per-class, per-day rows. The totals stand under the per-class table's name, with the columns
 * these reads use (all but `class_id` and `day`, which only the per-class reads ask for).
 */
function resultCounts(db: Db, scope: StudentScope, schoolId: number | undefined, period: Period, perClass = false) {
  if (!totalsServe(scope, period, perClass))
    return resultRowsOf(db).where(inScope(scope, schoolId, { period, column: 'day' }));
  const totals = db.selectFrom('screen_result_totals as screen_results') as unknown as ReturnType<typeof resultRowsOf>;
  return totals.where(inScope(scope, schoolId, { period, column: 'none' }));
}

/** The sheet counts a read adds up: by grade for whole schools (a task's start is on both), else by class. */
function sheetRows(db: Db, scope: StudentScope, schoolId: number | undefined, period: Period) {
  const rows = totalsServe(scope, {})
    ? (db.selectFrom('screen_sheet_totals as screen_sheets') as unknown as ReturnType<typeof sheetRowsOf>)
    : sheetRowsOf(db);
  return rows.where(inScope(scope, schoolId, { period, column: 'starts_at' }));
}

/** Days covered by a period, as the summary tables count them. */
function dayRange(period: Period) {
  return {
    from: period.from === undefined ? undefined : dayOf(period.from),
    // `to` is exclusive: the day holding its last millisecond is the last day.
    to: period.to === undefined ? undefined : dayOf(period.to - 1),
  };
}

export function resultsBySchool(db: Db, scope: StudentScope, schoolId: number | undefined, period: Period) {
  return resultCounts(db, scope, schoolId, period)
    .select(['school_id', sql<number>`sum(results)`.as('results'), sql<number>`sum(warned)`.as('warned')])
    .groupBy('school_id')
    .execute();
}

export function sheetsBySchool(db: Db, scope: StudentScope, schoolId: number | undefined, period: Period) {
  return sheetRows(db, scope, schoolId, period)
    .select(['school_id', sql<number>`sum(assigned)`.as('assigned'), sql<number>`sum(done)`.as('done')])
    .groupBy('school_id')
    .execute();
}

export function warningBuckets(db: Db, scope: StudentScope, schoolId: number | undefined, period: Period) {
  if (period.taskId !== undefined) return taskWarningBuckets(db, scope, schoolId, { ...period, taskId: period.taskId });
  if (totalsServe(scope, period))
    return db
      .selectFrom('screen_warning_totals')
      .where(inScope(scope, schoolId))
      .select([
        'school_id',
        'level',
        'state',
        sql<number>`sum(warnings)`.as('warnings'),
        sql<number>`sum(handled_ms)`.as('handled_ms'),
      ])
      .groupBy(['school_id', 'level', 'state'])
      .having(sql`sum(warnings)`, '>', 0)
      .execute();
  return db
    .selectFrom('screen_warnings')
    .where(inScope(scope, schoolId, { period, column: 'day' }))
    .select([
      'school_id',
      'level',
      'state',
      sql<number>`sum(warnings)`.as('warnings'),
      sql<number>`sum(handled_ms)`.as('handled_ms'),
    ])
    .groupBy(['school_id', 'level', 'state'])
    .having(sql`sum(warnings)`, '>', 0)
    .execute();
}

/**
 * The same buckets for the warnings one task's results opened: the summary table does not know a
 * warning's task, and a task's warnings are a few hundred rows found through its results.
 */
function taskWarningBuckets(
  db: Db,
  scope: StudentScope,
  schoolId: number | undefined,
  period: Period & { taskId: number },
) {
  const { taskId, ...opened } = period;
  return db
    .selectFrom('warnings')
    .where(inScope(scope, schoolId))
    .where('source_type', '=', 'assessment')
    .where('source_id', 'in', (eb) => eb.selectFrom('assessment_results').select('id').where('task_id', '=', taskId))
    .$if(opened.from !== undefined, (q) => q.where('created_at', '>=', opened.from ?? 0))
    .$if(opened.to !== undefined, (q) => q.where('created_at', '<', opened.to ?? 0))
    .select([
      'school_id',
      'level',
      'state',
      sql<number>`count(*)`.as('warnings'),
      sql<number>`coalesce(sum(case when state = 'solved' then closed_at - created_at else 0 end), 0)`.as('handled_ms'),
    ])
    .groupBy(['school_id', 'level', 'state'])
    .execute();
}

/** Results by scale, band and grade or class: the figures of the band chart. */
export function bandCounts(
  db: Db,
  scope: StudentScope,
  schoolId: number | undefined,
  period: Period,
  by: 'grade_id' | 'class_id',
) {
  return resultCounts(db, scope, schoolId, period, by === 'class_id')
    .select(['scale_id', 'band', sql<number>`${sql.ref(by)}`.as('place_id'), sql<number>`sum(results)`.as('results')])
    .groupBy(['scale_id', 'band', by])
    .execute();
}

/**
 * Results per scale and band for each grade name across the scope: grades of different schools
 * with the same name (七年级) are one row, so the database folds a district's hundreds of grades
 * into a few names instead of the service reading them all.
 */
export function bandCountsByGradeName(db: Db, scope: StudentScope, schoolId: number | undefined, period: Period) {
  return resultCounts(db, scope, schoolId, period)
    .leftJoin('orgs as g', 'g.id', 'screen_results.grade_id')
    .select(['scale_id', 'band', 'g.name as grade', sql<number>`sum(screen_results.results)`.as('results')])
    .groupBy(['scale_id', 'band', 'g.name'])
    .execute();
}

/** Results and the students they warned per grade name (the district overview folds them by stage). */
export function resultsByGrade(db: Db, scope: StudentScope, schoolId: number | undefined, period: Period) {
  return resultCounts(db, scope, schoolId, period)
    .leftJoin('orgs as g', 'g.id', 'screen_results.grade_id')
    .select([
      'g.name as grade',
      sql<number>`sum(screen_results.results)`.as('results'),
      sql<number>`sum(screen_results.warned)`.as('warned'),
    ])
    .groupBy('g.name')
    .execute();
}

/** Sheets assigned and answered per grade name, the period's tasks by their start (the overview's coverage). */
export function sheetsByGrade(db: Db, scope: StudentScope, schoolId: number | undefined, period: Period) {
  return sheetRows(db, scope, schoolId, period)
    .leftJoin('orgs as g', 'g.id', 'screen_sheets.grade_id')
    .select([
      'g.name as grade',
      sql<number>`sum(screen_sheets.assigned)`.as('assigned'),
      sql<number>`sum(screen_sheets.done)`.as('done'),
    ])
    .groupBy('g.name')
    .execute();
}

/** A bureau node (a district or a sub-district) by id, with its path. */
export function bureauNode(db: Db, id: number) {
  return db
    .selectFrom('orgs')
    .select(['id', 'name', 'path'])
    .where('id', '=', id)
    .where('type', '=', 'bureau')
    .executeTakeFirst();
}

/** The schools under an organisation path (a sub-district's). */
export function schoolsUnderPath(db: Db, path: string) {
  return db.selectFrom('orgs').select('id').where('type', '=', 'school').where('path', 'like', `${path}%`).execute();
}

/** The schools a screen compares: the one asked for, else every school of the scope, figures or not. */
export function schoolsOf(db: Db, scope: StudentScope, schoolId: number | undefined) {
  let q = db.selectFrom('orgs').select(['id', 'name']).where('type', '=', 'school');
  if (schoolId !== undefined) q = q.where('id', '=', schoolId);
  else if (!scope.all) {
    // Guard against an empty list: a class teacher's scope names classes, whose schools the figures bring.
    if (scope.schoolIds.length === 0) return Promise.resolve([]);
    q = q.where('id', 'in', scope.schoolIds);
  }
  return q.execute();
}

/** The names of organisations (schools, grades, classes) by id. */
export function orgNames(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('orgs').select(['id', 'name', 'path']).where('id', 'in', ids).execute();
}

/** Scales' names and current versions, whose definitions name the bands. */
export function scaleNames(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('scales')
    .select(['id', 'name_zh', 'name_en', 'current_version_id'])
    .where('id', 'in', ids)
    .execute();
}

const OPEN_STATES = ['new', 'setUp', 'published', 'intervening', 'handedOver'] as const;

/** A handler's name as their school lists them, else their account's nickname. */
const nameOf = (column: 'w.psychology_user_id' | 'w.class_teacher_user_id') =>
  sql<
    string | null
  >`(select coalesce(t.name, u.nickname) from users u left join teachers t on t.user_id = u.id where u.id = ${sql.ref(column)})`;

/**
 * Open warnings whose follow-up is overdue at `now`, most overdue first: a school's open warnings
 * are a few dozen rows on the warnings' (school, state) index, so the cockpit reads them directly.
 */
export function overdueWarnings(
  db: Db,
  scope: StudentScope,
  userId: number,
  schoolId: number | undefined,
  now: number,
  paging: { page: number; size: number },
) {
  const base = db
    .selectFrom('warnings as w')
    .where('w.state', 'in', OPEN_STATES)
    .where('w.follow_up_due_at', '<=', now)
    .where(warningInScope(scope, userId))
    .$if(schoolId !== undefined, (q) => q.where('w.school_id', '=', schoolId ?? 0));
  return Promise.all([
    base
      .innerJoin('students as s', 's.id', 'w.student_id')
      .innerJoin('orgs as o', 'o.id', 'w.school_id')
      .select([
        'w.id',
        's.name as student_name',
        'o.name as school_name',
        'w.level',
        'w.state',
        'w.follow_up_due_at',
        nameOf('w.psychology_user_id').as('psychology_name'),
        nameOf('w.class_teacher_user_id').as('class_teacher_name'),
      ])
      .orderBy('w.follow_up_due_at')
      .orderBy('w.id')
      .limit(paging.size)
      .offset((paging.page - 1) * paging.size)
      .execute(),
    base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
}

/** Open warnings nobody has been named to handle yet, and how many of them are overdue. */
export function openUnassigned(db: Db, scope: StudentScope, userId: number, schoolId: number | undefined, now: number) {
  return db
    .selectFrom('warnings as w')
    .where('w.state', 'in', OPEN_STATES)
    .where('w.psychology_user_id', 'is', null)
    .where('w.class_teacher_user_id', 'is', null)
    .where(warningInScope(scope, userId))
    .$if(schoolId !== undefined, (q) => q.where('w.school_id', '=', schoolId ?? 0))
    .select([
      sql<number>`count(*)`.as('open'),
      sql<number>`coalesce(sum(case when w.follow_up_due_at <= ${now} then 1 else 0 end), 0)`.as('overdue'),
    ])
    .executeTakeFirstOrThrow();
}

/** Open warnings per handler (either of the two named at set-up), with how many are overdue. */
export function openByHolder(
  db: Db,
  scope: StudentScope,
  userId: number,
  schoolId: number | undefined,
  now: number,
  column: 'w.psychology_user_id' | 'w.class_teacher_user_id',
) {
  return db
    .selectFrom('warnings as w')
    .where('w.state', 'in', OPEN_STATES)
    .where(column, 'is not', null)
    .where(warningInScope(scope, userId))
    .$if(schoolId !== undefined, (q) => q.where('w.school_id', '=', schoolId ?? 0))
    .select([
      sql<number>`${sql.ref(column)}`.as('user_id'),
      nameOf(column).as('name'),
      sql<number>`count(*)`.as('open'),
      sql<number>`sum(case when w.follow_up_due_at <= ${now} then 1 else 0 end)`.as('overdue'),
    ])
    .groupBy(column)
    .execute();
}

/** Whether the per-school days serve a trend (decision 0142): whole schools, and no task asked for. */
const dailyServes = (scope: StudentScope, period: Period) =>
  period.taskId === undefined && (scope.all || scope.classIds.length === 0);

/** Results or warnings per day from the per-school days, any period of days. */
function daily(
  db: Db,
  scope: StudentScope,
  schoolId: number | undefined,
  period: Period,
  figure: 'results' | 'warnings',
) {
  return db
    .selectFrom('screen_daily')
    .where(inScope(scope, schoolId, { period, column: 'day' }))
    .select(['day', sql<number>`sum(${sql.ref(figure)})`.as('n')])
    .groupBy('day')
    .execute();
}

/** Results stored per China-time day: the trend's results, grouped by month by the service. */
export function resultsByDay(db: Db, scope: StudentScope, schoolId: number | undefined, period: Period) {
  if (dailyServes(scope, period)) return daily(db, scope, schoolId, period, 'results');
  return db
    .selectFrom('screen_results')
    .where(inScope(scope, schoolId, { period, column: 'day' }))
    .select(['day', sql<number>`sum(results)`.as('n')])
    .groupBy('day')
    .execute();
}

/** Warnings opened per China-time day, whatever stage they are at now. */
export function warningsByDay(db: Db, scope: StudentScope, schoolId: number | undefined, period: Period) {
  if (dailyServes(scope, period)) return daily(db, scope, schoolId, period, 'warnings');
  return db
    .selectFrom('screen_warnings')
    .where(inScope(scope, schoolId, { period, column: 'day' }))
    .select(['day', sql<number>`sum(warnings)`.as('n')])
    .groupBy('day')
    .execute();
}

/** Warnings per class, level and state: the grades' figures, each class counted under its grade. */
export function warningsByClass(db: Db, scope: StudentScope, schoolId: number | undefined, period: Period) {
  if (totalsServe(scope, period))
    return db
      .selectFrom('screen_warning_totals as w')
      .leftJoin('orgs as g', 'g.id', 'w.grade_id')
      .where(inScope(scope, schoolId))
      .select(['g.name as grade', 'w.level', 'w.state', sql<number>`sum(w.warnings)`.as('warnings')])
      .groupBy(['g.name', 'w.level', 'w.state'])
      .having(sql`sum(w.warnings)`, '>', 0)
      .execute();
  return db
    .selectFrom('screen_warnings as w')
    .leftJoin('orgs as c', 'c.id', 'w.class_id')
    .leftJoin('orgs as g', 'g.id', 'c.parent_id')
    .where(inScope(scope, schoolId, { period, column: 'day' }))
    .select(['g.name as grade', 'w.level', 'w.state', sql<number>`sum(w.warnings)`.as('warnings')])
    .groupBy(['g.name', 'w.level', 'w.state'])
    .having(sql`sum(w.warnings)`, '>', 0)
    .execute();
}

/** Sheets assigned and answered per task of the period, with the task's name, latest first. */
export function sheetsByTask(db: Db, scope: StudentScope, schoolId: number | undefined, period: Period) {
  return db
    .selectFrom('screen_sheets as s')
    .innerJoin('assessment_tasks as t', 't.id', 's.task_id')
    .where(inScope(scope, schoolId, { period, column: 'starts_at' }))
    .select([
      's.task_id',
      't.name',
      't.starts_at',
      sql<number>`sum(s.assigned)`.as('assigned'),
      sql<number>`sum(s.done)`.as('done'),
    ])
    .groupBy(['s.task_id', 't.name', 't.starts_at'])
    .orderBy('t.starts_at', 'desc')
    .orderBy('s.task_id', 'desc')
    .execute();
}

// Signed links to a school's screen (decision 0091).

export async function insertLink(
  db: Db,
  row: { school_id: number; token_hash: string; note: string; expires_at: number | null; created_by: number },
): Promise<number> {
  const inserted = await db
    .insertInto('screen_links')
    .values({ ...row, revoked_at: null, created_at: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

function linkRows(db: Db) {
  return db
    .selectFrom('screen_links as l')
    .innerJoin('orgs as o', 'o.id', 'l.school_id')
    .leftJoin('users as u', 'u.id', 'l.created_by')
    .select([
      'l.id',
      'l.school_id',
      'o.name as school_name',
      'l.note',
      'l.expires_at',
      'l.revoked_at',
      'l.created_at',
      sql<string>`coalesce(u.nickname, u.account, '')`.as('created_by_name'),
    ]);
}
export type LinkRow = Awaited<ReturnType<ReturnType<typeof linkRows>['executeTakeFirstOrThrow']>>;

/** The links of the schools in scope (every school's for a scope over all), newest first. */
export function linksOf(db: Db, scope: StudentScope) {
  let q = linkRows(db);
  if (!scope.all) q = q.where('l.school_id', 'in', scope.schoolIds.length > 0 ? scope.schoolIds : [0]);
  return q.orderBy('l.id', 'desc').limit(200).execute();
}

export function findLink(db: Db, id: number) {
  return linkRows(db).where('l.id', '=', id).executeTakeFirst();
}

export function linkByHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('screen_links as l')
    .innerJoin('orgs as o', 'o.id', 'l.school_id')
    .select(['l.id', 'l.school_id', 'o.name as school_name', 'l.expires_at', 'l.revoked_at'])
    .where('l.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function revokeLink(db: Db, id: number, at: number): Promise<void> {
  await db
    .updateTable('screen_links')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

export function schoolRow(db: Db, id: number) {
  return db
    .selectFrom('orgs')
    .select(['id', 'name', 'path'])
    .where('id', '=', id)
    .where('type', '=', 'school')
    .executeTakeFirst();
}

/** A student's results with their stored scores (the mind profile's dimensions), oldest first. */
export function profileResultsOf(db: Db, studentId: number) {
  return db
    .selectFrom('assessment_results as r')
    .innerJoin('scales as sc', 'sc.id', 'r.scale_id')
    .select([
      'r.id',
      'r.scale_id',
      'r.version_id',
      'sc.name_zh',
      'sc.name_en',
      'r.valid',
      'r.total',
      'r.band',
      'r.warning_level',
      'r.submitted_at',
      'r.score',
    ])
    .where('r.student_id', '=', studentId)
    .orderBy('r.submitted_at')
    .orderBy('r.id')
    .execute();
}

/** How many interventions were recorded for a student. */
export async function interventionCountOf(db: Db, studentId: number): Promise<number> {
  const row = await db
    .selectFrom('interventions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('student_id', '=', studentId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * The sub-districts below the caller's organisations: bureau nodes strictly under one of `paths`
 * (every bureau under another for the whole platform), each with how many schools lie under it.
 */
export function subDistricts(db: Db, paths: string[] | 'all') {
  if (paths !== 'all' && paths.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('orgs as o')
    .select([
      'o.id',
      'o.name',
      (eb) =>
        eb
          .selectFrom('orgs as s')
          .select(sql<number>`count(*)`.as('n'))
          .where('s.type', '=', 'school')
          .where('s.path', 'like', sql<string>`${sql.ref('o.path')} || '%'`)
          .as('schools'),
    ])
    .where('o.type', '=', 'bureau')
    .where((eb) =>
      paths === 'all'
        ? eb('o.parent_id', 'is not', null)
        : eb.or(paths.map((path) => eb.and([eb('o.path', 'like', `${path}%`), eb('o.path', '!=', path)]))),
    )
    .orderBy('o.name')
    .orderBy('o.id')
    .limit(200)
    .execute();
}
