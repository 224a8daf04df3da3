import type { CampusBox } from '@meridian/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import type { AssessmentWorld } from '../assessments/testing.ts';
import { campusBoxWorld } from './testing.ts';

let t: TestApp;
let w: AssessmentWorld;
let box: CampusBox;

beforeAll(async () => {
  ({ t, w, box } = await campusBoxWorld({ name: 'Playground camera', location: 'Playground' }));
}, 90_000);
afterAll(() => t.close());

const warningsOf = (studentId: number) =>
  t.db.kysely
    .selectFrom('warnings')
    .select(['id', 'source_type', 'source_id', 'level', 'rule'])
    .where('student_id', '=', studentId)
    .where('source_type', '=', 'campus')
    .execute();

async function report(event: Parameters<CampusBox['report']>[0]) {
  const res = await box.report(event);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data as { alertId: number }).alertId;
}

const detail = async (alertId: number) => {
  const res = await w.psychologyTeacher.get(`/apis-psychology/securityWarning/${alertId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { students: Array<Record<string, unknown>> };
};

describe('behaviour events that name students', () => {
  it('opens one warning per named student for a fight, linked both ways, and none again on replay', async () => {
    const before = await warningsOf(w.students.a1);
    const event = {
      type: 'fight' as const,
      eventId: 'mark-fight-1',
      students: [{ studentNo: 'A001' }, { studentNo: 'A001' }, { studentNo: 'NOPE-9' }],
    };
    const alertId = await report(event);
    const opened = await warningsOf(w.students.a1);
    expect(opened).toHaveLength(before.length + 1);
    const warning = opened.find((x) => Number(x.source_id) === alertId);
    expect(warning).toMatchObject({ level: 'orange', rule: 'campus.fight' });
    // The alert shows the student with the warning, and the unknown number as sent.
    expect((await detail(alertId)).students).toEqual([
      { reference: 'no:A001', studentId: w.students.a1, name: '张三', warningId: Number(warning?.id) },
      { reference: 'no:NOPE-9', studentId: null, name: null, warningId: null },
    ]);
    // The warning's detail names its source and the alert it came from, and its to-dos went out.
    const read = await w.psychologyTeacher.get(`/apis-psychology/warning/${warning?.id}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data).toMatchObject({ source: 'campus', sourceId: alertId, studentName: '张三' });
    expect(read.json().data.reason.en).toBe('A campus device identified the student in a Fight event (Playground)');
    // The box retries: the same alert answers and nothing more is opened.
    const again = await box.report(event);
    expect(again.body.data).toEqual({ alertId, duplicate: true });
    expect(await warningsOf(w.students.a1)).toHaveLength(before.length + 1);
  });

  it('records the student of a type the school does not count, and opens no warning', async () => {
    const before = await warningsOf(w.students.a2);
    const alertId = await report({ type: 'crowding', students: [{ studentNo: 'A002' }] });
    expect((await detail(alertId)).students).toEqual([
      { reference: 'no:A002', studentId: w.students.a2, name: '李四', warningId: null },
    ]);
    expect(await warningsOf(w.students.a2)).toHaveLength(before.length);
  });

  it('accepts a face id only for a whitelisted face at a school with faces on, and never another school’s student', async () => {
    const before = await warningsOf(w.students.b1);
    const off = await report({ type: 'climbing', students: [{ studentId: w.students.b1 }, { studentNo: 'C001' }] });
    expect((await detail(off)).students.map((s) => s.studentId)).toEqual([null, null]);
    expect(await warningsOf(w.students.b1)).toHaveLength(before.length);
    expect(await warningsOf(w.students.c1)).toHaveLength(0);
    const now = Date.now();
    await t.db.kysely
      .insertInto('face_switches')
      .values({ school_id: w.orgs.school.id, enabled: true, changed_by: w.schoolAdmin.user.id, changed_at: now })
      .execute();
    await t.db.kysely
      .insertInto('face_photos')
      .values({
        student_id: w.students.b1,
        school_id: w.orgs.school.id,
        sealed: 'sealed',
        kind: 'png',
        consent_by: 'guardian',
        consent_name: 'Guardian',
        consent_date: now,
        basis: 'consent',
        retain_until: now + 86_400_000,
        created_by: w.schoolAdmin.user.id,
        created_at: now,
      })
      .execute();
    const on = await report({ type: 'climbing', students: [{ studentId: w.students.b1 }] });
    const [named] = (await detail(on)).students;
    expect(named).toMatchObject({ reference: `id:${w.students.b1}`, studentId: w.students.b1, name: '王五' });
    expect(named?.warningId).toEqual(expect.any(Number));
    expect(await warningsOf(w.students.b1)).toHaveLength(before.length + 1);
  });

  it('lets the school choose its warning types, and refuses another school’s administrator', async () => {
    const path = `/apis-psychology/pushConfig/warningTypes`;
    const first = await w.schoolAdmin.get(`${path}?schoolId=${w.orgs.school.id}`);
    expect(first.json().data).toEqual({ schoolId: w.orgs.school.id, types: ['fight', 'climbing'], own: false });
    const saved = await w.schoolAdmin.post(path, { schoolId: w.orgs.school.id, types: ['crowding'] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toEqual({ schoolId: w.orgs.school.id, types: ['crowding'], own: true });
    const refused = await w.otherSchoolAdmin.post(path, { schoolId: w.orgs.school.id, types: [] });
    expect(refused.statusCode).toBe(400);
    const before = await warningsOf(w.students.a2);
    await report({ type: 'crowding', students: [{ studentNo: 'A002' }] });
    await report({ type: 'fight', students: [{ studentNo: 'A002' }] });
    const after = await warningsOf(w.students.a2);
    expect(after.map((x) => x.rule).slice(before.length)).toEqual(['campus.crowding']);
  });
});
