import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { type AssessmentWorld, buildAssessmentWorld } from '../assessments/testing.ts';
import { buildMoodEntries } from './testing.ts';

let t: TestApp;
let w: AssessmentWorld;
/** Ten days of a1's journal, the last one today; a month that holds at least the last of them. */
let days: string[];
let month: string;
const S = '/apis-psychology/studentEmotionData';
const MOODS = [4, 4, 3, 4, 5, 3, 2, 2, 1, 2];

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildAssessmentWorld(t);
  days = await buildMoodEntries(
    t.db.kysely,
    w.students.a1,
    MOODS.map((mood) => ({ mood, note: '不想说' })),
  );
  month = (days.at(-1) ?? '').slice(0, 7);
  // Class A's cameras on the last day: 40 faces, half of them negative (sad 0.3, angry 0.1, fearful 0.1).
  await t.db.kysely
    .insertInto('emotion_class_days')
    .values({
      school_id: w.orgs.school.id,
      class_id: w.classes.klassA.id,
      day: days.at(-1) ?? '',
      samples: 2,
      faces: 40,
      happy: 4000,
      calm: 12000,
      surprised: 4000,
      sad: 12000,
      angry: 4000,
      fearful: 4000,
    })
    .execute();
}, 90_000);
afterAll(() => t.close());

describe('studentEmotionData (decision 0151)', () => {
  it('lists a student’s journal entries newest first, a page at a time, without their notes, and audits the read', async () => {
    const res = await w.psychologyTeacher.post(`${S}/getStudentMoodList`, {
      studentId: w.students.a1,
      page: 1,
      size: 4,
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.total).toBe(10);
    expect(data.list.map((e: { day: string; mood: number }) => [e.day, e.mood])).toEqual(
      [...days]
        .reverse()
        .slice(0, 4)
        .map((day, i) => [day, [...MOODS].reverse()[i]]),
    );
    expect(data.list[0]).toMatchObject({ hasNote: true });
    expect(res.body).not.toContain('不想说');
    const audited = await t.db.kysely
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'mood.read')
      .where('target_id', '=', String(w.students.a1))
      .execute();
    expect(JSON.stringify(audited.map((a) => a.detail))).toContain('getStudentMoodList');
  });

  it('gives each day of a month the student’s mood beside the class’s negative share', async () => {
    const res = await w.psychologyTeacher.post(`${S}/getMonthQxxxDataList`, { studentId: w.students.a1, month });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    const klass = await t.db.kysely
      .selectFrom('orgs')
      .select('name')
      .where('id', '=', w.classes.klassA.id)
      .executeTakeFirst();
    expect(data.className).toBe(klass?.name);
    const byDay = new Map(data.days.map((d: { day: string }) => [d.day, d]));
    expect(data.days[0].day).toBe(`${month}-01`);
    expect(data.days.every((d: { day: string }) => d.day.startsWith(month))).toBe(true);
    expect(byDay.get(days.at(-1))).toEqual({
      day: days.at(-1),
      mood: 2,
      intensity: expect.any(Number),
      classNegative: 0.5,
      classSamples: 2,
    });
    const inMonth = days.filter((d) => d.startsWith(month));
    expect(data.days.filter((d: { mood: number | null }) => d.mood !== null)).toHaveLength(inMonth.length);
  });

  it('refuses a month that is not YYYY-MM, a student outside the caller’s scope, and a role without the journal', async () => {
    const bad = await w.psychologyTeacher.post(`${S}/getMonthQxxxDataList`, {
      studentId: w.students.a1,
      month: '2026-13',
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('Month as YYYY-MM');
    // Class A's teacher does not see class B's student.
    const outside = await w.classTeacher.post(`${S}/getStudentMoodList`, { studentId: w.students.b1 });
    expect(outside.statusCode).toBe(404);
    const student = await w.callers.a1.post(`${S}/getMonthQxxxDataList`, { studentId: w.students.a1, month });
    expect(student.statusCode).toBe(403);
  });
});
