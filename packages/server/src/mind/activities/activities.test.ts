import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import {
  type ActivityWorld,
  activityBody,
  buildActivityWorld,
  classmates,
  parentAccount,
  published,
} from './testing.ts';

let t: TestApp;
let w: ActivityWorld;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildActivityWorld(t);
}, 90_000);
afterAll(() => t.close());

const signUp = (by: ActivityWorld['parentA1'], activityId: number, studentId: number) =>
  by.post('/apis-psychology/h5/activity/signup', { activityId, studentId });

describe('publishing an activity', () => {
  it('belongs to the publisher’s school and is listed to its staff, not to another school', async () => {
    const id = await published(w.psychologyTeacher, activityBody({ title: 'Sand-tray group session' }));
    const detail = await w.classTeacher.get(`/apis-psychology/activity/${id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data).toMatchObject({ orgId: w.orgs.school.id, quota: 30, signed: 0, audience: 'both' });
    const other = await w.otherSchoolAdmin.post('/apis-psychology/activity/page', { keyword: 'sand-tray' });
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json().data.total).toBe(0);
    expect((await w.otherSchoolAdmin.get(`/apis-psychology/activity/${id}`)).statusCode).toBe(404);
  });

  it('refuses a class of another school, and a window that closes after the activity ends', async () => {
    const outside = await w.psychologyTeacher.post(
      '/apis-psychology/activity/add',
      activityBody({ targets: { classIds: [w.classes.klassC.id] } }),
    );
    expect(outside.statusCode).toBe(403);
    expect(outside.json().message).toBe(
      'An activity can only be opened to grades and classes inside your organisation',
    );
    const now = Date.now();
    const late = await w.psychologyTeacher.post(
      '/apis-psychology/activity/add',
      activityBody({ signupUntil: now + 10 * 3_600_000, startsAt: now, endsAt: now + 3_600_000 }),
    );
    expect(late.statusCode).toBe(400);
  });

  it('is refused to a class teacher, who may only read', async () => {
    expect((await w.classTeacher.post('/apis-psychology/activity/add', activityBody())).statusCode).toBe(403);
  });
});

describe('signing up on H5', () => {
  it('shows a parent the activity for their child and takes one place, once', async () => {
    const id = await published(w.psychologyTeacher, activityBody({ title: 'Parents’ evening', audience: 'parents' }));
    const mine = await w.parentA1.get('/apis-psychology/h5/activity/mine');
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data.find((a: { id: number }) => a.id === id)).toMatchObject({
      studentId: w.students.a1,
      by: 'parent',
      signedUp: false,
    });
    const first = await signUp(w.parentA1, id, w.students.a1);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ signed: 1, by: 'parent' });

    const again = await signUp(w.parentA1, id, w.students.a1);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already signed up for this activity; nothing was submitted twice');
    const rows = await t.db.kysely.selectFrom('activity_signups').select('id').where('activity_id', '=', id).execute();
    expect(rows).toHaveLength(1);
    expect((await w.psychologyTeacher.get(`/apis-psychology/activity/${id}`)).json().data.signed).toBe(1);
    const after = await w.parentA1.get('/apis-psychology/h5/activity/mine');
    expect(after.json().data.find((a: { id: number }) => a.id === id).signedUp).toBe(true);
  });

  it('refuses a double submission fired at once: one place, one row', async () => {
    const id = await published(w.psychologyTeacher, activityBody({ title: 'Double tap' }));
    const both = await Promise.all([signUp(w.callers.a2, id, w.students.a2), signUp(w.callers.a2, id, w.students.a2)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const rows = await t.db.kysely.selectFrom('activity_signups').select('id').where('activity_id', '=', id).execute();
    expect(rows).toHaveLength(1);
    expect((await w.psychologyTeacher.get(`/apis-psychology/activity/${id}`)).json().data.signed).toBe(1);
  });

  it('refuses a student of a class the activity is not for, and a student signing up where only parents may', async () => {
    const forA = await published(w.psychologyTeacher, activityBody({ targets: { classIds: [w.classes.klassA.id] } }));
    const b1 = await w.callers.b1.post('/apis-psychology/h5/activity/signup', {
      activityId: forA,
      studentId: w.students.b1,
    });
    expect(b1.statusCode).toBe(403);
    expect(b1.json().message).toBe('This activity is not open to you or your child');
    const parentsOnly = await published(w.psychologyTeacher, activityBody({ audience: 'parents' }));
    expect((await signUp(w.callers.a1, parentsOnly, w.students.a1)).statusCode).toBe(403);
    // Nor may anyone sign up someone else's child.
    expect((await signUp(w.parentA1, forA, w.students.a2)).statusCode).toBe(403);
  });

  it('refuses before sign-up opens', async () => {
    const now = Date.now();
    const id = await published(w.psychologyTeacher, activityBody({ signupFrom: now + 3_600_000 }));
    const res = await signUp(w.callers.a1, id, w.students.a1);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Sign-up is not open now; you are not signed up');
  });

  it('holds the quota when more students than places sign up at the same moment', async () => {
    const crowd = await classmates(t, w.classes.klassB.id, 8, 'Q');
    const id = await published(w.psychologyTeacher, activityBody({ title: 'Three places', quota: 3 }));
    const results = await Promise.all(crowd.map((s) => signUp(s.caller, id, s.id)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(5);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(r.json().message).toBe('All places are taken; you are not signed up');
    }
    const rows = await t.db.kysely.selectFrom('activity_signups').select('id').where('activity_id', '=', id).execute();
    expect(rows).toHaveLength(3);
    expect((await w.psychologyTeacher.get(`/apis-psychology/activity/${id}`)).json().data.signed).toBe(3);
    const shrink = await w.psychologyTeacher.post('/apis-psychology/activity/update', {
      id,
      ...activityBody({ title: 'Three places', quota: 2 }),
    });
    expect(shrink.statusCode).toBe(409);
    expect(shrink.json().message).toBe('Places cannot be fewer than the sign-ups already made (3)');
  });
});

describe('editing before the start', () => {
  it('changes the dates, the quota and who may sign up before the start; afterwards it is read-only', async () => {
    const id = await published(w.psychologyTeacher, activityBody({ title: 'Group session', quota: 10 }));
    const later = activityBody({ title: 'Group session', quota: 12, audience: 'parents' });
    const edited = await w.psychologyTeacher.post('/apis-psychology/activity/update', {
      id,
      ...later,
      startsAt: later.startsAt + 3_600_000,
      endsAt: later.endsAt + 3_600_000,
      targets: { gradeIds: [], classIds: [w.classes.klassA.id] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({
      quota: 12,
      audience: 'parents',
      startsAt: later.startsAt + 3_600_000,
      targets: { gradeIds: [], classIds: [w.classes.klassA.id] },
    });

    // The start passes (as the database sees it): the activity no longer changes.
    await t.db.kysely
      .updateTable('activities')
      .set({ starts_at: Date.now() - 60_000 })
      .where('id', '=', id)
      .execute();
    const late = await w.psychologyTeacher.post('/apis-psychology/activity/update', { id, ...later, quota: 20 });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This activity has started and can no longer be changed');
    expect((await w.psychologyTeacher.get(`/apis-psychology/activity/${id}`)).json().data.quota).toBe(12);
  });
});

describe('the sign-up list', () => {
  let id: number;
  beforeAll(async () => {
    id = await published(w.psychologyTeacher, activityBody({ title: 'Lecture with a list' }));
    const parentB1 = await parentAccount(t, w.orgs.school.id, [w.students.b1]);
    for (const [by, student] of [
      [w.callers.a1, w.students.a1],
      [w.parentA1, w.students.a1],
      [parentB1, w.students.b1],
    ] as const) {
      const res = await signUp(by, id, student);
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it('shows the school’s staff every sign-up, and a class teacher only their class', async () => {
    const all = await w.psychologyTeacher.post('/apis-psychology/activity/signups', { activityId: id });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().data.total).toBe(3);
    const mine = await w.classTeacher.post('/apis-psychology/activity/signups', { activityId: id });
    const seen = mine.json().data.list.map((s: { studentId: number; by: string }) => `${s.studentId}/${s.by}`);
    expect(seen.sort()).toEqual([`${w.students.a1}/parent`, `${w.students.a1}/student`]);
  });

  it('marks attendance, only on sign-ups in the caller’s scope', async () => {
    const list = (await w.psychologyTeacher.post('/apis-psychology/activity/signups', { activityId: id })).json().data
      .list as Array<{ id: number; studentId: number; attended: boolean | null }>;
    expect(list.every((s) => s.attended === null)).toBe(true);
    const mark = await w.psychologyTeacher.post('/apis-psychology/activity/attendance', {
      activityId: id,
      signupIds: list.filter((s) => s.studentId === w.students.a1).map((s) => s.id),
      attended: true,
    });
    expect(mark.statusCode, mark.body).toBe(200);
    expect(mark.json().data.marked).toBe(2);
    const after = (await w.psychologyTeacher.post('/apis-psychology/activity/signups', { activityId: id })).json().data
      .list as Array<{ studentId: number; attended: boolean | null }>;
    expect(after.map((s) => [s.studentId, s.attended]).sort()).toEqual(
      [
        [w.students.a1, true],
        [w.students.a1, true],
        [w.students.b1, null],
      ].sort(),
    );
    const far = await w.otherSchoolAdmin.post('/apis-psychology/activity/attendance', {
      activityId: id,
      signupIds: list.map((s) => s.id),
      attended: false,
    });
    expect(far.statusCode).toBe(404);
  });

  it('exports as a workbook, and cannot be deleted once people signed up', async () => {
    const res = await w.psychologyTeacher.get(`/apis-psychology/activity/export?activityId=${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const book = XLSX.read(res.rawPayload);
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0] ?? ''] ?? {}, { header: 1 });
    expect(rows[0]).toEqual(['Class', 'Student', 'Student no.', 'Signed up by', 'As', 'Signed up at', 'Attended']);
    expect(rows.slice(1).map((r) => [r[1], r[4], r[6]])).toContainEqual(['张三', 'Parent', 'Present']);
    expect(rows).toHaveLength(4);
    const del = await w.psychologyTeacher.post('/apis-psychology/activity/delete', { id });
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe('This activity already has sign-ups and cannot be deleted');
  });
});
