import { CampusBox } from '@meridian/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import { buildWarningWorld, type WarningWorld } from '../warnings/testing.ts';
import { beijingDayHour } from './service.ts';

let t: TestApp;
let w: WarningWorld;

const DAY = 86_400_000;
const tenOClock = (daysAgo: number) => {
  const { day } = beijingDayHour(Date.now());
  return Date.parse(`${day}T02:00:00Z`) - daysAgo * DAY;
};
const from = beijingDayHour(tenOClock(6)).day;
const to = beijingDayHour(tenOClock(0)).day;
const calm = { happy: 0.3, calm: 0.5, surprised: 0.1, sad: 0.1, angry: 0, fearful: 0 };
const gloomy = { happy: 0.1, calm: 0.3, surprised: 0.1, sad: 0.3, angry: 0.1, fearful: 0.1 };

const get = (by: Caller, path: string, query: Record<string, string | number>) =>
  by.get(
    `/apis-psychology/emotion/${path}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
  );

beforeAll(async () => {
  t = await buildTestApp();
  // A PHQ-9 screening of grade 7: 李四 (class A) minimal but warned on item 9, 王五 (class B) moderately severe.
  w = await buildWarningWorld(t);
  const url = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '');
  const res = await w.schoolAdmin.post('/apis-psychology/equipment/add', {
    schoolId: w.orgs.school.id,
    kind: 'camera',
    name: 'Classroom camera',
    location: 'Building 1',
  });
  expect(res.statusCode, res.body).toBe(200);
  const device = res.json().data as { deviceKey: string; secret: string };
  const box = new CampusBox({ baseUrl: url, lang: 'en', deviceKey: device.deviceKey, secret: device.secret });
  // Class 7-1 gloomy on the last two days (each over the alert threshold), calm before; 7-2 calm all week.
  for (let d = 6; d >= 0; d--) {
    for (const [classId, emotions] of [
      [w.classes.klassA.id, d < 2 ? gloomy : calm],
      [w.classes.klassB.id, calm],
    ] as const) {
      const answer = await box.emotion({ classId, faces: 40, emotions, occurredAt: tenOClock(d) });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }
  }
  // One of class 7-1's two alerts is handled.
  const alerts = await w.schoolAdmin.get(
    `/apis-psychology/intelEmotion/page?classId=${w.classes.klassA.id}&from=${from}&to=${to}&page=1&size=10`,
  );
  expect(alerts.statusCode, alerts.body).toBe(200);
  expect(alerts.json().data.total).toBe(2);
  const handled = await w.schoolAdmin.post(`/apis-psychology/intelEmotion/${alerts.json().data.list[0].id}/handle`, {
    note: 'Talked with the class',
  });
  expect(handled.statusCode, handled.body).toBe(200);
}, 120_000);
afterAll(() => t.close());

describe('the campus psychology board (decision 0124)', () => {
  it('shows each grade and class: negative share by week, alerts open and handled, the latest screening by band', async () => {
    const res = await get(w.schoolAdmin, 'psychology', { schoolId: w.orgs.school.id, from, to });
    expect(res.statusCode, res.body).toBe(200);
    const board = res.json().data;
    expect(board).toMatchObject({ schoolName: 'First School', alertsOpen: 1, alertsHandled: 1 });
    expect(board.grades).toHaveLength(1);
    const [grade] = board.grades;
    expect(grade).toMatchObject({ gradeId: w.orgs.grade.id, alertsOpen: 1, alertsHandled: 1, samples: 14 });
    const byName = new Map(grade.classes.map((c: { className: string }) => [c.className, c]));
    const a = byName.get('Class 7-1') as Record<string, unknown> & {
      trend: unknown[];
      screening: { bands: Array<{ id: string; results: number }> };
    };
    const b = byName.get('Class 7-2') as typeof a;
    // Class A: five calm days (a tenth negative) and two gloomy ones (half): (5 × 0.1 + 2 × 0.5) / 7.
    expect(a.negative).toBeCloseTo(1.5 / 7, 3);
    expect(b.negative).toBe(0.1);
    expect(a).toMatchObject({ alertsOpen: 1, alertsHandled: 1, samples: 7 });
    expect(b).toMatchObject({ alertsOpen: 0, alertsHandled: 0 });
    expect(a.trend.length).toBeGreaterThanOrEqual(1);
    // The latest screening: PHQ-9 of the autumn task, one result in each class, both warned.
    expect(a.screening).toMatchObject({ taskName: 'Autumn screening', results: 1, warned: 1 });
    expect(a.screening.bands.find((x) => x.id === 'minimal')?.results).toBe(1);
    expect(b.screening.bands.find((x) => x.id === 'moderatelySevere')?.results).toBe(1);
    expect(grade.screening).toMatchObject({ results: 2, warned: 2 });
    // No student appears anywhere in the answer.
    expect(res.body).not.toContain('李四');
    expect(res.body).not.toContain('王五');
  });

  it('shows one class: its daily trend, its alerts, its screening bands, and no student', async () => {
    const res = await get(w.schoolAdmin, 'psychology/class', { classId: w.classes.klassA.id, from, to });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json().data;
    expect(detail).toMatchObject({ className: 'Class 7-1', schoolName: 'First School' });
    expect(detail.trend).toHaveLength(7);
    expect(detail.trend.at(-1)).toMatchObject({ period: to, negative: 0.5 });
    expect(detail.alerts.map((a: { state: string }) => a.state).sort()).toEqual(['handled', 'open']);
    expect(detail.screening).toMatchObject({ results: 1, warned: 1 });
    expect(res.body).not.toContain('李四');
  });

  it('refuses a school or class outside the caller’s scope, and those without the board', async () => {
    const other = await get(w.otherSchoolAdmin, 'psychology', { schoolId: w.orgs.school.id, from, to });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('Choose a school you manage');
    const otherClass = await get(w.otherSchoolAdmin, 'psychology/class', { classId: w.classes.klassA.id, from, to });
    expect(otherClass.statusCode).toBe(403);
    // Without a school, the second school's administrator sees only their own school: nothing of grade 7.
    const own = await get(w.otherSchoolAdmin, 'psychology', { from, to });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data.grades.map((g: { gradeId: number }) => g.gradeId)).not.toContain(w.orgs.grade.id);
    // The class teacher holds no board.
    const teacher = await get(w.classTeacher, 'psychology', { schoolId: w.orgs.school.id, from, to });
    expect(teacher.statusCode).toBe(403);
  });

  it('lets the bureau read the district’s schools together', async () => {
    const res = await get(w.bureauAdmin, 'psychology', { from, to });
    expect(res.statusCode, res.body).toBe(200);
    const names = res.json().data.grades.map((g: { schoolName: string }) => g.schoolName);
    expect(names).toContain('First School');
  });
});
