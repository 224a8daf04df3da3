import { CampusBox } from '@meridian/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildOrg } from '../../../test/factories.ts';
import { buildStudentWorld, type StudentWorld } from '../people/students/fixtures.ts';
import { beijingDayHour } from './service.ts';

let t: TestApp;
let w: StudentWorld;
let subBureau: { id: number };
let subSchoolClass: { id: number };

const DAY = 86_400_000;
const tenOClock = (daysAgo: number) => {
  const { day } = beijingDayHour(Date.now());
  return Date.parse(`${day}T02:00:00Z`) - daysAgo * DAY;
};
const from = beijingDayHour(tenOClock(6)).day;
const to = beijingDayHour(tenOClock(0)).day;
const calm = { happy: 0.3, calm: 0.5, surprised: 0.1, sad: 0.1, angry: 0, fearful: 0 };
const gloomy = { happy: 0.1, calm: 0.3, surprised: 0.1, sad: 0.3, angry: 0.1, fearful: 0.1 };

/** A camera of a school, registered by its administrator, speaking the signed device protocol. */
async function cameraOf(admin: StudentWorld['schoolAdmin'], schoolId: number, url: string) {
  const res = await admin.post('/apis-psychology/equipment/add', {
    schoolId,
    kind: 'camera',
    name: 'Classroom camera',
    location: 'Building 1',
  });
  expect(res.statusCode, res.body).toBe(200);
  const device = res.json().data as { deviceKey: string; secret: string };
  return new CampusBox({ baseUrl: url, lang: 'en', deviceKey: device.deviceKey, secret: device.secret });
}

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildStudentWorld(t);
  const db = t.db.kysely;
  // A sub-district (a bureau under the district's) with a school of its own.
  subBureau = await buildOrg(db, { type: 'bureau', name: 'Riverside Street', parentId: w.orgs.bureau.id });
  const subSchool = await buildOrg(db, { type: 'school', name: 'Riverside School', parentId: subBureau.id });
  const subGrade = await buildOrg(db, { type: 'grade', name: 'Grade 9', parentId: subSchool.id });
  subSchoolClass = await buildOrg(db, { type: 'class', name: 'Class 9-1', parentId: subGrade.id });
  const url = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '');
  const first = await cameraOf(w.schoolAdmin, w.orgs.school.id, url);
  const second = await cameraOf(w.otherSchoolAdmin, w.orgs.otherSchool.id, url);
  const riverside = await cameraOf(w.bureauAdmin, subSchool.id, url);
  for (let d = 6; d >= 0; d--) {
    // Class 7-1 is gloomy all week (half its negative share), 7-2 calm; the second school calm; Riverside gloomy.
    for (const [box, classId, emotions] of [
      [first, w.classes.klassA.id, gloomy],
      [first, w.classes.klassB.id, calm],
      [second, w.classes.klassC.id, calm],
      [riverside, subSchoolClass.id, gloomy],
    ] as const) {
      const answer = await box.emotion({ classId, faces: 40, emotions, occurredAt: tenOClock(d) });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }
  }
}, 120_000);
afterAll(() => t.close());

const ask = (caller: StudentWorld['schoolAdmin'], path: string, query: Record<string, string | number>) =>
  caller.get(
    `/apis-psychology/screen/emotion/${path}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
  );

describe('the district emotion screens', () => {
  it('compares the district’s schools by negative share and lists the classes over the threshold', async () => {
    const res = await ask(w.bureauAdmin, 'district', { from, to });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d.org).toBeNull();
    expect(d.schools.map((s: { schoolName: string }) => s.schoolName)).toEqual([
      'Riverside School',
      'First School',
      'Second School',
    ]);
    expect(d.schools[0]).toMatchObject({ negative: 0.5, classesOver: 1, samples: 7, faces: 280 });
    // Two classes of 40: one half negative, one a tenth: three tenths over the school.
    expect(d.schools[1]).toMatchObject({ negative: 0.3, classesOver: 1 });
    expect(d.threshold).toBe(0.3);
    expect(d.classesOverTotal).toBe(2);
    expect(d.classesOver.map((c: { className: string }) => c.className).sort()).toEqual(['Class 7-1', 'Class 9-1']);
    expect(d.trend).toHaveLength(7);
    expect(d.total).toMatchObject({ samples: 28, faces: 1120 });
    // The far school of the other bureau is not the North Bureau's.
    expect(JSON.stringify(d)).not.toContain('Far School');
    // Aggregates only: no student is named anywhere on the screen.
    for (const name of ['张三', '李四', '王五', '赵六']) expect(JSON.stringify(d)).not.toContain(name);
  });

  it('adds the days up by week', async () => {
    const res = await ask(w.bureauAdmin, 'district', { from, to, by: 'week' });
    expect(res.statusCode, res.body).toBe(200);
    const weeks = res.json().data.trend as Array<{ period: string; samples: number }>;
    expect(weeks.length).toBeGreaterThanOrEqual(1);
    expect(weeks.length).toBeLessThanOrEqual(2);
    expect(weeks.reduce((n, p) => n + p.samples, 0)).toBe(28);
  });

  it('narrows to a sub-district inside the caller’s area and refuses one outside it', async () => {
    const res = await ask(w.bureauAdmin, 'node', { from, to, orgId: subBureau.id });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d.org).toEqual({ id: subBureau.id, name: 'Riverside Street' });
    expect(d.schools.map((s: { schoolName: string }) => s.schoolName)).toEqual(['Riverside School']);
    expect(d.total).toMatchObject({ samples: 7, negative: 0.5 });

    const outside = await ask(w.bureauAdmin, 'node', { from, to, orgId: w.orgs.otherBureau.id });
    expect(outside.statusCode).toBe(403);
    expect(outside.json().message).toBe('Choose a sub-district or district within your area');
    // A school's administrator cannot widen their view to the bureau above their school.
    const above = await ask(w.schoolAdmin, 'node', { from, to, orgId: w.orgs.bureau.id });
    expect(above.statusCode).toBe(403);
  });

  it('shows a school’s administrator their own school only', async () => {
    const res = await ask(w.schoolAdmin, 'district', { from, to });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.schools.map((s: { schoolName: string }) => s.schoolName)).toEqual(['First School']);
  });
});

describe('the school emotion cockpit', () => {
  it('shows one school’s classes compared with their days, and refuses another school', async () => {
    const res = await ask(w.schoolAdmin, 'school', { from, to, schoolId: w.orgs.school.id });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d.schoolName).toBe('First School');
    expect(d.classes.map((c: { className: string }) => c.className)).toEqual(['Class 7-1', 'Class 7-2']);
    expect(d.classes[0].negative).toBe(0.5);
    expect(d.classes[0].trend).toHaveLength(7);

    const other = await ask(w.schoolAdmin, 'school', { from, to, schoolId: w.orgs.otherSchool.id });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('Choose a school you manage');
  });

  it('refuses a class teacher, whose role has none of the screens', async () => {
    const res = await ask(w.classTeacher, 'district', { from, to });
    expect(res.statusCode).toBe(403);
  });
});
