import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildRole, buildUser } from '../../../test/factories.ts';
import { type Caller, callerFor } from '../../portal/orgs/testing.ts';
import { type ArchiveWorld, buildArchiveWorld } from '../archive/testing.ts';

let t: TestApp;
let w: ArchiveWorld;
let supervisor: Caller;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildArchiveWorld(t);
  // A deployment's own role that reads counsellors' private notes, granted by name.
  const db = t.db.kysely;
  const role = await buildRole(
    db,
    'mind',
    { '/data/appointmentRecordQuery': 'view,privateNotes' },
    'Counselling supervisor',
  );
  supervisor = await callerFor(t, await buildUser(db, { roleIds: [role], orgId: w.orgs.school.id }));
}, 90_000);
afterAll(() => t.close());

const group = (more: Record<string, unknown> = {}) => ({
  title: 'Exam stress circle',
  topic: 'Coping with exam stress',
  plan: 'Six weekly sessions: breathing, planning, sharing',
  startsOn: '2025-10-08',
  sessions: 6,
  studentIds: [w.students.a1, w.students.a2],
  ...more,
});

describe('group counselling', () => {
  let groupId: number;

  it('is applied for by a class teacher for students of their class', async () => {
    const res = await w.classTeacher.post('/apis-psychology/group/apply/add', group());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ state: 'pending', schoolId: w.orgs.school.id, sessionsHeld: 0 });
    expect(res.json().data.members.map((m: { name: string }) => m.name)).toEqual(['张三', '李四']);
    groupId = res.json().data.id;
  });

  it.each([
    [{ title: '' }, 'title', 'Group name: 1-50 characters'],
    [{ topic: '' }, 'topic', 'Topic: 1-100 characters'],
    [{ plan: '' }, 'plan', 'Plan: 1-2000 characters'],
    [{ sessions: 0 }, 'sessions', 'Sessions: 1 to 50'],
    [{ sessions: 51 }, 'sessions', 'Sessions: 1 to 50'],
    [{ studentIds: [] }, 'studentIds', 'Choose 1 to 60 students, each once'],
    [{ startsOn: 'soon' }, 'startsOn', 'Dates are written YYYY-MM-DD'],
  ])('refuses %o with its message', async (change, field, msg) => {
    const res = await w.classTeacher.post('/apis-psychology/group/apply/add', group(change));
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toContainEqual({ field, msg });
  });

  it('refuses members outside the caller’s scope or across schools', async () => {
    const other = await w.classTeacher.post(
      '/apis-psychology/group/apply/add',
      group({ studentIds: [w.students.a1, w.students.b1] }),
    );
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe('Members must be students of one school within your scope');
    const across = await w.bureauAdmin.post(
      '/apis-psychology/group/apply/add',
      group({ studentIds: [w.students.a1, w.students.c1] }),
    );
    expect(across.json().message).toBe('Members must be students of one school within your scope');
  });

  it('is never reviewed by its own applicant, but by another of the school', async () => {
    const own = await w.psychologyTeacher.post('/apis-psychology/group/apply/add', group({ title: 'Own group' }));
    expect(own.statusCode, own.body).toBe(200);
    const id = own.json().data.id;
    const self = await w.psychologyTeacher.post('/apis-psychology/group/apply/review', { id, approve: true });
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe('You cannot review your own application; another reviewer of the school will');
    const byAdmin = await w.schoolAdmin.post('/apis-psychology/group/apply/review', { id, approve: true });
    expect(byAdmin.json().data.state).toBe('approved');
  });

  it('is reviewed by the school: a refusal needs a reason, a class teacher cannot review', async () => {
    const noReason = await w.psychologyTeacher.post('/apis-psychology/group/apply/review', {
      id: groupId,
      approve: false,
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().data).toContainEqual({
      field: 'note',
      msg: 'Review note: up to 500 characters; say why when refusing',
    });
    expect(
      (await w.classTeacher.post('/apis-psychology/group/apply/review', { id: groupId, approve: true })).statusCode,
    ).toBe(403);
    const early = await w.psychologyTeacher.post('/apis-psychology/group/record/add', {
      groupId,
      heldAt: Date.now(),
      place: 'Room 3',
      content: 'Breathing',
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Sessions can be recorded once the application is approved');
    const approved = await w.psychologyTeacher.post('/apis-psychology/group/apply/review', {
      id: groupId,
      approve: true,
      note: 'Room 3 on Wednesdays',
    });
    expect(approved.json().data.state).toBe('approved');
    const again = await w.psychologyTeacher.post('/apis-psychology/group/apply/review', {
      id: groupId,
      approve: false,
      note: 'No',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This application has been reviewed; it cannot be changed or reviewed again');
    expect(
      (await w.psychologyTeacher.post('/apis-psychology/group/apply/update', { id: groupId, ...group() })).statusCode,
    ).toBe(409);
  });

  it('records sessions; an absent student’s archive does not show the session', async () => {
    const stranger = await w.psychologyTeacher.post('/apis-psychology/group/record/add', {
      groupId,
      heldAt: Date.now() - HOUR,
      place: 'Room 3',
      content: 'Breathing',
      absentStudentIds: [w.students.b1],
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().message).toBe('Absent students must be members of the group');
    for (const [field, change, msg] of [
      ['place', { place: '' }, 'Place: 1-100 characters'],
      ['content', { content: '' }, 'Session content: 1-2000 characters'],
      ['heldAt', { heldAt: 'now' }, 'Choose when the session was held'],
    ] as const) {
      const bad = await w.psychologyTeacher.post('/apis-psychology/group/record/add', {
        groupId,
        heldAt: Date.now(),
        place: 'Room 3',
        content: 'x',
        ...change,
      });
      expect(bad.json().data).toContainEqual({ field, msg });
    }
    const held = await w.psychologyTeacher.post('/apis-psychology/group/record/add', {
      groupId,
      heldAt: Date.now() - HOUR,
      place: 'Room 3',
      content: 'Breathing exercises',
      absentStudentIds: [w.students.a2],
    });
    expect(held.statusCode, held.body).toBe(200);
    const sessions = await w.classTeacher.post('/apis-psychology/group/record/page', { groupId });
    expect(sessions.json().data.list).toEqual([
      expect.objectContaining({ groupTitle: 'Exam stress circle', absentStudentIds: [w.students.a2] }),
    ]);
    const a1 = await w.psychologyTeacher.get(`/apis-psychology/studentFile/timeline/${w.students.a1}`);
    expect(a1.json().data.map((e: { kind: string }) => e.kind)).toContain('groupSession');
    const a2 = await w.psychologyTeacher.get(`/apis-psychology/studentFile/timeline/${w.students.a2}`);
    expect(a2.json().data.map((e: { kind: string }) => e.kind)).not.toContain('groupSession');
  });

  it('is hidden from a class teacher of another class and from another district', async () => {
    expect((await w.classTeacherB.post('/apis-psychology/group/apply/page', {})).json().data.total).toBe(0);
    expect((await w.classTeacherB.post('/apis-psychology/group/record/page', {})).json().data.total).toBe(0);
    const one = await w.classTeacherB.get(`/apis-psychology/group/apply/${groupId}`);
    expect(one.statusCode).toBe(404);
    expect(one.json().message).toBe('No such counselling group');
    expect((await w.farBureauAdmin.get(`/apis-psychology/group/apply/${groupId}`)).statusCode).toBe(404);
    expect((await w.bureauAdmin.get(`/apis-psychology/group/apply/${groupId}`)).statusCode).toBe(200);
  });

  it('is an archive (grp) for its own school: another school is told in words and reads none of its sessions', async () => {
    const one = await w.otherSchoolAdmin.get(`/apis-psychology/group/apply/${groupId}`);
    expect(one.statusCode).toBe(404);
    expect(one.json().message).toBe('No such counselling group');
    const sessions = await w.otherSchoolAdmin.post('/apis-psychology/group/record/page', { groupId });
    expect(sessions.json().data.total).toBe(0);
    const own = await w.schoolAdmin.post('/apis-psychology/group/record/page', { groupId });
    expect(own.json().data.total).toBe(1);
  });
});

describe('individual appointments', () => {
  let id: number;
  const ask = (more: Record<string, unknown> = {}, by = w.classTeacher) =>
    by.post('/apis-psychology/appointment/add', {
      studentId: w.students.a1,
      wantedAt: Date.now() + 24 * HOUR,
      reason: 'Cannot sleep before exams',
      ...more,
    });

  it('are requested for a student of the scope', async () => {
    const res = await ask();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ state: 'requested', studentName: '张三', counsellorId: null });
    id = res.json().data.id;
    for (const [change, field, msg] of [
      [{ reason: '' }, 'reason', 'Reason: 1-2000 characters'],
      [{ wantedAt: null }, 'wantedAt', 'Choose when the student would like to come'],
    ] as const) {
      expect((await ask(change)).json().data).toContainEqual({ field, msg });
    }
    const other = await ask({}, w.classTeacherB);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('No such student');
  });

  it('are reviewed: an approval sets the session, a refusal says why', async () => {
    const noTime = await w.psychologyTeacher.post('/apis-psychology/appointment/review', { id, approve: true });
    expect(noTime.json().data).toContainEqual({ field: 'sessionAt', msg: 'When approving, set the session time' });
    const noReason = await w.psychologyTeacher.post('/apis-psychology/appointment/review', { id, approve: false });
    expect(noReason.json().data).toContainEqual({
      field: 'note',
      msg: 'Review note: up to 500 characters; say why when refusing',
    });
    expect(
      (await w.classTeacher.post('/apis-psychology/appointment/review', { id, approve: true, sessionAt: Date.now() }))
        .statusCode,
    ).toBe(403);
    const ok = await w.psychologyTeacher.post('/apis-psychology/appointment/review', {
      id,
      approve: true,
      sessionAt: Date.now() + 2 * HOUR,
      place: 'Counselling room',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({
      state: 'approved',
      counsellorId: w.psychologyTeacher.user.id,
      sessionPlace: 'Counselling room',
    });
  });

  it('are held by their counsellor, then rated from 1 to 5', async () => {
    const early = await w.classTeacher.post('/apis-psychology/appointment/rate', { id, rating: 5 });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('A session can be rated once it is done');
    const notMine = await w.schoolAdmin.post('/apis-psychology/appointment/session', { id, summary: 'Talked' });
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().message).toBe('Only the counsellor who took the appointment can record its session');
    const empty = await w.psychologyTeacher.post('/apis-psychology/appointment/session', { id, summary: '' });
    expect(empty.json().data).toContainEqual({ field: 'summary', msg: 'Session record: 1-2000 characters' });
    const done = await w.psychologyTeacher.post('/apis-psychology/appointment/session', {
      id,
      summary: 'Sleep plan agreed; follow up in two weeks',
    });
    expect(done.json().data.state).toBe('done');
    const twice = await w.psychologyTeacher.post('/apis-psychology/appointment/session', { id, summary: 'Again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This appointment is done; this cannot be done now');
    const bad = await w.classTeacher.post('/apis-psychology/appointment/rate', { id, rating: 6 });
    expect(bad.json().data).toContainEqual({ field: 'rating', msg: 'Rating: 1 to 5' });
    expect((await w.classTeacherB.post('/apis-psychology/appointment/rate', { id, rating: 1 })).statusCode).toBe(404);
    const rated = await w.classTeacher.post('/apis-psychology/appointment/rate', { id, rating: 5, comment: 'Helped' });
    expect(rated.json().data).toMatchObject({ rating: 5, ratingComment: 'Helped' });
  });

  it('are cancelled with a reason, and only before the session', async () => {
    const late = await w.classTeacher.post('/apis-psychology/appointment/cancel', { id, reason: 'Changed mind' });
    expect(late.statusCode).toBe(409);
    const fresh = (await ask()).json().data.id;
    const noReason = await w.classTeacher.post('/apis-psychology/appointment/cancel', { id: fresh, reason: '' });
    expect(noReason.json().data).toContainEqual({
      field: 'reason',
      msg: 'Say why it is cancelled (up to 500 characters)',
    });
    const cancelled = await w.classTeacher.post('/apis-psychology/appointment/cancel', {
      id: fresh,
      reason: 'Family moved',
    });
    expect(cancelled.json().data).toMatchObject({ state: 'cancelled', reviewNote: 'Family moved' });
  });

  it('are hidden from a class teacher of another class and from another district', async () => {
    expect((await w.classTeacherB.post('/apis-psychology/appointment/page', {})).json().data.total).toBe(0);
    const one = await w.classTeacherB.get(`/apis-psychology/appointment/${id}`);
    expect(one.statusCode).toBe(404);
    expect(one.json().message).toBe('No such appointment');
    expect((await w.farBureauAdmin.get(`/apis-psychology/appointment/${id}`)).statusCode).toBe(404);
    expect((await w.bureauAdmin.get(`/apis-psychology/appointment/${id}`)).statusCode).toBe(200);
  });

  it('are the talks held (analysis/review/txth, decision 0135) once done, within the scope', async () => {
    const TXTH = '/apis-psychology/analysis/review/txth';
    const all = (await w.psychologyTeacher.post('/apis-psychology/appointment/page', {})).json().data;
    expect(all.list.map((a: { state: string }) => a.state).sort()).toEqual(['cancelled', 'done']);
    const res = await w.psychologyTeacher.get(TXTH);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ total: 1, list: [{ id, state: 'done', studentName: '张三' }] });
    expect((await w.bureauAdmin.get(`${TXTH}?studentId=${w.students.a1}`)).json().data.total).toBe(1);
    expect((await w.psychologyTeacher.get(`${TXTH}?studentId=${w.students.a2}`)).json().data.total).toBe(0);
    expect((await w.classTeacherB.get(TXTH)).json().data.total).toBe(0);
    expect((await w.farBureauAdmin.get(TXTH)).json().data.total).toBe(0);
  });

  it('keep private notes for their author and roles granted them by name', async () => {
    const empty = await w.psychologyTeacher.post('/apis-psychology/appointment/note/add', {
      appointmentId: id,
      content: '',
    });
    expect(empty.json().data).toContainEqual({ field: 'content', msg: 'Note: 1-2000 characters' });
    const note = await w.psychologyTeacher.post('/apis-psychology/appointment/note/add', {
      appointmentId: id,
      content: 'Mentions a cousin who self-harmed',
    });
    expect(note.statusCode, note.body).toBe(200);
    const own = await w.psychologyTeacher.get(`/apis-psychology/appointment/note/${id}`);
    expect(own.json().data.map((n: { content: string }) => n.content)).toEqual(['Mentions a cousin who self-harmed']);
    // The school administrator holds `*` on every page, yet is not granted private notes by name.
    expect((await w.schoolAdmin.get(`/apis-psychology/appointment/note/${id}`)).json().data).toEqual([]);
    expect((await w.classTeacher.get(`/apis-psychology/appointment/note/${id}`)).json().data).toEqual([]);
    expect((await supervisor.get(`/apis-psychology/appointment/note/${id}`)).json().data).toHaveLength(1);
    const archive = await w.psychologyTeacher.get(`/apis-psychology/studentFile/details/${w.students.a1}`);
    expect(archive.body).not.toContain('cousin');
    const reads = await t.db.kysely
      .selectFrom('audit_log')
      .select('user_id')
      .where('action', '=', 'appointment.notes.read')
      .execute();
    expect(reads.map((r) => r.user_id)).toContain(supervisor.user.id);
  });
});
