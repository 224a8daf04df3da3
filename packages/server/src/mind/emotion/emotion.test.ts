import { CampusBox, type CampusBoxEmotionSample } from '@meridian/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildStudentWorld } from '../people/students/fixtures.ts';
import { beijingDayHour, periodOf } from './service.ts';

let t: TestApp;
let w: Awaited<ReturnType<typeof buildStudentWorld>>;
let box: CampusBox;
let url: string;

const DAY = 86_400_000;
/** 10:00 Beijing time, `daysAgo` days before today. */
const tenOClock = (daysAgo: number) => {
  const { day } = beijingDayHour(Date.now());
  return Date.parse(`${day}T02:00:00Z`) - daysAgo * DAY;
};
const dayOf = (at: number) => beijingDayHour(at).day;
const calm = { happy: 0.3, calm: 0.5, surprised: 0.1, sad: 0.1, angry: 0, fearful: 0 };
const gloomy = { happy: 0.1, calm: 0.3, surprised: 0.1, sad: 0.3, angry: 0.1, fearful: 0.1 };

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildStudentWorld(t);
  url = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '');
  const res = await w.schoolAdmin.post('/apis-psychology/equipment/add', {
    schoolId: w.orgs.school.id,
    kind: 'camera',
    name: 'Classroom 7 camera',
    location: 'Building 2',
  });
  expect(res.statusCode, res.body).toBe(200);
  const device = res.json().data as { deviceKey: string; secret: string };
  box = new CampusBox({ baseUrl: url, lang: 'en', deviceKey: device.deviceKey, secret: device.secret });
}, 90_000);
afterAll(() => t.close());

const send = async (sample: CampusBoxEmotionSample) => {
  const answer = await box.emotion(sample);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as { sampleId: number; duplicate: boolean };
};

const board = (query: Record<string, string | number>) =>
  w.schoolAdmin.get(
    `/apis-psychology/emotion/board?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
  );

describe('class emotion samples from campus devices', () => {
  it('keeps a week of samples per class and day, weighted by faces, and counts a retry once', async () => {
    const { klassA, klassB } = w.classes;
    for (let d = 6; d >= 0; d--) {
      await send({ classId: klassA.id, faces: 40, emotions: d < 2 ? gloomy : calm, occurredAt: tenOClock(d) });
      await send({ classId: klassB.id, faces: 30, emotions: calm, occurredAt: tenOClock(d) + 3_600_000 });
    }
    // Two samples of one hour: 10 faces half sad and 30 faces a tenth sad make a fifth sad.
    const first = await send({
      sampleId: 'hour-check',
      classId: klassA.id,
      faces: 10,
      emotions: { happy: 0.2, calm: 0.2, surprised: 0.1, sad: 0.5, angry: 0, fearful: 0 },
      occurredAt: tenOClock(10) + 60_000,
    });
    await send({ classId: klassA.id, faces: 30, emotions: calm, occurredAt: tenOClock(10) + 120_000 });
    const again = await send({
      sampleId: 'hour-check',
      classId: klassA.id,
      faces: 10,
      emotions: { happy: 0.2, calm: 0.2, surprised: 0.1, sad: 0.5, angry: 0, fearful: 0 },
      occurredAt: tenOClock(10) + 60_000,
    });
    expect(again).toEqual({ sampleId: first.sampleId, duplicate: true });
    const tenDaysAgo = dayOf(tenOClock(10));
    const hour = await board({ classId: klassA.id, from: tenDaysAgo, to: tenDaysAgo });
    expect(hour.statusCode, hour.body).toBe(200);
    expect(hour.json().data.total).toMatchObject({ samples: 2, faces: 40, negative: 0.2 });
    expect(hour.json().data.total.distribution.sad).toBe(0.2);
    // One summary row per class, day and hour, and one per class and day: the boards read those, never the samples.
    const rows = await t.db.kysely
      .selectFrom('emotion_class_hours')
      .select(['samples'])
      .where('class_id', '=', klassA.id)
      .where('day', '=', tenDaysAgo)
      .execute();
    expect(rows.map((r) => Number(r.samples))).toEqual([2]);
    const day = await t.db.kysely
      .selectFrom('emotion_class_days')
      .select(['samples', 'faces', 'sad'])
      .where('class_id', '=', klassA.id)
      .where('day', '=', tenDaysAgo)
      .executeTakeFirstOrThrow();
    expect([Number(day.samples), Number(day.faces), Number(day.sad)]).toEqual([2, 40, 8000]);

    // The class board: the week's trend of class A, day by day, gloomier at its end.
    const week = await board({ classId: klassA.id, from: dayOf(tenOClock(6)), to: dayOf(tenOClock(0)), by: 'day' });
    expect(week.statusCode, week.body).toBe(200);
    const data = week.json().data;
    expect(data).toMatchObject({ className: 'Class 7-1', schoolName: 'First School' });
    expect(data.trend.map((p: { period: string }) => p.period)).toEqual(
      [6, 5, 4, 3, 2, 1, 0].map((d) => dayOf(tenOClock(d))),
    );
    expect(data.trend.map((p: { negative: number }) => p.negative)).toEqual([0.1, 0.1, 0.1, 0.1, 0.1, 0.5, 0.5]);
    expect(data.hours).toEqual([expect.objectContaining({ hour: 10, samples: 7, faces: 280 })]);
    // Nothing in a board names a student.
    expect(week.body).not.toMatch(/张三|李四|studentId/);

    // The school board compares its classes, most negative first, and sums by week and month.
    const school = await board({
      schoolId: w.orgs.school.id,
      from: dayOf(tenOClock(6)),
      to: dayOf(tenOClock(0)),
      by: 'week',
    });
    expect(school.statusCode, school.body).toBe(200);
    const s = school.json().data;
    expect(s.classes.map((c: { className: string }) => c.className)).toEqual(['Class 7-1', 'Class 7-2']);
    expect(s.total).toMatchObject({ samples: 14, faces: 490 });
    expect(s.trend.map((p: { period: string }) => p.period)).toEqual([
      ...new Set([6, 5, 4, 3, 2, 1, 0].map((d) => periodOf(dayOf(tenOClock(d)), 'week'))),
    ]);
    expect(s.trend.reduce((n: number, p: { samples: number }) => n + p.samples, 0)).toBe(14);
    expect(s.hours.map((h: { hour: number }) => h.hour)).toEqual([10, 11]);
    // Each class carries its own negative share per period, for the class board's lines.
    const byDay = await board({ schoolId: w.orgs.school.id, from: dayOf(tenOClock(6)), to: dayOf(tenOClock(0)) });
    const classB = byDay.json().data.classes.find((c: { className: string }) => c.className === 'Class 7-2');
    expect(classB.trend.map((p: { negative: number }) => p.negative)).toEqual([0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1]);

    // The emotion record: one row per day, newest first, naming the gloomiest class.
    const record = await w.schoolAdmin.get(
      `/apis-psychology/emotion/record?schoolId=${w.orgs.school.id}&from=${tenDaysAgo}&to=${dayOf(tenOClock(0))}`,
    );
    expect(record.statusCode, record.body).toBe(200);
    const days = record.json().data as Array<Record<string, unknown>>;
    expect(days).toHaveLength(8);
    expect(days[0]).toMatchObject({
      day: dayOf(tenOClock(0)),
      classes: 2,
      mostNegativeClass: 'Class 7-1',
      mostNegative: 0.5,
    });
    expect(days[7]).toMatchObject({ day: tenDaysAgo, classes: 1, samples: 2 });
  });

  it('refuses a distribution that does not add up, an unknown class or another school’s class, storing nothing', async () => {
    const count = async () =>
      Number(
        (
          await t.db.kysely
            .selectFrom('emotion_samples')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const bad = await box.emotion({ classId: w.classes.klassA.id, faces: 20, emotions: { ...calm, happy: 0.6 } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('The emotion shares must add up to 1 (±0.01); the sample was not stored');
    const negative = await box.emotion({
      classId: w.classes.klassA.id,
      faces: 20,
      emotions: { ...calm, sad: -0.1, calm: 0.7 },
    });
    expect(negative.status).toBe(400);
    expect(JSON.stringify(negative.body)).toContain('between 0 and 1');
    for (const classId of [w.classes.klassC.id, w.orgs.grade.id, 999_999]) {
      const refused = await box.emotion({ classId, faces: 20, emotions: calm });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('The device’s school has no such class; the sample was not stored');
    }
    // Unsigned: refused as such, whatever it carries.
    const unsigned = await fetch(`${url}/api/apis-psychology/campus/device/emotion`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      body: JSON.stringify({ sampleId: 'x', classId: w.classes.klassA.id, occurredAt: 1, faces: 1, emotions: calm }),
    });
    expect(unsigned.status).toBe(401);
    expect(await count()).toBe(before);
  });

  it('shows the boards only within the caller’s schools and to the roles that hold them', async () => {
    const range = { from: dayOf(tenOClock(6)), to: dayOf(tenOClock(0)) };
    const other = await w.otherSchoolAdmin.get(
      `/apis-psychology/emotion/board?schoolId=${w.orgs.school.id}&from=${range.from}&to=${range.to}`,
    );
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('Choose a school you manage');
    const otherClass = await w.otherSchoolAdmin.get(
      `/apis-psychology/emotion/board?classId=${w.classes.klassA.id}&from=${range.from}&to=${range.to}`,
    );
    expect(otherClass.statusCode).toBe(403);
    // Without a school named, another school's administrator sees only their own (empty) school.
    const own = await w.otherSchoolAdmin.get(`/apis-psychology/emotion/board?from=${range.from}&to=${range.to}`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data.total.samples).toBe(0);
    // The bureau administrator sees the school's classes.
    const bureau = await w.bureauAdmin.get(
      `/apis-psychology/emotion/board?schoolId=${w.orgs.school.id}&from=${range.from}&to=${range.to}`,
    );
    expect(bureau.json().data.total.samples).toBe(14);
    // The class teacher and the psychology teacher hold no board (roles 1 and 2 do).
    for (const caller of [w.classTeacher, w.psychologyTeacher]) {
      const res = await caller.get(
        `/apis-psychology/emotion/board?classId=${w.classes.klassA.id}&from=${range.from}&to=${range.to}`,
      );
      expect(res.statusCode).toBe(403);
      const rec = await caller.get(`/apis-psychology/emotion/record?from=${range.from}&to=${range.to}`);
      expect(rec.statusCode).toBe(403);
    }
    const tooLong = await board({ from: '2024-01-01', to: '2026-01-01' });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe('Choose a date range of at most 400 days');
  });

  it('lists the samples the devices sent, newest first and paged, to the psychology teacher within the school', async () => {
    const range = { from: dayOf(tenOClock(6)), to: dayOf(tenOClock(0)) };
    const log = (caller: typeof w.schoolAdmin, query: string) =>
      caller.get(`/apis-psychology/emotion/log?from=${range.from}&to=${range.to}&${query}`);
    // The week of the first test: 7 days × 2 classes.
    const first = await log(w.schoolAdmin, `schoolId=${w.orgs.school.id}&page=1&size=5`);
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json().data as {
      total: number;
      list: Array<{ occurredAt: number; className: string; deviceName: string; faces: number; negative: number }>;
    };
    expect(page.total).toBe(14);
    expect(page.list).toHaveLength(5);
    const times = page.list.map((r) => r.occurredAt);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // Today's newest: class B's calm sample at 11:00, 30 faces, a tenth negative, from the camera.
    expect(page.list[0]).toMatchObject({
      className: 'Class 7-2',
      deviceName: 'Classroom 7 camera',
      faces: 30,
      negative: 0.1,
    });
    const third = await log(w.schoolAdmin, `schoolId=${w.orgs.school.id}&page=3&size=5`);
    expect(third.json().data.list).toHaveLength(4);
    const oneClass = await log(w.psychologyTeacher, `classId=${w.classes.klassA.id}`);
    expect(oneClass.statusCode, oneClass.body).toBe(200);
    expect(oneClass.json().data.total).toBe(7);
    // Another school's administrator: refused for this school, nothing of it in their own.
    const other = await log(w.otherSchoolAdmin, `schoolId=${w.orgs.school.id}`);
    expect(other.statusCode).toBe(403);
    expect((await log(w.otherSchoolAdmin, '')).json().data.total).toBe(0);
    // The class teacher holds no log.
    expect((await log(w.classTeacher, '')).statusCode).toBe(403);
  });
});
