import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { CampusDayReportSettingsTable, CampusDayReportsTable } from './tables.ts';

// A school's day report (decision 0136).

type Db = Kysely<Database> | Transaction<Database>;

export function dayReportSettingsOf(db: Db, schoolId: number) {
  return db.selectFrom('campus_day_report_settings').selectAll().where('school_id', '=', schoolId).executeTakeFirst();
}

export async function saveDayReportSettings(db: Db, row: Insertable<CampusDayReportSettingsTable>): Promise<void> {
  const { school_id: _, ...set } = row;
  await db
    .insertInto('campus_day_report_settings')
    .values(row)
    .onConflict((oc) => oc.column('school_id').doUpdateSet(set))
    .execute();
}

/** Every school whose day report is on. */
export function enabledDayReports(db: Db) {
  return db.selectFrom('campus_day_report_settings').selectAll().where('enabled', '=', true).execute();
}

/** A school's behaviour alerts that occurred in [from, to), counted by type and state. */
export function alertCountsIn(db: Db, schoolId: number, from: number, to: number) {
  return db
    .selectFrom('campus_alerts')
    .select(['type', 'state', (eb) => eb.fn.countAll<number>().as('n')])
    .where('school_id', '=', schoolId)
    .where('occurred_at', '>=', from)
    .where('occurred_at', '<', to)
    .groupBy(['type', 'state'])
    .execute();
}

/** How many of a school's behaviour alerts are still open, whenever they came. */
export async function openAlertCount(db: Db, schoolId: number): Promise<number> {
  const row = await db
    .selectFrom('campus_alerts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('school_id', '=', schoolId)
    .where('state', 'not in', ['solved', 'falseAlarm'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many emotion alerts a school's classes raised on a China day. */
export async function emotionAlertCount(db: Db, schoolId: number, day: string): Promise<number> {
  const row = await db
    .selectFrom('emotion_alerts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('school_id', '=', schoolId)
    .where('day', '=', day)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Stores the reports; one already sent to a person for that school and day is left as it is. */
export async function insertDayReports(db: Db, rows: Insertable<CampusDayReportsTable>[]): Promise<number> {
  if (rows.length === 0) return 0;
  const result = await db
    .insertInto('campus_day_reports')
    .values(rows)
    .onConflict((oc) => oc.columns(['school_id', 'day', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

export function dayReportsOf(db: Db, userId: number, limit: number) {
  return db
    .selectFrom('campus_day_reports as r')
    .innerJoin('orgs as o', 'o.id', 'r.school_id')
    .select(['r.id', 'o.name as school_name', 'r.day', 'r.summary', 'r.created_at'])
    .where('r.user_id', '=', userId)
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
}
