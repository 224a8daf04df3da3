import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import { buildWarningWorld, step, type WarningWorld } from '../warnings/testing.ts';

// The review calls, the epicycle page and the follow-up rule of spec section 7, read as decision 0135 reads them.
let t: TestApp;
let w: WarningWorld;
let reported: number;

const REVIEW = '/apis-psychology/analysis/review';
const HOUR = 3_600_000;

async function record(warningId: number, body: Record<string, unknown>): Promise<void> {
  const res = await w.psychologyTeacher.post('/apis-psychology/intervene/save', {
    warningId,
    happenedAt: Date.now() - HOUR,
    content: 'Talked it through',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWarningWorld(t);
  // A teacher reports an incident (a sudden event) about 张三 (a1).
  const res = await w.psychologyTeacher.post('/apis-psychology/warning/report', {
    studentId: w.students.a1,
    level: 'yellow',
    source: 'report',
    reason: 'A fight in the corridor',
  });
  expect(res.statusCode, res.body).toBe(200);
  reported = res.json().data.id;
  for (const id of [w.warnings.a2, reported]) {
    await step(w.psychologyTeacher, 'setup', { id, psychologyUserId: w.psychologyTeacher.user.id });
    await step(w.psychologyTeacher, 'publish', { id });
  }
  const interview = { kind: 'interview', place: 'Counselling room', people: 'The student' };
  await record(w.warnings.a2, interview);
  await record(w.warnings.a2, { kind: 'plan' });
  await record(w.warnings.a2, { kind: 'referral', institution: 'City hospital' });
  await record(w.warnings.a2, { kind: 'returnVisit', method: 'phone' });
  await record(reported, interview);
}, 90_000);
afterAll(() => t.close());

const listOf = async (caller: Caller, path: string) => {
  const res = await caller.get(path);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { total: number; list: { kind: string; warningId: number; studentId: number }[] };
};

describe('the review calls', () => {
  it('list the intervention records of each kind the reading gives them, and the sudden events by their warning', async () => {
    const expected: [string, number, string[]][] = [
      ['ft', 2, ['interview']],
      ['gygz', 5, ['interview', 'plan', 'referral', 'returnVisit']],
      ['gygz/fdth', 2, ['interview']],
      ['gygz/dfht', 1, ['plan']],
      ['gygz/zxzj', 1, ['referral']],
      ['gygz/fxht', 1, ['returnVisit']],
      ['gygz/tfsj', 1, ['interview']],
    ];
    for (const [path, total, kinds] of expected) {
      const page = await listOf(w.schoolAdmin, `${REVIEW}/${path}`);
      expect(page.total, path).toBe(total);
      expect([...new Set(page.list.map((r) => r.kind))].sort(), path).toEqual(kinds);
    }
    const events = await listOf(w.psychologyTeacher, `${REVIEW}/gygz/tfsj`);
    expect(events.list).toMatchObject([{ warningId: reported, studentId: w.students.a1 }]);
    // Paginated: two records a page, the fifth on the third.
    const third = await listOf(w.schoolAdmin, `${REVIEW}/gygz?page=3&size=2`);
    expect(third).toMatchObject({ total: 5, page: 3, size: 2 });
    expect(third.list).toHaveLength(1);
    // A student's filter narrows within the reading.
    expect((await listOf(w.schoolAdmin, `${REVIEW}/ft?studentId=${w.students.a1}`)).total).toBe(1);
  });

  it('show another school none of them, and refuse a student', async () => {
    for (const path of ['ft', 'gygz', 'gygz/fdth', 'gygz/tfsj']) {
      expect((await listOf(w.otherSchoolAdmin, `${REVIEW}/${path}`)).total, path).toBe(0);
    }
    const student = await w.callers.a2.get(`${REVIEW}/gygz`);
    expect(student.statusCode).toBe(403);
    expect(student.json().message).toBeTruthy();
  });
});

describe('the epicycle page and the follow-up rule', () => {
  it('list the follow-ups due by their cycle as the attention page does, within the scope', async () => {
    const q = 'withinHours=720&size=50';
    const epicycle = await listOf(w.psychologyTeacher, `/apis-psychology/analysis/itemStatus/epicyclePage?${q}`);
    const attention = await listOf(w.psychologyTeacher, `/apis-psychology/attentionReminder/page?${q}`);
    expect(epicycle).toEqual(attention);
    expect(epicycle.list.map((r) => r.warningId).sort()).toEqual([w.warnings.a2, reported].sort());
    const other = await listOf(w.otherSchoolAdmin, `/apis-psychology/analysis/itemStatus/epicyclePage?${q}`);
    expect(other.total).toBe(0);
  });

  it('answer each level’s follow-up rule as the reminders apply it, the default where a level has none', async () => {
    const saved = await w.schoolAdmin.post('/apis-psychology/reminderConfiguration/save', {
      enabled: true,
      rules: [{ level: 'red', everyDays: 3, remindBeforeHours: 12 }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await w.psychologyTeacher.get('/apis-psychology/process/rule/djft');
    expect(res.statusCode, res.body).toBe(200);
    const { enabled, levels } = res.json().data;
    expect(enabled).toBe(true);
    expect(levels.slice(0, 3)).toMatchObject([
      { code: 'red', everyDays: 3, remindBeforeHours: 12, own: true },
      { code: 'orange', everyDays: 30, remindBeforeHours: 24, own: false },
      { code: 'yellow', everyDays: 30, remindBeforeHours: 24, own: false },
    ]);
    expect(levels[0].name['zh-CN']).toBeTruthy();
    expect((await w.callers.a2.get('/apis-psychology/process/rule/djft')).statusCode).toBe(403);
  });
});

describe('the automatic warning rules (process/rule/zngy)', () => {
  const ZNGY = '/apis-psychology/process/rule/zngy';
  it('count the warnings each rule opened by itself by level, leaving out what teachers reported', async () => {
    const res = await w.schoolAdmin.get(ZNGY);
    expect(res.statusCode, res.body).toBe(200);
    const { total, rules } = res.json().data;
    // 李四's red and 王五's orange warnings came from the PHQ-9 screening; 张三's was reported.
    expect(total).toBe(2);
    expect(rules.map((r: { level: string }) => r.level).sort()).toEqual(['orange', 'red']);
    for (const rule of rules) {
      expect(rule).toMatchObject({ source: 'assessment', scale: { id: w.scales.phq9 }, raised: 1, open: 1, solved: 0 });
    }
    const solved = await w.psychologyTeacher.post('/apis-psychology/warning/solve', {
      id: w.warnings.a2,
      conclusion: 'Sleeping well again; the family keeps in touch',
    });
    expect(solved.statusCode, solved.body).toBe(200);
    const after = (await w.schoolAdmin.get(ZNGY)).json().data.rules;
    expect(after.find((r: { level: string }) => r.level === 'red')).toMatchObject({ raised: 1, open: 0, solved: 1 });
    expect((await w.schoolAdmin.get(`${ZNGY}?level=orange`)).json().data.total).toBe(1);
    expect((await w.schoolAdmin.get(`${ZNGY}?from=${Date.now() + HOUR}`)).json().data).toEqual({ total: 0, rules: [] });
  });

  it('lead to the warning list narrowed to their source, the cockpit card’s link (decision 0141)', async () => {
    const rules = (await w.schoolAdmin.get(ZNGY)).json().data;
    const fromScales = (await w.schoolAdmin.get('/apis-psychology/warning/page?source=assessment')).json().data;
    expect(fromScales.total).toBe(rules.total);
    expect(new Set(fromScales.list.map((r: { source: string }) => r.source))).toEqual(new Set(['assessment']));
    const byTeachers = (await w.schoolAdmin.get('/apis-psychology/warning/page?source=report')).json().data;
    expect(byTeachers.list.map((r: { id: number }) => r.id)).toEqual([reported]);
    expect((await w.schoolAdmin.get(`${ZNGY}?source=report`)).json().data).toEqual({ total: 0, rules: [] });
    const counted = (await w.schoolAdmin.get('/apis-psychology/warning/statistics?source=assessment')).json().data;
    expect(counted.total).toBe(rules.total);
    const bad = await w.schoolAdmin.get('/apis-psychology/warning/page?source=rumour');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data).toEqual([{ field: 'source', msg: 'Not a warning source' }]);
  });

  it('show another school nothing, and refuse a student', async () => {
    expect((await w.otherSchoolAdmin.get(ZNGY)).json().data).toEqual({ total: 0, rules: [] });
    expect((await w.callers.a2.get(ZNGY)).statusCode).toBe(403);
  });
});
