import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../../test/db.ts';
import { buildOrg } from '../../../test/factories.ts';
import type { Db } from '../../platform/db/database.ts';
import { timeZone, useTimeZone } from '../../platform/time.ts';
import { semestersOfSchool } from './semesters.ts';

let db: Db;
let close: () => Promise<void>;
let schoolId: number;
const zoneBefore = timeZone();

beforeAll(async () => {
  ({ db, close } = await openTestDb());
  useTimeZone('Asia/Shanghai');
  schoolId = (await buildOrg(db.kysely, { type: 'school', name: 'Boundary School' })).id;
  const now = Date.now();
  const { id: yearId } = await db.kysely
    .insertInto('school_years')
    .values({
      org_id: null,
      name: '2025-2026',
      start_date: '2025-03-01',
      end_date: '2026-01-31',
      current: true,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.kysely
    .insertInto('semesters')
    .values([
      { school_year_id: yearId, term: 1, start_date: '2025-03-01', end_date: '2025-08-31', current: false },
      { school_year_id: yearId, term: 2, start_date: '2025-09-01', end_date: '2026-01-31', current: true },
    ])
    .execute();
});
afterAll(async () => {
  useTimeZone(zoneBefore);
  await close();
});

describe('semester boundaries', () => {
  it('puts a result recorded at 07:00 on the first day of term in the new term, in the school’s time zone', async () => {
    const [spring, autumn] = await semestersOfSchool(db.kysely, schoolId);
    const termOf = (at: number) => [spring, autumn].find((s) => s && s.range.from <= at && at < s.range.to)?.brief.term;
    // 07:00 on 1 September in Shanghai is 23:00 UTC on 31 August.
    expect(termOf(Date.parse('2025-08-31T23:00:00Z'))).toBe(2);
    // One second before midnight in Shanghai is still the last day of the spring term.
    expect(termOf(Date.parse('2025-08-31T15:59:59Z'))).toBe(1);
    // The last day of a term belongs to it until its midnight.
    expect(termOf(Date.parse('2026-01-31T15:59:59Z'))).toBe(2);
    expect(termOf(Date.parse('2026-01-31T16:00:00Z'))).toBeUndefined();
  });
});
