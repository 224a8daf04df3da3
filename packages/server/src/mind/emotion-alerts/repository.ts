import { type Insertable, type Kysely, type SqlBool, sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { EmotionScope } from '../emotion/repository.ts';
import type { EmotionAlertsTable } from './tables.ts';

// Emotion alerts, their thresholds and messages, and the behaviour journal's reads (decision 0118):
// every read of a school's rows takes the caller's scope.

type Db = Kysely<Database> | Transaction<Database>;

export function thresholdOf(db: Db, schoolId: number) {
  return db
    .selectFrom('emotion_alert_thresholds')
    .select('threshold')
    .where('school_id', '=', schoolId)
    .executeTakeFirst();
}

export async function saveThreshold(
  db: Db,
  schoolId: number,
  threshold: number,
  by: number,
  at: number,
): Promise<void> {
  await db
    .insertInto('emotion_alert_thresholds')
    .values({ school_id: schoolId, threshold, updated_by: by, updated_at: at })
    .onConflict((oc) => oc.column('school_id').doUpdateSet({ threshold, updated_by: by, updated_at: at }))
    .execute();
}

/** Opens the class's alert of the day; undefined when it was open already (it is then `crossedAgain`). */
export async function insertAlert(db: Db, row: Insertable<EmotionAlertsTable>): Promise<number | undefined> {
  const inserted = await db
    .insertInto('emotion_alerts')
    .values(row)
    .onConflict((oc) => oc.columns(['class_id', 'day']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted ? Number(inserted.id) : undefined;
}

/**
 * A second crossing of the day: the share now, the highest, and serious once the peak is
 * `seriousAbove` over the threshold. Answers the alert and whether this crossing made it serious.
 */
export async function crossedAgain(
  db: Db,
  classId: number,
  day: string,
  negative: number,
  seriousAbove: number,
  at: number,
): Promise<{ id: number; becameSerious: boolean } | undefined> {
  const before = await db
    .selectFrom('emotion_alerts')
    .select(['id', 'level'])
    .where('class_id', '=', classId)
    .where('day', '=', day)
    .executeTakeFirst();
  if (!before) return undefined;
  const after = await db
    .updateTable('emotion_alerts')
    .set({
      negative,
      peak: sql<number>`case when peak > ${negative} then peak else ${negative} end`,
      level: sql<string>`case when level = 'serious' or ${negative} >= threshold + ${seriousAbove} then 'serious' else 'attention' end`,
      updated_at: at,
    })
    .where('id', '=', before.id)
    .returning('level')
    .executeTakeFirstOrThrow();
  return { id: Number(before.id), becameSerious: before.level !== 'serious' && after.level === 'serious' };
}

/** A condition keeping the scope's rows: its schools, or its classes within one. */
function inScope(scope: EmotionScope): (q: ReturnType<typeof alertsFrom>) => ReturnType<typeof alertsFrom> {
  return (q) => {
    if (scope.all) return q;
    const { schoolIds, classIds } = scope;
    // Guard against an invalid `in ()`: nothing in scope, no rows.
    if (schoolIds.length === 0 && classIds.length === 0) return q.where(sql<SqlBool>`1 = 0`);
    return q.where((eb) =>
      eb.or([
        ...(schoolIds.length > 0 ? [eb('a.school_id', 'in', schoolIds)] : []),
        ...(classIds.length > 0 ? [eb('a.class_id', 'in', classIds)] : []),
      ]),
    );
  };
}

const alertsFrom = (db: Db) =>
  db
    .selectFrom('emotion_alerts as a')
    .innerJoin('orgs as c', 'c.id', 'a.class_id')
    .innerJoin('orgs as o', 'o.id', 'a.school_id');

export interface AlertFilters {
  schoolId?: number;
  gradeId?: number;
  classId?: number;
  from: string;
  to: string;
  level?: string;
  state?: string;
}

function alertsQuery(db: Db, scope: EmotionScope, f: AlertFilters) {
  let q = inScope(scope)(alertsFrom(db)).where('a.day', '>=', f.from).where('a.day', '<=', f.to);
  if (f.schoolId !== undefined) q = q.where('a.school_id', '=', f.schoolId);
  if (f.gradeId !== undefined) q = q.where('c.parent_id', '=', f.gradeId);
  if (f.classId !== undefined) q = q.where('a.class_id', '=', f.classId);
  if (f.level !== undefined) q = q.where('a.level', '=', f.level);
  if (f.state !== undefined) q = q.where('a.state', '=', f.state);
  return q;
}

const alertColumns = [
  'a.id',
  'a.school_id',
  'o.name as school_name',
  'a.class_id',
  'c.name as class_name',
  'a.day',
  'a.negative',
  'a.peak',
  'a.threshold',
  'a.level',
  'a.state',
  'a.raised_at',
  'a.updated_at',
  'h.nickname as handled_by_name',
  'a.handled_at',
  'a.note',
] as const;

/** A page of alerts, newest day first and the gloomiest first within a day, with the count. */
export async function alertPage(db: Db, scope: EmotionScope, f: AlertFilters, page: number, size: number) {
  const q = alertsQuery(db, scope, f);
  const [rows, count] = await Promise.all([
    q
      .leftJoin('users as h', 'h.id', 'a.handled_by')
      .select(alertColumns)
      .orderBy('a.day', 'desc')
      .orderBy('a.peak', 'desc')
      .orderBy('a.id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
export type AlertRow = Awaited<ReturnType<typeof alertPage>>['rows'][number];

export function findAlertInScope(db: Db, scope: EmotionScope, id: number) {
  return inScope(scope)(alertsFrom(db))
    .leftJoin('users as h', 'h.id', 'a.handled_by')
    .select(alertColumns)
    .where('a.id', '=', id)
    .executeTakeFirst();
}

/** Handles an open alert: false when it was handled already (by someone else a moment before). */
export async function markHandled(db: Db, id: number, by: number, note: string, at: number): Promise<boolean> {
  const result = await db
    .updateTable('emotion_alerts')
    .set({ state: 'handled', handled_by: by, handled_at: at, note, updated_at: at })
    .where('id', '=', id)
    .where('state', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The caller's own site messages (not the SMS and WeChat sent beside them), newest first, with the alert they are about. */
export function noticesOf(db: Db, userId: number, limit: number) {
  return db
    .selectFrom('emotion_alert_notices as n')
    .innerJoin('emotion_alerts as a', 'a.id', 'n.alert_id')
    .innerJoin('orgs as c', 'c.id', 'a.class_id')
    .innerJoin('orgs as o', 'o.id', 'a.school_id')
    .select([
      'n.id',
      'n.alert_id',
      'o.name as school_name',
      'c.name as class_name',
      'a.day',
      'a.negative',
      'n.created_at',
      'n.read_at',
    ])
    .where('n.user_id', '=', userId)
    .where('n.channel', '=', 'site')
    .orderBy('n.id', 'desc')
    .limit(limit)
    .execute();
}

/** The journal's security alerts: those of the schools that occurred between two instants, with their type and state. */
export function securityAlertsBetween(db: Db, schoolIds: number[] | 'all', fromMs: number, toMs: number) {
  return db
    .selectFrom('campus_alerts as a')
    .select(['a.id', 'a.type', 'a.state', 'a.occurred_at'])
    .$if(schoolIds !== 'all', (q) => q.where(inIds('a.school_id', schoolIds)))
    .where('a.occurred_at', '>=', fromMs)
    .where('a.occurred_at', '<', toMs)
    .execute();
}

/** The results written on those alerts (solved, false alarm, handed over with a note), by whom. */
export function securityStepsOf(db: Db, schoolIds: number[] | 'all', fromMs: number, toMs: number) {
  return db
    .selectFrom('campus_alert_steps as s')
    .innerJoin('campus_alerts as a', 'a.id', 's.alert_id')
    .innerJoin('campus_devices as d', 'd.id', 'a.device_id')
    .leftJoin('users as b', 'b.id', 's.by_id')
    .select(['s.action', 's.result', 's.at', 'b.nickname as by_name', 'a.type', 'a.occurred_at', 'd.location'])
    .$if(schoolIds !== 'all', (q) => q.where(inIds('a.school_id', schoolIds)))
    .where('a.occurred_at', '>=', fromMs)
    .where('a.occurred_at', '<', toMs)
    .where('s.result', 'is not', null)
    .orderBy('s.at')
    .orderBy('s.id')
    .execute();
}

/** The journal's emotion alerts of the schools between two days, with their class and what was done. */
export function emotionAlertsBetween(db: Db, schoolIds: number[] | 'all', from: string, to: string) {
  return db
    .selectFrom('emotion_alerts as a')
    .innerJoin('orgs as c', 'c.id', 'a.class_id')
    .leftJoin('users as h', 'h.id', 'a.handled_by')
    .select([
      'a.day',
      'a.level',
      'a.state',
      'a.peak',
      'a.handled_at',
      'a.note',
      'c.name as class_name',
      'h.nickname as by_name',
    ])
    .$if(schoolIds !== 'all', (q) => q.where(inIds('a.school_id', schoolIds)))
    .where('a.day', '>=', from)
    .where('a.day', '<=', to)
    .execute();
}

function inIds(column: 'a.school_id', ids: number[] | 'all') {
  // Guard against an invalid `in ()`: no school, no rows.
  if (ids === 'all') return sql<SqlBool>`1 = 1`;
  if (ids.length === 0) return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`${sql.ref(column)} in (${sql.join(ids)})`;
}

/** What the sentence about an emotion alert names: school, class, level and day (decision 0143). */
export function emotionAlertFacts(db: Db, id: number) {
  return db
    .selectFrom('emotion_alerts as a')
    .innerJoin('orgs as o', 'o.id', 'a.school_id')
    .innerJoin('orgs as c', 'c.id', 'a.class_id')
    .select(['o.name as school_name', 'c.name as class_name', 'a.level', 'a.day'])
    .where('a.id', '=', id)
    .executeTakeFirst();
}

/** The classes under a school with the grade (their parent) each sits in, by grade and name. */
export function classesWithGrades(db: Db, schoolPath: string) {
  return db
    .selectFrom('orgs as c')
    .innerJoin('orgs as g', 'g.id', 'c.parent_id')
    .select(['c.id as class_id', 'c.name as class_name', 'g.id as grade_id', 'g.name as grade_name'])
    .where('c.type', '=', 'class')
    .where('c.path', 'like', `${schoolPath}%`)
    .orderBy('g.sort')
    .orderBy('g.id')
    .orderBy('c.sort')
    .orderBy('c.id')
    .execute();
}
