import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import { buildWarningWorld, step, type WarningWorld } from '../warnings/testing.ts';

let t: TestApp;
let w: WarningWorld;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const now = Date.now();
const week = { weekFrom: now - 3 * DAY, weekTo: now + 4 * DAY };
const lastYear = { weekFrom: now - 400 * DAY, weekTo: now - 393 * DAY };

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWarningWorld(t);
  const id = w.warnings.a2;
  await step(w.psychologyTeacher, 'setup', { id, psychologyUserId: w.psychologyTeacher.user.id });
  await step(w.psychologyTeacher, 'publish', { id });
  const interview = await w.classTeacher.post('/apis-psychology/intervene/save', {
    warningId: id,
    kind: 'interview',
    happenedAt: now - HOUR,
    place: 'Office',
    people: '李四',
    content: 'First talk',
  });
  expect(interview.statusCode, interview.body).toBe(200);
  const visits = await w.psychologyTeacher.post('/apis-psychology/homeVisit/task/add', {
    name: 'Autumn home visits',
    questions: [{ id: 'mood', title: 'How is the child at home?', type: 'text' }],
    targets: { classIds: [w.classes.klassA.id] },
    startsAt: now - DAY,
    endsAt: now + 2 * DAY,
  });
  expect(visits.statusCode, visits.body).toBe(200);
}, 90_000);
afterAll(() => t.close());

const summaryOf = async (by: Caller, range = week) => {
  const res = await by.get(`/apis-psychology/home/summary?weekFrom=${range.weekFrom}&weekTo=${range.weekTo}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('the home page summary', () => {
  it("gives the caller's own to-dos, the same as the to-do list", async () => {
    for (const who of [w.psychologyTeacher, w.classTeacher, w.schoolAdmin]) {
      const pending = (await who.post('/apis-psychology/todo/list', { page: 1, size: 5 })).json().data;
      const home = await summaryOf(who);
      expect(home.todos).toEqual({ total: pending.total, list: pending.list });
    }
    expect((await summaryOf(w.psychologyTeacher)).todos.total).toBeGreaterThan(0);
  });

  it('counts the running tasks with their progress, and the new warnings by level, within the scope', async () => {
    const school = await summaryOf(w.schoolAdmin);
    expect(school.tasks.total).toBe(1);
    expect(school.tasks.list[0]).toMatchObject({ kind: 'student', done: 2 });
    expect(school.tasks.list[0].assignees).toBeGreaterThanOrEqual(2);
    // a2's warning was set up and published; b1's is still new.
    expect(school.warnings.total).toBe(1);
    const stats = (await w.schoolAdmin.get('/apis-psychology/warning/statistics?state=new')).json().data;
    for (const level of school.warnings.byLevel) expect(level.count).toBe(stats.byLevel[level.code] ?? 0);
    expect(school.warnings.byLevel.map((l: { code: string }) => l.code)).toEqual(['red', 'orange', 'yellow']);
    // The class teacher of class A sees no new warning: b1 is in class B.
    expect((await summaryOf(w.classTeacher)).warnings.total).toBe(0);
    expect((await summaryOf(w.classBTeacher)).warnings.total).toBe(1);
  });

  it("lists this week's interviews and the home visits due this week, and nothing of another week", async () => {
    const mine = await summaryOf(w.classTeacher);
    expect(mine.interviews).toEqual({
      total: 1,
      list: [{ id: expect.any(Number), warningId: w.warnings.a2, studentName: '李四', happenedAt: now - HOUR }],
    });
    expect(mine.homeVisits).toMatchObject({ total: 1, list: [{ name: 'Autumn home visits', visited: 0 }] });
    const old = await summaryOf(w.classTeacher, lastYear);
    expect(old.interviews.total).toBe(0);
    expect(old.homeVisits.total).toBe(0);
    expect((await summaryOf(w.classBTeacher)).interviews.total).toBe(0);
  });

  it('leaves out the cards of pages the role may not open, and refuses a week that is not one', async () => {
    const withoutHomeVisits = (await w.platform.get('/apis-rbac/role/detail?roleId=4'))
      .json()
      .data.perms.filter((p: { path: string }) => p.path !== '/data/homeVisitRecord');
    const perms = (await w.platform.get('/apis-rbac/role/detail?roleId=4')).json().data.perms;
    await w.platform.post('/apis-rbac/role/update', { roleId: 4, perms: withoutHomeVisits });
    await expect.poll(async () => (await summaryOf(w.classTeacher)).homeVisits).toBeNull();
    await w.platform.post('/apis-rbac/role/update', { roleId: 4, perms });
    const bad = await w.classTeacher.get(`/apis-psychology/home/summary?weekFrom=${now}&weekTo=${now + 30 * DAY}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data).toContainEqual({
      field: 'weekTo',
      msg: 'Give the start and end of this week (7 days at most)',
    });
  });
});
