import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import { phqSheet } from '../assessments/testing.ts';
import { buildWarningWorld, step, type WarningWorld } from '../warnings/testing.ts';
import { rebuildScreenCounts } from './repository.ts';

let t: TestApp;
let w: WarningWorld;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWarningWorld(t);
}, 90_000);
afterAll(() => t.close());

const data = async (by: Caller, url: string) => {
  const res = await by.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const listed = async (by: Caller, url: string, body: Record<string, unknown> = {}) => {
  const res = body.page ? await by.post(url, body) : await by.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.total as number;
};
const schools = (by: Caller, query = '') => data(by, `/apis-psychology/screen/school/queryList${query}`);
const gauge = (by: Caller, query = '') => data(by, `/apis-psychology/warning/gauge${query}`);

/** Every row of the summary tables, in a stable order, to compare a rebuild with what the writes kept. */
async function summaryRows() {
  const db = t.db.kysely;
  const norm = (rows: object[]) =>
    rows
      .map((r) =>
        JSON.stringify(
          Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Number.isNaN(Number(v)) ? v : Number(v)])),
        ),
      )
      .sort();
  return {
    results: norm(await db.selectFrom('screen_results').selectAll().where('results', '>', 0).execute()),
    sheets: norm(await db.selectFrom('screen_sheets').selectAll().execute()),
    warnings: norm(await db.selectFrom('screen_warnings').selectAll().where('warnings', '>', 0).execute()),
    resultTotals: norm(await db.selectFrom('screen_result_totals').selectAll().where('results', '>', 0).execute()),
    sheetTotals: norm(await db.selectFrom('screen_sheet_totals').selectAll().execute()),
    days: norm(await db.selectFrom('screen_daily').selectAll().execute()),
    warningTotals: norm(await db.selectFrom('screen_warning_totals').selectAll().where('warnings', '>', 0).execute()),
  };
}

describe('the district screen’s figures', () => {
  it('compare each school with what the result and warning lists say, for the bureau', async () => {
    const d = await schools(w.bureauAdmin);
    const results = await listed(w.bureauAdmin, '/apis-psychology/survey/record/query', { page: 1, size: 1 });
    const warned = await listed(w.bureauAdmin, '/apis-psychology/survey/record/query', {
      page: 1,
      size: 1,
      warning: true,
    });
    const warnings = await listed(w.bureauAdmin, '/apis-psychology/warning/page');
    expect(d.schools).toEqual([
      {
        schoolId: w.orgs.school.id,
        name: 'First School',
        assigned: 3,
        done: 2,
        results,
        warned,
        warnings,
        openWarnings: warnings,
      },
      // The bureau's other school has no figure yet: it is listed at zero, which is what the bureau needs to see.
      {
        schoolId: w.orgs.otherSchool.id,
        name: 'Second School',
        assigned: 0,
        done: 0,
        results: 0,
        warned: 0,
        warnings: 0,
        openWarnings: 0,
      },
    ]);
    expect(results).toBe(2);
    expect(d.totals).toMatchObject({ assigned: 3, done: 2, results: 2, warnings: 2 });
  });

  it('count one scale’s results by band for each grade, and for each class of one school', async () => {
    const grades = await data(w.bureauAdmin, '/apis-psychology/screen/school/queryClassTj');
    expect(grades.scale.id).toBe(w.scales.phq9);
    expect(grades.by).toBe('grade');
    expect(grades.rows).toMatchObject([{ name: 'Grade 7', total: 2 }]);
    expect(grades.bands.length).toBeGreaterThan(0);
    const classes = await data(
      w.bureauAdmin,
      `/apis-psychology/screen/school/queryClassTj?schoolId=${w.orgs.school.id}`,
    );
    expect(classes.by).toBe('class');
    expect(classes.rows.map((r: { name: string; total: number }) => [r.name, r.total])).toEqual([
      ['Class 7-1', 1],
      ['Class 7-2', 1],
    ]);
  });

  it('refuse a school outside the caller’s scope with a sentence, and show another school only its own', async () => {
    const res = await w.schoolAdmin.get(`/apis-psychology/screen/school/queryList?schoolId=${w.orgs.otherSchool.id}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('That school is outside your data scope; choose one of your schools');
    const gaugeRes = await w.schoolAdmin.get(`/apis-psychology/warning/gauge?schoolId=${w.orgs.farSchool.id}`);
    expect(gaugeRes.statusCode).toBe(403);
    expect(await schools(w.otherSchoolAdmin)).toEqual({
      schools: [],
      totals: { assigned: 0, done: 0, results: 0, warned: 0, warnings: 0, openWarnings: 0 },
    });
    expect((await gauge(w.otherSchoolAdmin)).total).toBe(0);
  });

  it('are empty for a period with no data', async () => {
    const period = `?from=${Date.UTC(2020, 0, 1)}&to=${Date.UTC(2020, 6, 1)}`;
    expect((await schools(w.bureauAdmin, period)).schools).toEqual([]);
    expect(await gauge(w.bureauAdmin, period)).toMatchObject({ total: 0, open: 0, meanHandlingHours: null });
    const bands = await data(w.bureauAdmin, `/apis-psychology/screen/school/queryClassTj${period}`);
    expect(bands).toMatchObject({ scale: null, rows: [] });
    const bad = await w.bureauAdmin.get(`/apis-psychology/screen/school/queryList?from=200&to=100`);
    expect(bad.statusCode).toBe(400);
  });

  it('count a figure on the China-time day it falls on, that day’s first millisecond included and the next day’s not', async () => {
    const all = await schools(w.bureauAdmin);
    const gaugeAll = await gauge(w.bureauAdmin);
    // The first and last days the world's figures were stored on, as the summary tables keep them.
    const days = await t.db.kysely
      .selectFrom(
        t.db.kysely
          .selectFrom('screen_results')
          .select('day')
          .unionAll(t.db.kysely.selectFrom('screen_warnings').select('day'))
          .as('d'),
      )
      .select((e) => [e.fn.min('day').as('first'), e.fn.max('day').as('last')])
      .executeTakeFirstOrThrow();
    const startOf = (day: number) => day * 86_400_000 - 8 * 3_600_000;
    const dayStart = startOf(Number(days.first));
    const through = `?from=${dayStart}&to=${startOf(Number(days.last) + 1)}`;
    expect((await schools(w.bureauAdmin, through)).totals).toMatchObject({ results: all.totals.results });
    expect((await gauge(w.bureauAdmin, through)).total).toBe(gaugeAll.total);
    const before = `?from=${dayStart - 86_400_000}&to=${dayStart}`;
    expect((await schools(w.bureauAdmin, before)).totals).toMatchObject({ results: 0, warnings: 0 });
    expect((await gauge(w.bureauAdmin, before)).total).toBe(0);
  });
});

describe('the summary tables', () => {
  it('count a result when it is stored, and a warning when it changes stage', async () => {
    const taskId = (
      await t.db.kysely.selectFrom('assessment_tasks').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()
    ).id;
    const submitted = await w.callers.a1.post('/apis-psychology/h5/survey/submit', {
      taskId,
      scaleId: w.scales.phq9,
      answers: phqSheet('A'),
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect((await schools(w.bureauAdmin)).totals).toMatchObject({ assigned: 3, done: 3, results: 3, warned: 2 });

    const before = await gauge(w.schoolAdmin);
    const red = before.levels.find((l: { code: string }) => l.code === 'red');
    expect(red).toMatchObject({ total: 1, open: 1, byState: { new: 1 } });
    const me = w.psychologyTeacher.user.id;
    await step(w.psychologyTeacher, 'setup', { id: w.warnings.a2, psychologyUserId: me });
    const setUp = (await gauge(w.schoolAdmin)).levels[0];
    expect([setUp.code, setUp.byState.new ?? 0, setUp.byState.setUp]).toEqual(['red', 0, 1]);
    await step(w.psychologyTeacher, 'publish', { id: w.warnings.a2 });

    // Its follow-up is overdue: the cockpit lists it with who holds it.
    await t.db.kysely
      .updateTable('warnings')
      .set({ follow_up_due_at: Date.now() - 60_000 })
      .where('id', '=', w.warnings.a2)
      .execute();
    const overdue = await data(
      w.psychologyTeacher,
      `/apis-psychology/screen/school/queryPage?schoolId=${w.orgs.school.id}`,
    );
    expect(overdue.total).toBe(1);
    expect(overdue.list[0]).toMatchObject({ id: w.warnings.a2, studentName: '李四', level: 'red', state: 'published' });
    expect(overdue.list[0].holders.length).toBeGreaterThan(0);
    const holders = await data(w.psychologyTeacher, '/apis-psychology/screen/school/holders');
    expect(holders.list.find((h: { userId: number }) => h.userId === me)).toMatchObject({ open: 1, overdue: 1 });
    // 王五's orange warning is still new: nobody holds it yet.
    expect(holders.unassigned).toEqual({ open: 1, overdue: 0 });

    await step(w.psychologyTeacher, 'solve', { id: w.warnings.a2, conclusion: 'Settled after two talks' });
    const after = await gauge(w.schoolAdmin);
    expect(after).toMatchObject({ total: 2, open: 1, solved: 1 });
    expect(after.meanHandlingHours).toBeGreaterThanOrEqual(0);
    expect(after.levels[0]).toMatchObject({ code: 'red', open: 0, byState: { solved: 1 } });
    expect((await schools(w.bureauAdmin)).schools[0]).toMatchObject({ warnings: 2, openWarnings: 1 });
  });

  it('rebuild to exactly what the writes kept', async () => {
    const kept = await summaryRows();
    await rebuildScreenCounts(t.db.kysely);
    expect(await summaryRows()).toEqual(kept);
    expect(kept.results.length).toBeGreaterThan(0);
  });
});
