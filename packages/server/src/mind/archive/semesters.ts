import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { toBool } from '../../platform/db/sql.ts';
import { endOfDate, startOfDate } from '../../platform/time.ts';
import { orgPath, semestersFor } from './repository.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface SemesterSpan {
  id: number;
  brief: { id: number; schoolYear: string; term: number; startDate: string; endDate: string };
  /** Epoch milliseconds from the first date's midnight in the deployment's zone, to the one after the last date (exclusive). */
  range: { from: number; to: number };
  current: boolean;
}

/**
 * The semesters that apply to a school: its district's calendar when it keeps one, else the
 * platform's default (decision 0015), oldest first.
 */
export async function semestersOfSchool(db: Db, schoolId: number): Promise<SemesterSpan[]> {
  const school = await orgPath(db, schoolId);
  const rows = await semestersFor(db, school?.path ?? '/');
  const district = rows.some((r) => r.org_id !== null);
  return rows
    .filter((r) => (district ? r.org_id !== null : true))
    .map((r) => ({
      id: r.id,
      brief: { id: r.id, schoolYear: r.name, term: r.term, startDate: r.start_date, endDate: r.end_date },
      range: { from: startOfDate(r.start_date), to: endOfDate(r.end_date) },
      current: toBool(r.current),
    }));
}

/** The semester marked current, or else the one whose dates hold today. */
export async function currentSemesterOf(db: Db, schoolId: number): Promise<SemesterSpan | undefined> {
  const semesters = await semestersOfSchool(db, schoolId);
  const now = Date.now();
  return semesters.find((s) => s.current) ?? semesters.find((s) => s.range.from <= now && now < s.range.to);
}
