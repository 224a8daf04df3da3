import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import { phqSheet } from '../assessments/testing.ts';
import { buildWarningWorld, step, type WarningWorld } from '../warnings/testing.ts';
import { dayOf } from './repository.ts';

// The all-time totals by school and grade the district walls read (decision 0142), kept in the
// writing transactions: after each change they equal a count of the results, sheets and warnings.

let t: TestApp;
let w: WarningWorld;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWarningWorld(t);
}, 90_000);
afterAll(() => t.close());

const rows = (list: object[]) =>
  list
    .map((r) =>
      JSON.stringify(Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'string' ? v : Number(v)]))),
    )
    .sort();

/** What the totals keep, rows at zero left out (a warning that moved on leaves its old stage at zero). */
async function kept() {
  const db = t.db.kysely;
  return {
    results: rows(
      await db
        .selectFrom('screen_result_totals')
        .select(['school_id', 'grade_id', 'task_id', 'scale_id', 'band', 'results', 'warned'])
        .where('results', '>', 0)
        .execute(),
    ),
    sheets: rows(
      await db
        .selectFrom('screen_sheet_totals')
        .select(['school_id', 'grade_id', 'task_id', 'assigned', 'done'])
        .execute(),
    ),
    warnings: rows(
      await db
        .selectFrom('screen_warning_totals')
        .select(['school_id', 'grade_id', 'level', 'state', 'warnings'])
        .where('warnings', '>', 0)
        .execute(),
    ),
    days: rows(
      await db
        .selectFrom('screen_daily')
        .select(['school_id', 'day', 'results', 'warnings'])
        .where((eb) => eb.or([eb('results', '>', 0), eb('warnings', '>', 0)]))
        .execute(),
    ),
  };
}

/** The same figures counted straight from the stored results, sheets and warnings. */
async function scanned() {
  const db = t.db.kysely;
  return {
    results: rows(
      await db
        .selectFrom('assessment_results')
        .where('student_id', 'is not', null)
        .select([
          'school_id',
          sql<number>`coalesce(grade_id, 0)`.as('grade_id'),
          'task_id',
          'scale_id',
          sql<string>`coalesce(band, '')`.as('band'),
          sql<number>`count(*)`.as('results'),
          sql<number>`sum(case when warning_level is null then 0 else 1 end)`.as('warned'),
        ])
        .groupBy(['school_id', sql`coalesce(grade_id, 0)`, 'task_id', 'scale_id', sql`coalesce(band, '')`])
        .execute(),
    ),
    sheets: rows(
      await db
        .selectFrom('assessment_assignees')
        .where('student_id', 'is not', null)
        .select([
          'school_id',
          sql<number>`coalesce(grade_id, 0)`.as('grade_id'),
          'task_id',
          sql<number>`count(*)`.as('assigned'),
          sql<number>`sum(case when result_id is null then 0 else 1 end)`.as('done'),
        ])
        .groupBy(['school_id', sql`coalesce(grade_id, 0)`, 'task_id'])
        .execute(),
    ),
    warnings: rows(
      await db
        .selectFrom('warnings as w')
        .leftJoin('orgs as c', 'c.id', 'w.class_id')
        .select([
          'w.school_id',
          sql<number>`coalesce(c.parent_id, 0)`.as('grade_id'),
          'w.level',
          'w.state',
          sql<number>`count(*)`.as('warnings'),
        ])
        .groupBy(['w.school_id', sql`coalesce(c.parent_id, 0)`, 'w.level', 'w.state'])
        .execute(),
    ),
    days: rows([...(await perSchoolDay()).values()]),
  };
}

/** Results stored and warnings opened per school and China-time day, counted row by row. */
async function perSchoolDay() {
  const db = t.db.kysely;
  const days = new Map<string, { school_id: number; day: number; results: number; warnings: number }>();
  const add = (schoolId: number, at: number, figure: 'results' | 'warnings') => {
    const key = `${schoolId}:${dayOf(Number(at))}`;
    const d = days.get(key) ?? { school_id: Number(schoolId), day: dayOf(Number(at)), results: 0, warnings: 0 };
    d[figure] += 1;
    days.set(key, d);
  };
  const results = await db
    .selectFrom('assessment_results')
    .select(['school_id', 'submitted_at'])
    .where('student_id', 'is not', null)
    .execute();
  for (const r of results) add(r.school_id, r.submitted_at, 'results');
  for (const w of await db.selectFrom('warnings').select(['school_id', 'created_at']).execute())
    add(w.school_id, w.created_at, 'warnings');
  return days;
}

const data = async (by: Caller, url: string) => {
  const res = await by.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

/** A period over every day the world stored a figure on: the walls then read the per-class, per-day counts. */
const everything = `from=${Date.UTC(2000, 0, 1)}&to=${Date.UTC(2100, 0, 1)}`;

/** The district walls' calls, without a period (the totals) and over every day (the per-day counts). */
async function wall() {
  const calls = [
    'screen/school/queryList',
    'screen/school/queryClassTj',
    'warning/gauge',
    'screen/district/stages',
    'screen/school/trend',
  ];
  const read = (query: string) =>
    Promise.all(calls.map((call) => data(w.bureauAdmin, `/apis-psychology/${call}${query}`)));
  return { totals: await read(''), perDay: await read(`?${everything}`) };
}

describe('the district walls’ totals by grade', () => {
  it('equal a count of what is stored, and the per-day figures, after the screening', async () => {
    const k = await kept();
    expect(k.results.length).toBeGreaterThan(0);
    expect(k.warnings.length).toBe(2);
    expect(k).toEqual(await scanned());
    const { totals, perDay } = await wall();
    expect(totals).toEqual(perDay);
    expect(totals[0].totals).toMatchObject({ assigned: 3, done: 2, results: 2, warnings: 2 });
  });

  it('still equal them after a student moves class and then answers: the result counts where the sheet was set', async () => {
    const moved = await w.schoolAdmin.post('/apis-user/student/move', {
      id: w.students.a1,
      classId: w.classes.klassB.id,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await kept()).toEqual(await scanned());
    const taskId = (
      await t.db.kysely.selectFrom('assessment_tasks').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()
    ).id;
    const submitted = await w.callers.a1.post('/apis-psychology/h5/survey/submit', {
      taskId,
      scaleId: w.scales.phq9,
      answers: phqSheet('A'),
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(await kept()).toEqual(await scanned());
    const { totals, perDay } = await wall();
    expect(totals).toEqual(perDay);
    expect(totals[0].totals).toMatchObject({ assigned: 3, done: 3, results: 3 });
  });

  it('still equal them after a warning is set up, published and solved', async () => {
    const me = w.psychologyTeacher.user.id;
    await step(w.psychologyTeacher, 'setup', { id: w.warnings.a2, psychologyUserId: me });
    expect(await kept()).toEqual(await scanned());
    await step(w.psychologyTeacher, 'publish', { id: w.warnings.a2 });
    await step(w.psychologyTeacher, 'solve', { id: w.warnings.a2, conclusion: 'Settled after two talks' });
    expect(await kept()).toEqual(await scanned());
    const { totals, perDay } = await wall();
    expect(totals).toEqual(perDay);
    expect(totals[2]).toMatchObject({ total: 2, open: 1, solved: 1 });
    expect(totals[0].schools[0]).toMatchObject({ warnings: 2, openWarnings: 1 });
  });
});
