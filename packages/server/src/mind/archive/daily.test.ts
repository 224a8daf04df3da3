import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { fromJson } from '../../platform/db/sql.ts';
import { type ArchiveWorld, buildArchiveWorld } from './testing.ts';

let t: TestApp;
let w: ArchiveWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await buildArchiveWorld(t);
}, 90_000);
afterAll(() => t.close());

const audited = (userId: number, action: string) =>
  t.db.kysely
    .selectFrom('audit_log')
    .select(['target_type', 'target_id', 'detail'])
    .where('user_id', '=', userId)
    .where('action', '=', action)
    .execute();

const record = (more: Record<string, unknown> = {}) => ({
  occurredOn: w.days.dateOf(Date.now() - w.days.DAY),
  title: 'Quiet in class',
  content: 'Did not speak all morning; ate lunch alone.',
  ...more,
});

describe('records about a student (observations, setbacks, descriptions)', () => {
  it('are written by the class teacher and join the student’s archive and timeline', async () => {
    const observed = await w.classTeacher.post(
      '/apis-psychology/dailyObservationOfTeachers/add',
      record({ studentId: w.students.a1, category: 'mood' }),
    );
    expect(observed.statusCode, observed.body).toBe(200);
    expect(observed.json().data).toMatchObject({
      kind: 'dailyObservationOfTeachers',
      schoolId: w.orgs.school.id,
      classId: w.classes.klassA.id,
      studentName: '张三',
    });
    const setback = await w.classTeacher.post(
      '/apis-psychology/setback/add',
      record({ studentId: w.students.a1, title: 'Grandmother died', category: 'family' }),
    );
    expect(setback.statusCode, setback.body).toBe(200);
    const timeline = await w.psychologyTeacher.get(`/apis-psychology/studentFile/timeline/${w.students.a1}`);
    expect(timeline.json().data.map((e: { kind: string }) => e.kind)).toEqual(
      expect.arrayContaining(['observation', 'setback']),
    );
  });

  it('need a student of the scope', async () => {
    const none = await w.classTeacher.post('/apis-psychology/setback/add', record());
    expect(none.statusCode).toBe(400);
    expect(none.json().data).toContainEqual({ field: 'studentId', msg: 'Choose a student' });
    const other = await w.classTeacher.post(
      '/apis-psychology/describeManage/add',
      record({ studentId: w.students.b1 }),
    );
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('No such student');
  });

  it('are hidden from a class teacher of another class, who is refused on the record', async () => {
    expect((await w.classTeacherB.post('/apis-psychology/setback/page', {})).json().data.total).toBe(0);
    const mine = await w.classTeacher.post('/apis-psychology/setback/page', {});
    expect(mine.json().data.total).toBe(1);
    const id = mine.json().data.list[0].id;
    const one = await w.classTeacherB.get(`/apis-psychology/setback/${id}`);
    expect(one.statusCode).toBe(404);
    expect(one.json().message).toBe('No such record');
    const refused = await audited(w.classTeacherB.user.id, 'student.refused');
    expect(refused).toContainEqual(expect.objectContaining({ target_type: 'daily', target_id: String(id) }));
  });

  it('are audited when read, like the rest of the file: the list with its students, each record', async () => {
    const list = await w.psychologyTeacher.post('/apis-psychology/setback/page', {});
    const [entry] = await audited(w.psychologyTeacher.user.id, 'daily.setback.list');
    expect(fromJson<{ studentIds: number[] }>(entry?.detail ?? '{}').studentIds).toEqual([w.students.a1]);
    await w.psychologyTeacher.get(`/apis-psychology/setback/${list.json().data.list[0].id}`);
    const reads = await audited(w.psychologyTeacher.user.id, 'archive.read');
    expect(reads.map((r) => [r.target_id, fromJson<{ part: string }>(r.detail).part])).toContainEqual([
      String(w.students.a1),
      'setback',
    ]);
  });
});

describe('records about a school (work news, school observations, psychology teachers)', () => {
  it('belong to a whole school of the scope and are read by its teachers', async () => {
    const news = await w.psychologyTeacher.post(
      '/apis-psychology/dailyDynamic/add',
      record({ schoolId: w.orgs.school.id, title: 'Mental-health week', content: 'Posters and a talk for grade 7' }),
    );
    expect(news.statusCode, news.body).toBe(200);
    const seen = await w.classTeacher.post('/apis-psychology/dailyDynamic/page', {});
    expect(seen.json().data.list.map((r: { title: string }) => r.title)).toEqual(['Mental-health week']);
    expect((await w.farBureauAdmin.post('/apis-psychology/dailyDynamic/page', {})).json().data.total).toBe(0);
    const inspected = await w.bureauAdmin.post(
      '/apis-psychology/observationSchool/add',
      record({ schoolId: w.orgs.otherSchool.id, title: 'Counselling room visit' }),
    );
    expect(inspected.statusCode, inspected.body).toBe(200);
    expect((await w.psychologyTeacher.post('/apis-psychology/observationSchool/page', {})).json().data.total).toBe(0);
  });

  it('refuse a student, need a school, and only one of the caller’s whole schools', async () => {
    const student = await w.psychologyTeacher.post(
      '/apis-psychology/dailyDynamic/add',
      record({ schoolId: w.orgs.school.id, studentId: w.students.a1 }),
    );
    expect(student.json().message).toBe('This kind of record is not about a student');
    const noSchool = await w.schoolAdmin.post('/apis-psychology/mentalTeacherManage/add', record());
    expect(noSchool.json().message).toBe('Choose a school');
    const outside = await w.psychologyTeacher.post(
      '/apis-psychology/dailyDynamic/add',
      record({ schoolId: w.orgs.otherSchool.id }),
    );
    expect(outside.statusCode).toBe(403);
    expect(outside.json().message).toBe('The school must lie within the organisations you manage');
    // A class teacher reads the school's news but holds no permission to write it.
    expect(
      (await w.classTeacher.post('/apis-psychology/dailyDynamic/add', record({ schoolId: w.orgs.school.id })))
        .statusCode,
    ).toBe(403);
  });

  it.each([
    [{ title: '' }, 'title', 'Title: 1-50 characters'],
    [{ content: '' }, 'content', 'Content: 1-2000 characters'],
    [{ category: 'x'.repeat(21) }, 'category', 'Category: up to 20 characters'],
    [{ occurredOn: '2025-13-01' }, 'occurredOn', 'Dates are written YYYY-MM-DD'],
  ])('refuses %o with its message', async (change, field, msg) => {
    const res = await w.psychologyTeacher.post(
      '/apis-psychology/dailyDynamic/add',
      record({ schoolId: w.orgs.school.id, ...change }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toContainEqual({ field, msg });
  });

  it('are changed and deleted by staff of the school', async () => {
    const list = await w.psychologyTeacher.post('/apis-psychology/dailyDynamic/page', {});
    const id = list.json().data.list[0].id;
    const edited = await w.psychologyTeacher.post('/apis-psychology/dailyDynamic/update', {
      id,
      ...record({ schoolId: w.orgs.school.id, title: 'Mental-health week (done)' }),
    });
    expect(edited.json().data.title).toBe('Mental-health week (done)');
    expect((await w.psychologyTeacher.post('/apis-psychology/dailyDynamic/delete', { id })).statusCode).toBe(200);
    expect((await w.psychologyTeacher.get(`/apis-psychology/dailyDynamic/${id}`)).statusCode).toBe(404);
  });
});
