import { type Insertable, type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { FamilyInfosTable, GrowthRecordsTable } from './tables.ts';

type Db = Kysely<Database> | Transaction<Database>;

export type GrowthValues = Omit<GrowthRecordsTable, 'id'>;

export async function insertGrowth(db: Db, values: GrowthValues): Promise<number> {
  const row = await db.insertInto('growth_records').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateGrowth(db: Db, id: number, changes: Partial<GrowthValues>): Promise<void> {
  await db.updateTable('growth_records').set(changes).where('id', '=', id).execute();
}

export async function deleteGrowth(db: Db, id: number): Promise<void> {
  await db.deleteFrom('growth_records').where('id', '=', id).execute();
}

/** A growth record by id; the caller checks its student against the scope. */
export function findGrowth(db: Db, id: number) {
  return db.selectFrom('growth_records').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A student's growth records, newest first. The student was checked against the scope. */
export async function growthPage(db: Db, studentId: number, page: { page: number; size: number }) {
  const base = db.selectFrom('growth_records').where('student_id', '=', studentId);
  const [counted, list] = await Promise.all([
    base.select(sql<number>`count(*)`.as('total')).executeTakeFirst(),
    base
      .selectAll()
      .orderBy('occurred_on', 'desc')
      .orderBy('id', 'desc')
      .limit(page.size)
      .offset((page.page - 1) * page.size)
      .execute(),
  ]);
  return { list, total: Number(counted?.total ?? 0), ...page };
}

export function growthOf(db: Db, studentId: number) {
  return db
    .selectFrom('growth_records')
    .selectAll()
    .where('student_id', '=', studentId)
    .orderBy('occurred_on', 'desc')
    .execute();
}

export function findFamily(db: Db, studentId: number) {
  return db.selectFrom('family_infos').selectAll().where('student_id', '=', studentId).executeTakeFirst();
}

export async function saveFamily(db: Db, values: Insertable<FamilyInfosTable>): Promise<void> {
  await db
    .insertInto('family_infos')
    .values(values)
    .onConflict((oc) =>
      oc.column('student_id').doUpdateSet({
        structure: values.structure,
        living_with: values.living_with,
        economy: values.economy,
        left_behind: values.left_behind,
        guardian: values.guardian,
        notes: values.notes,
        updated_by: values.updated_by,
        updated_at: values.updated_at,
      }),
    )
    .execute();
}

/** How many results, warnings and home visits each listed student has, and their newest warning level. */
export async function fileCounts(db: Db, studentIds: number[]) {
  // Guard against running an invalid `in ()` on an empty page.
  if (studentIds.length === 0) return { results: new Map(), warnings: new Map(), visits: new Map() };
  const count = sql<number>`count(*)`.as('n');
  const [results, warnings, visits, levels] = await Promise.all([
    db
      .selectFrom('assessment_results')
      .select(['student_id', count])
      .where('student_id', 'in', studentIds)
      .groupBy('student_id')
      .execute(),
    db
      .selectFrom('warnings')
      .select(['student_id', count])
      .where('student_id', 'in', studentIds)
      .groupBy('student_id')
      .execute(),
    db
      .selectFrom('home_visits')
      .select(['student_id', count])
      .where('student_id', 'in', studentIds)
      .groupBy('student_id')
      .execute(),
    db
      .selectFrom('warnings')
      .select(['student_id', 'level', 'id'])
      .where('student_id', 'in', studentIds)
      .orderBy('id', 'desc')
      .execute(),
  ]);
  const asMap = (rows: { student_id: number | null; n: number }[]) =>
    new Map(rows.map((r) => [Number(r.student_id), Number(r.n)]));
  const lastLevel = new Map<number, string>();
  for (const w of levels) if (!lastLevel.has(Number(w.student_id))) lastLevel.set(Number(w.student_id), w.level);
  return { results: asMap(results), warnings: asMap(warnings), visits: asMap(visits), lastLevel };
}

/** A student's results with their scale names, oldest first. */
export function resultsOf(db: Db, studentId: number) {
  return db
    .selectFrom('assessment_results as r')
    .innerJoin('scales as sc', 'sc.id', 'r.scale_id')
    .select([
      'r.id',
      'r.task_id',
      'r.scale_id',
      'r.version_id',
      'sc.name_zh',
      'sc.name_en',
      'r.valid',
      'r.total',
      'r.band',
      'r.warning_level',
      'r.submitted_at',
    ])
    .where('r.student_id', '=', studentId)
    .orderBy('r.submitted_at')
    .execute();
}

export function warningsOf(db: Db, studentId: number) {
  return db.selectFrom('warnings').selectAll().where('student_id', '=', studentId).orderBy('created_at').execute();
}

/** The school years that hold a student's semesters: their district's and the platform's default. */
export async function semestersFor(db: Db, schoolPath: string) {
  const orgIds = schoolPath
    .split('/')
    .filter((part) => part !== '')
    .map(Number);
  return db
    .selectFrom('semesters as m')
    .innerJoin('school_years as y', 'y.id', 'm.school_year_id')
    .select(['m.id', 'm.term', 'm.start_date', 'm.end_date', 'm.current', 'y.name', 'y.org_id'])
    .where((eb) => eb.or([eb('y.org_id', 'is', null), ...(orgIds.length > 0 ? [eb('y.org_id', 'in', orgIds)] : [])]))
    .orderBy('m.start_date')
    .execute();
}

export function orgPath(db: Db, orgId: number) {
  return db.selectFrom('orgs').select(['id', 'name', 'path']).where('id', '=', orgId).executeTakeFirst();
}

/** Whether a table of the student's file holds any row of the student. */
export async function hasRecordOfStudent(
  db: Db,
  table:
    | 'growth_records'
    | 'family_infos'
    | 'home_visits'
    | 'counselling_group_members'
    | 'appointments'
    | 'daily_records',
  studentId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom(table)
    .select('student_id')
    .where('student_id', '=', studentId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Nicknames of accounts, for "written by" columns. */
export async function nicknamesOf(db: Db, userIds: number[]): Promise<Map<number, string>> {
  const ids = [...new Set(userIds)];
  // Guard against running an invalid `in ()` when there is nobody to name.
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'nickname']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.nickname]));
}

/** The warnings' steps and the interventions recorded on them (tables of the warnings area, read only). */
export function warningStepsOf(db: Db, studentId: number) {
  return db
    .selectFrom('warning_history as h')
    .innerJoin('warnings as w', 'w.id', 'h.warning_id')
    .leftJoin('users as u', 'u.id', 'h.by_user_id')
    .select([
      'h.id',
      'h.warning_id',
      'h.action',
      'h.from_state',
      'h.to_state',
      'h.from_level',
      'h.to_level',
      'h.reason',
      'h.at',
      'u.nickname',
    ])
    .where('w.student_id', '=', studentId)
    .orderBy('h.at')
    .execute();
}

/**
 * Interventions without their private notes: the archive is read by everyone who sees the
 * student; private notes stay on the intervention pages, behind their own permission.
 */
export function interventionsOf(db: Db, studentId: number) {
  return db
    .selectFrom('interventions as i')
    .leftJoin('users as u', 'u.id', 'i.author_id')
    .select([
      'i.id',
      'i.warning_id',
      'i.kind',
      'i.happened_at',
      'i.place',
      'i.people',
      'i.content',
      'i.assessment',
      'i.next_step',
      'i.institution',
      'u.nickname',
    ])
    .where('i.student_id', '=', studentId)
    .orderBy('i.happened_at')
    .execute();
}
