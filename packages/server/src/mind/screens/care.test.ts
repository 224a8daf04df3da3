import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { type ArchiveWorld, buildArchiveWorld } from '../archive/testing.ts';

// Counselling and home visits on the management screen (decision 0132): this semester, in scope.
let t: TestApp;
let w: ArchiveWorld;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildArchiveWorld(t);
}, 90_000);
afterAll(() => t.close());

const care = async (by: ArchiveWorld['schoolAdmin'], query = '') => {
  const res = await by.get(`/apis-psychology/screen/school/care${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('the management screen’s counselling and home visits', () => {
  it('count this semester’s appointments by state and the home visits done against those planned, as the lists show', async () => {
    const before = await care(w.schoolAdmin);
    expect(before.semester).toMatchObject({ schoolYear: '2025-2026' });
    expect(before.appointments).toEqual({ requested: 0, approved: 0, done: 0, rejected: 0, cancelled: 0 });
    expect(before.homeVisits).toEqual({ done: 0, planned: 0, tasks: 0 });

    const asked = await w.classTeacher.post('/apis-psychology/appointment/add', {
      studentId: w.students.a1,
      wantedAt: Date.now() + 24 * HOUR,
      reason: 'Cannot sleep before exams',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const task = await w.psychologyTeacher.post('/apis-psychology/homeVisit/task/add', {
      name: 'Autumn home visits',
      questions: [{ id: 'note', title: 'Anything else', type: 'text', required: false }],
      targets: { classIds: [w.classes.klassA.id] },
      startsAt: Date.now() - 48 * HOUR,
      endsAt: Date.now() + 48 * HOUR,
    });
    expect(task.statusCode, task.body).toBe(200);
    const visit = await w.psychologyTeacher.post('/apis-psychology/homeVisit/record/add', {
      taskId: task.json().data.id,
      studentId: w.students.a1,
      visitedAt: Date.now() - HOUR,
      way: 'home',
      place: 'Family flat',
      people: 'Mother',
      answers: {},
      summary: 'Sleeps badly since the exams.',
    });
    expect(visit.statusCode, visit.body).toBe(200);

    const after = await care(w.schoolAdmin);
    const appointments = (await w.schoolAdmin.post('/apis-psychology/appointment/page', {})).json().data.total;
    const visits = (await w.schoolAdmin.post('/apis-psychology/homeVisit/record/page', {})).json().data.total;
    expect(after.appointments.requested).toBe(appointments);
    expect(appointments).toBe(1);
    // Class A's two students are planned; one was visited.
    expect(after.homeVisits).toEqual({ done: visits, planned: 2, tasks: 1 });
    expect(visits).toBe(1);

    // A period without any: zeros, and no semester named.
    const old = await care(w.schoolAdmin, `?from=${Date.UTC(2001, 0, 1)}&to=${Date.UTC(2001, 1, 1)}`);
    expect(old).toMatchObject({ semester: null, groupSessions: 0, homeVisits: { done: 0, planned: 0, tasks: 0 } });
    expect(old.appointments.requested).toBe(0);
    // Another bureau's administrator sees none of this school's.
    const b = await care(w.farBureauAdmin);
    expect([b.appointments.requested, b.homeVisits.done, b.homeVisits.planned]).toEqual([0, 0, 0]);
  });

  it('refuses a school outside the caller’s scope in words', async () => {
    const res = await w.farBureauAdmin.get(`/apis-psychology/screen/school/care?schoolId=${w.orgs.school.id}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('outside your data scope');
  });
});
