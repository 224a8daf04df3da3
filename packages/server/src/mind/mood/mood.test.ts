import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { DEFAULT_TIME_ZONE, formatDate, timeZone, useTimeZone } from '../../platform/time.ts';
import { type AssessmentWorld, buildAssessmentWorld } from '../assessments/testing.ts';

let t: TestApp;
let w: AssessmentWorld;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildAssessmentWorld(t);
}, 90_000);
afterAll(() => t.close());

const today = (by: AssessmentWorld['callers']['a1'], note: string, mood = 3) =>
  by.post('/apis-psychology/h5/moodJournal/today', { mood, intensity: 6, tags: ['考试'], note });

interface Warning {
  id: number;
  studentId: number;
  level: string;
}
async function journalWarnings(studentId: number): Promise<Warning[]> {
  const res = await w.psychologyTeacher.get('/apis-psychology/warning/page?size=100');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.list as Warning[]).filter((r) => r.studentId === studentId);
}

describe('the mood journal', () => {
  it('keeps one entry a day, edited in place, and shows it on the student’s month', async () => {
    const first = await today(w.callers.a1, '今天和同学打球，很开心', 4);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.help).toBeNull();
    const again = await today(w.callers.a1, 'Played football, then the maths test went fine', 5);
    expect(again.json().data.entry).toMatchObject({ mood: 5, intensity: 6, tags: ['考试'] });
    const day: string = again.json().data.entry.day;
    const month = await w.callers.a1.get(`/apis-psychology/h5/moodJournal/mine?month=${day.slice(0, 7)}`);
    expect(month.statusCode, month.body).toBe(200);
    expect(month.json().data.today).toBe(day);
    expect(month.json().data.entries).toEqual([expect.objectContaining({ day, mood: 5 })]);
    expect(await journalWarnings(w.students.a1)).toEqual([]);
  });

  it('opens a red warning at once for a self-harm note and shows the student whom to turn to, once per day', async () => {
    const saved = await today(w.callers.a2, '我又用刀片划了手臂，不想活了', 1);
    expect(saved.statusCode, saved.body).toBe(200);
    const help = saved.json().data.help;
    const counsellor = await t.db.kysely
      .selectFrom('teachers')
      .select('name')
      .where('user_id', '=', w.psychologyTeacher.user.id)
      .executeTakeFirstOrThrow();
    expect(help.counsellors).toEqual([counsellor.name]);
    expect(help.hotline).toBe('12356');
    const warnings = await journalWarnings(w.students.a2);
    expect(warnings).toEqual([expect.objectContaining({ level: 'red' })]);
    await today(w.callers.a2, '我还是想伤害自己', 1);
    expect(await journalWarnings(w.students.a2)).toHaveLength(1);
  });

  it('does not count a negated phrase as a hit', async () => {
    const saved = await today(w.callers.b1, 'I would never hurt myself, I am just tired', 2);
    expect(saved.json().data.help).toBeNull();
    expect(await journalWarnings(w.students.b1)).toEqual([]);
  });

  it('refuses a staff account and a note over 500 characters, in words', async () => {
    const staff = await today(w.psychologyTeacher, 'hello');
    expect(staff.statusCode).toBe(403);
    expect(staff.json().message).toMatch(/student/);
    const long = await today(w.callers.a1, 'x'.repeat(501));
    expect(long.statusCode).toBe(400);
  });

  it('keeps the day of the deployment’s time zone (TIME_ZONE), not China time nor UTC', async () => {
    // Kiritimati is 14 hours ahead of UTC: its day differs from UTC's for 14 hours of every 24,
    // and from China's for 6; a fixed offset would disagree with it most of the day.
    useTimeZone('Pacific/Kiritimati');
    try {
      const mine = await w.callers.b1.get('/apis-psychology/h5/moodJournal/mine');
      expect(mine.json().data.today).toBe(formatDate(Date.now(), 'Pacific/Kiritimati'));
      const saved = await today(w.callers.b1, 'a quiet day', 3);
      expect(saved.json().data.entry.day).toBe(formatDate(Date.now(), 'Pacific/Kiritimati'));
    } finally {
      useTimeZone(DEFAULT_TIME_ZONE);
    }
    expect(timeZone()).toBe(DEFAULT_TIME_ZONE);
  });
});
