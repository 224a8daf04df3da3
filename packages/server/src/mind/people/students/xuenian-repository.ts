import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../platform/db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface SemesterValues {
  term: number;
  startDate: string;
  endDate: string;
}

/** The school years of one district (`orgId`), or the platform's default calendar (`null`), newest first. */
export function yearsOf(db: Db, orgId: number | null) {
  return db
    .selectFrom('school_years')
    .selectAll()
    .$if(orgId === null, (q) => q.where('org_id', 'is', null))
    .$if(orgId !== null, (q) => q.where('org_id', '=', orgId ?? 0))
    .orderBy('start_date', 'desc')
    .execute();
}

export function semestersOf(db: Db, yearIds: number[]) {
  // Guard against running an invalid `in ()` when there is no year.
  if (yearIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('semesters').selectAll().where('school_year_id', 'in', yearIds).orderBy('term').execute();
}

export function findYear(db: Db, id: number) {
  return db.selectFrom('school_years').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findSemester(db: Db, id: number) {
  return db
    .selectFrom('semesters as m')
    .innerJoin('school_years as y', 'y.id', 'm.school_year_id')
    .select(['m.id', 'm.school_year_id', 'y.org_id'])
    .where('m.id', '=', id)
    .executeTakeFirst();
}

export async function yearNamed(db: Db, orgId: number | null, name: string, exceptId?: number): Promise<boolean> {
  const row = await db
    .selectFrom('school_years')
    .select('id')
    .where('name', '=', name)
    .$if(orgId === null, (q) => q.where('org_id', 'is', null))
    .$if(orgId !== null, (q) => q.where('org_id', '=', orgId ?? 0))
    .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId ?? 0))
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertYear(
  db: Db,
  orgId: number | null,
  year: { name: string; startDate: string; endDate: string },
): Promise<number> {
  const at = Date.now();
  const row = await db
    .insertInto('school_years')
    .values({
      org_id: orgId,
      name: year.name,
      start_date: year.startDate,
      end_date: year.endDate,
      current: false,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateYear(
  db: Db,
  id: number,
  year: { name: string; startDate: string; endDate: string },
): Promise<void> {
  await db
    .updateTable('school_years')
    .set({ name: year.name, start_date: year.startDate, end_date: year.endDate, updated_at: Date.now() })
    .where('id', '=', id)
    .execute();
}

/** Makes the year's semesters exactly these terms, keeping the current flag of a term that stays. */
export async function replaceSemesters(db: Db, yearId: number, semesters: SemesterValues[]): Promise<void> {
  const terms = semesters.map((s) => s.term);
  await db.deleteFrom('semesters').where('school_year_id', '=', yearId).where('term', 'not in', terms).execute();
  for (const s of semesters) {
    const updated = await db
      .updateTable('semesters')
      .set({ start_date: s.startDate, end_date: s.endDate })
      .where('school_year_id', '=', yearId)
      .where('term', '=', s.term)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) {
      await db
        .insertInto('semesters')
        .values({ school_year_id: yearId, term: s.term, start_date: s.startDate, end_date: s.endDate, current: false })
        .execute();
    }
  }
}

/** One current semester, and its year, per district: clears the flags of the district's others. */
export async function makeCurrent(db: Db, orgId: number | null, yearId: number, semesterId: number): Promise<void> {
  const years = db
    .selectFrom('school_years')
    .select('id')
    .$if(orgId === null, (q) => q.where('org_id', 'is', null))
    .$if(orgId !== null, (q) => q.where('org_id', '=', orgId ?? 0));
  await db.updateTable('semesters').set({ current: false }).where('school_year_id', 'in', years).execute();
  await db.updateTable('school_years').set({ current: false }).where('id', 'in', years).execute();
  await db.updateTable('semesters').set({ current: true }).where('id', '=', semesterId).execute();
  await db.updateTable('school_years').set({ current: true }).where('id', '=', yearId).execute();
}
