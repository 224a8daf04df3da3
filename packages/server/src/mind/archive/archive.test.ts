import type { archiveBaseInfo, archiveDetails, semesterFile, semesterVisits } from '@meridian/contracts';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { fromJson } from '../../platform/db/sql.ts';
import type * as visits from '../homevisits/visits.ts';
import type * as service from './service.ts';
import { type ArchiveWorld, archiveReads, buildArchiveWorld } from './testing.ts';

// The answers' schemas in contracts are what the services return, no more and no less: the type
// checker fails here when one changes without the other (a field the schema lacks would be cut).
type Answer<F extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<F>>;
expectTypeOf<Answer<typeof service.archiveDetails>>().toEqualTypeOf<z.output<typeof archiveDetails>>();
expectTypeOf<Answer<typeof service.archiveBaseInfo>>().toEqualTypeOf<z.output<typeof archiveBaseInfo>>();
type Semester = Answer<typeof service.archiveBySemester>[number];
type SemesterOut = z.output<typeof semesterFile>;
expectTypeOf<keyof Semester>().toEqualTypeOf<keyof SemesterOut>();
expectTypeOf<Semester['results' | 'warnings' | 'homeVisits' | 'growthRecords']>().toEqualTypeOf<
  SemesterOut['results' | 'warnings' | 'homeVisits' | 'growthRecords']
>();
expectTypeOf<Semester>().toExtend<SemesterOut>();
type Visits = Answer<typeof visits.semesterVisits>;
type VisitsOut = z.output<typeof semesterVisits>;
expectTypeOf<keyof Visits>().toEqualTypeOf<keyof VisitsOut>();
expectTypeOf<Visits['list'][number]>().toEqualTypeOf<VisitsOut['list'][number]>();
expectTypeOf<Visits>().toExtend<VisitsOut>();

let t: TestApp;
let w: ArchiveWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await buildArchiveWorld(t);
  // Building the world signs in several callers (password hashing): slow on a busy machine.
}, 90_000);
afterAll(() => t.close());

const growth = (more: Record<string, unknown> = {}) => ({
  studentId: w.students.a1,
  occurredOn: w.days.dateOf(Date.now() - 3 * w.days.DAY),
  category: 'award',
  title: 'Science fair',
  content: 'Second prize with a water-filter model',
  ...more,
});
const family = (more: Record<string, unknown> = {}) => ({
  studentId: w.students.a1,
  structure: 'single',
  livingWith: 'mother',
  economy: 'difficult',
  leftBehind: false,
  guardian: 'Mother',
  ...more,
});

describe('growth records', () => {
  it('are written by the class teacher and listed newest first with the author', async () => {
    const older = await w.classTeacher.post(
      '/apis-psychology/growthRecord/add',
      growth({ occurredOn: w.days.dateOf(Date.now() - 9 * w.days.DAY), title: 'Class monitor' }),
    );
    expect(older.statusCode, older.body).toBe(200);
    const newer = await w.classTeacher.post('/apis-psychology/growthRecord/add', growth());
    expect(newer.statusCode, newer.body).toBe(200);
    const list = await w.psychologyTeacher.post('/apis-psychology/growthRecord/page', { studentId: w.students.a1 });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.list.map((g: { title: string }) => g.title)).toEqual(['Science fair', 'Class monitor']);
    expect(list.json().data.list[0].authorName).toBe(`Nick ${w.classTeacher.user.account}`);
    const edited = await w.classTeacher.post('/apis-psychology/growthRecord/update', {
      id: newer.json().data.id,
      title: 'Science fair (city)',
    });
    expect(edited.json().data.title).toBe('Science fair (city)');
  });

  it.each([
    [{ title: '' }, 'title', 'Title: 1-50 characters'],
    [{ title: 'x'.repeat(51) }, 'title', 'Title: 1-50 characters'],
    [{ content: '' }, 'content', 'Content: 1-2000 characters'],
    [{ category: 'gossip' }, 'category', 'Choose a category: study, activity, award, behaviour, health or other'],
    [{ occurredOn: '2025-02-30' }, 'occurredOn', 'Dates are written YYYY-MM-DD'],
    [{ occurredOn: '2999-01-01' }, 'occurredOn', 'The date cannot be after today'],
  ])('refuses %o with its message', async (change, field, msg) => {
    const res = await w.classTeacher.post('/apis-psychology/growthRecord/add', growth(change));
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toContainEqual({ field, msg });
  });

  it('cannot be written, read or deleted for a student of another class', async () => {
    const add = await w.classTeacherB.post('/apis-psychology/growthRecord/add', growth());
    expect(add.statusCode).toBe(404);
    expect(add.json().message).toBe('No such student');
    const mine = await w.classTeacher.post('/apis-psychology/growthRecord/page', { studentId: w.students.a1 });
    const id = mine.json().data.list[0].id;
    const removed = await w.psychologyTeacher.post('/apis-psychology/growthRecord/delete', { id: 999_999 });
    expect(removed.json().message).toBe('No such growth record');
    const other = await w.classTeacherB.post('/apis-psychology/growthRecord/update', { id, title: 'Mine now' });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('No such growth record');
  });
});

describe('family information', () => {
  it('is saved and read back with the parents of the roster', async () => {
    const saved = await w.classTeacher.post('/apis-psychology/familyInfo/save', family());
    expect(saved.statusCode, saved.body).toBe(200);
    const again = await w.classTeacher.post('/apis-psychology/familyInfo/save', family({ economy: 'average' }));
    expect(again.statusCode).toBe(200);
    const read = await w.psychologyTeacher.get(`/apis-psychology/familyInfo/${w.students.a1}`);
    expect(read.json().data).toMatchObject({
      structure: 'single',
      livingWith: 'mother',
      economy: 'average',
      leftBehind: false,
      guardian: 'Mother',
    });
  });

  it.each([
    [
      { structure: 'big' },
      'structure',
      'Choose the family: both parents, single parent, step-family, grandparents or other',
    ],
    [{ livingWith: 'alone' }, 'livingWith', 'Choose whom the student lives with'],
    [{ economy: 'rich' }, 'economy', 'Choose the family’s means: good, average or difficult'],
    [{ leftBehind: 'no' }, 'leftBehind', 'Say whether the student is left behind'],
    [{ guardian: 'x'.repeat(51) }, 'guardian', 'Guardian: up to 50 characters'],
    [{ notes: 'x'.repeat(501) }, 'notes', 'Notes: up to 500 characters'],
  ])('refuses %o with its message', async (change, field, msg) => {
    const res = await w.classTeacher.post('/apis-psychology/familyInfo/save', family(change));
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toContainEqual({ field, msg });
  });
});

describe('the archive', () => {
  it('holds base information, results, warnings, growth and family in one file', async () => {
    const res = await w.psychologyTeacher.get(`/apis-psychology/studentFile/details/${w.students.a1}`);
    expect(res.statusCode, res.body).toBe(200);
    const file = res.json().data;
    expect(file.student).toMatchObject({ id: w.students.a1, name: '张三' });
    expect(file.results).toEqual([
      expect.objectContaining({ id: w.resultId, scaleName: 'Patient Health Questionnaire (PHQ-9)' }),
    ]);
    expect(file.warnings.length).toBe(1);
    expect(file.warnings[0].level).toBeTruthy();
    expect(file.growthRecords.map((g: { title: string }) => g.title)).toContain('Class monitor');
    expect(file.family.economy).toBe('average');
  });

  it('answers queryBaseInfo with the card and family, and queryXnxqHistory by semester', async () => {
    const base = await w.psychologyTeacher.post('/apis-psychology-audit/studentArchives/queryBaseInfo', {
      studentId: w.students.a1,
    });
    expect(base.statusCode, base.body).toBe(200);
    expect(base.json().data).toMatchObject({ name: '张三', studentNo: 'A001', family: { structure: 'single' } });
    const history = await w.psychologyTeacher.post('/apis-psychology-audit/studentArchives/queryXnxqHistory', {
      studentId: w.students.a1,
    });
    expect(history.statusCode, history.body).toBe(200);
    const [current] = history.json().data;
    expect(current.semester).toMatchObject({ schoolYear: '2025-2026', term: 2 });
    expect(current.current).toBe(true);
    expect(current.results.map((r: { id: number }) => r.id)).toEqual([w.resultId]);
    expect(current.growthRecords.length).toBe(2);
  });

  it('puts every record on the timeline in time order', async () => {
    const res = await w.psychologyTeacher.get(`/apis-psychology/studentFile/timeline/${w.students.a1}`);
    expect(res.statusCode, res.body).toBe(200);
    const events: Array<{ kind: string; at: number; title: string }> = res.json().data;
    expect(events.map((e) => e.kind)).toEqual(expect.arrayContaining(['growth', 'result', 'warning']));
    expect(events.map((e) => e.at)).toEqual([...events.map((e) => e.at)].sort((a, b) => a - b));
    // The growth record of nine days ago comes before today's result.
    expect(events[0]).toMatchObject({ kind: 'growth', title: 'Class monitor' });
  });

  it('lists the scope’s students with what their files hold', async () => {
    const res = await w.classTeacher.post('/apis-psychology/studentFile/page', {});
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data.list;
    expect(rows.map((r: { studentId: number }) => r.studentId).sort()).toEqual([w.students.a1, w.students.a2].sort());
    expect(rows.find((r: { studentId: number }) => r.studentId === w.students.a1)).toMatchObject({
      results: 1,
      warnings: 1,
    });
  });

  it('audits every read: who read which part of whose file', async () => {
    const reads = await archiveReads(t, w.students.a1);
    const parts = reads
      .filter((r) => r.user_id === w.psychologyTeacher.user.id)
      .map((r) => fromJson<{ part: string }>(r.detail).part);
    expect(parts).toEqual(expect.arrayContaining(['details', 'baseInfo', 'semesters', 'timeline', 'growth', 'family']));
  });
});

describe('a student with a file', () => {
  it('cannot be removed from the roster, only disabled', async () => {
    const added = await w.bureauAdmin.post('/apis-psychology/growthRecord/add', growth({ studentId: w.students.c1 }));
    expect(added.statusCode, added.body).toBe(200);
    const removed = await w.otherSchoolAdmin.post('/apis-user/student/remove', { id: w.students.c1 });
    expect(removed.statusCode).toBe(409);
    expect(removed.json().message).toBe(
      'This student has a bound account or records and cannot be removed; disable them instead',
    );
  });
});

describe('who sees an archive', () => {
  const calls = (studentId: number) => [
    (c: ArchiveWorld['classTeacher']) => c.get(`/apis-psychology/studentFile/details/${studentId}`),
    (c: ArchiveWorld['classTeacher']) => c.get(`/apis-psychology/studentFile/timeline/${studentId}`),
    (c: ArchiveWorld['classTeacher']) => c.post('/apis-psychology-audit/studentArchives/queryBaseInfo', { studentId }),
    (c: ArchiveWorld['classTeacher']) =>
      c.post('/apis-psychology-audit/studentArchives/queryXnxqHistory', { studentId }),
    (c: ArchiveWorld['classTeacher']) => c.get(`/apis-psychology/familyInfo/${studentId}`),
    (c: ArchiveWorld['classTeacher']) => c.post('/apis-psychology/growthRecord/page', { studentId }),
  ];

  it('hides every part from a class teacher of another class, and logs the refusal, not a read', async () => {
    for (const call of calls(w.students.a1)) {
      const res = await call(w.classTeacherB);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().message).toBe('No such student');
    }
    const listed = await w.classTeacherB.post('/apis-psychology/studentFile/page', {});
    expect(listed.json().data.list.map((r: { studentId: number }) => r.studentId)).toEqual([w.students.b1]);
    const reads = await archiveReads(t, w.students.a1);
    expect(reads.filter((r) => r.user_id === w.classTeacherB.user.id)).toEqual([]);
    const refused = await t.db.kysely
      .selectFrom('audit_log')
      .select(['result', 'target_id'])
      .where('user_id', '=', w.classTeacherB.user.id)
      .where('action', '=', 'student.refused')
      .execute();
    expect(refused).toContainEqual({ result: 'fail', target_id: String(w.students.a1) });
  });

  it('shows a school’s files to its psychology teacher and a district’s to its bureau, no further', async () => {
    expect((await w.psychologyTeacher.get(`/apis-psychology/studentFile/details/${w.students.b1}`)).statusCode).toBe(
      200,
    );
    expect((await w.psychologyTeacher.get(`/apis-psychology/studentFile/details/${w.students.c1}`)).statusCode).toBe(
      404,
    );
    expect((await w.bureauAdmin.get(`/apis-psychology/studentFile/details/${w.students.c1}`)).statusCode).toBe(200);
    for (const call of calls(w.students.a1)) expect((await call(w.farBureauAdmin)).statusCode).toBe(404);
  });

  it('is closed to students themselves: the archive is the staff’s file, and asking is audited', async () => {
    const res = await w.callers.a1.get(`/apis-psychology/studentFile/details/${w.students.a1}`);
    expect(res.statusCode).toBe(403);
    const refused = await t.db.kysely
      .selectFrom('audit_log')
      .select(['target_type', 'detail'])
      .where('user_id', '=', w.callers.a1.user.id)
      .where('action', '=', 'student.refused')
      .executeTakeFirst();
    // Refused by the access guard (a student holds no staff permission), audited all the same.
    expect(refused?.target_type).toBe('route');
    expect(fromJson(refused?.detail ?? '{}')).toEqual({
      reason: 'noPermission',
      route: 'GET /api/apis-psychology/studentFile/details/:studentId',
      access: '/data/studentFile:view',
    });
  });
});

describe('the whole file', () => {
  it('keeps every section with each of its fields', async () => {
    const HOUR = 3_600_000;
    const studentId = w.students.a1;
    const parent = await w.schoolAdmin.post('/apis-user/parent/add', {
      studentId,
      relation: 'father',
      name: '张爸爸',
      phone: '13900002222',
    });
    expect(parent.statusCode, parent.body).toBe(200);
    const visitedAt = Date.now() - 2 * HOUR;
    const visit = await w.classTeacher.post('/apis-psychology/homeVisit/record/add', {
      taskId: null,
      studentId,
      visitedAt,
      way: 'phone',
      people: 'Father',
      summary: 'Calmer since the counselling started.',
    });
    expect(visit.statusCode, visit.body).toBe(200);
    const applied = await w.classTeacher.post('/apis-psychology/group/apply/add', {
      title: 'Sleep circle',
      topic: 'Sleeping before exams',
      plan: 'Four weekly sessions',
      startsOn: w.days.dateOf(Date.now()),
      sessions: 4,
      studentIds: [studentId],
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const groupId = applied.json().data.id;
    const approved = await w.psychologyTeacher.post('/apis-psychology/group/apply/review', {
      id: groupId,
      approve: true,
      note: 'Room 2',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const heldAt = Date.now() - HOUR;
    const session = await w.psychologyTeacher.post('/apis-psychology/group/record/add', {
      groupId,
      heldAt,
      place: 'Room 2',
      content: 'Breathing before bed',
    });
    expect(session.statusCode, session.body).toBe(200);
    const wantedAt = Date.now() + 24 * HOUR;
    const asked = await w.classTeacher.post('/apis-psychology/appointment/add', {
      studentId,
      wantedAt,
      reason: 'Wakes at night',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const observed = await w.classTeacher.post('/apis-psychology/dailyObservationOfTeachers/add', {
      studentId,
      occurredOn: w.days.dateOf(Date.now()),
      category: 'mood',
      title: 'Smiled in class',
      content: 'Joined the group work.',
    });
    expect(observed.statusCode, observed.body).toBe(200);
    const grown = await w.classTeacher.post('/apis-psychology/growthRecord/add', growth({ title: 'Choir' }));
    expect(grown.statusCode, grown.body).toBe(200);
    const saved = await w.classTeacher.post(
      '/apis-psychology/familyInfo/save',
      family({ economy: 'good', notes: 'Shy with adults' }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const warning = await t.db.kysely
      .selectFrom('warnings')
      .select(['id', 'school_id', 'class_id'])
      .where('student_id', '=', studentId)
      .executeTakeFirstOrThrow();
    const happenedAt = Date.now() - 3 * HOUR;
    const { id: interventionId } = await t.db.kysely
      .insertInto('interventions')
      .values({
        warning_id: warning.id,
        student_id: studentId,
        school_id: warning.school_id,
        class_id: warning.class_id,
        kind: 'interview',
        happened_at: happenedAt,
        place: 'Counselling room',
        people: 'Student, psychology teacher',
        content: 'Talked about sleep',
        assessment: 'Low mood',
        next_step: 'Weekly talks',
        method: null,
        institution: '',
        attachments: '[]',
        private_note: 'Mentions a cousin',
        next_follow_up_at: null,
        author_id: w.psychologyTeacher.user.id,
        created_at: happenedAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const res = await w.psychologyTeacher.get(`/apis-psychology/studentFile/details/${studentId}`);
    expect(res.statusCode, res.body).toBe(200);
    const file = res.json().data;
    // toEqual, not toMatchObject: a field the answer's schema left out would fail here.
    expect(Object.keys(file).sort()).toEqual([
      'appointments',
      'family',
      'groupCounselling',
      'growthRecords',
      'homeVisits',
      'interventions',
      'observations',
      'parents',
      'results',
      'signedForms',
      'student',
      'warnings',
    ]);
    const at = expect.any(Number);
    expect(file.results).toContainEqual({
      id: w.resultId,
      taskId: expect.any(Number),
      scaleId: w.scales.phq9,
      scaleName: 'Patient Health Questionnaire (PHQ-9)',
      valid: true,
      total: 2,
      band: 'minimal',
      warningLevel: 'red',
      submittedAt: at,
    });
    expect(file.warnings).toContainEqual({
      id: warning.id,
      level: 'red',
      state: 'new',
      rule: 'selfHarm',
      reason: 'PHQ-9 item 9 reports thoughts of self-harm',
      sourceType: 'assessment',
      createdAt: at,
      closedAt: null,
      history: [
        {
          action: 'open',
          fromState: null,
          toState: 'new',
          fromLevel: null,
          toLevel: 'red',
          reason: null,
          by: null,
          at,
        },
      ],
    });
    // Without the private note, which stays behind the intervention pages' own permission.
    expect(file.interventions).toContainEqual({
      id: interventionId,
      warningId: warning.id,
      kind: 'interview',
      happenedAt,
      place: 'Counselling room',
      people: 'Student, psychology teacher',
      content: 'Talked about sleep',
      assessment: 'Low mood',
      nextStep: 'Weekly talks',
      institution: '',
      by: `Nick ${w.psychologyTeacher.user.account}`,
    });
    expect(file.homeVisits).toContainEqual({
      id: visit.json().data.id,
      taskName: null,
      visitedAt,
      way: 'phone',
      people: 'Father',
      summary: 'Calmer since the counselling started.',
      answers: {},
    });
    expect(file.groupCounselling).toContainEqual({
      groupId,
      title: 'Sleep circle',
      topic: 'Sleeping before exams',
      state: 'approved',
      sessionId: session.json().data.id,
      heldAt,
      place: 'Room 2',
      content: 'Breathing before bed',
      absent: false,
    });
    expect(file.appointments).toContainEqual({
      id: asked.json().data.id,
      state: 'requested',
      wantedAt,
      reason: 'Wakes at night',
      sessionAt: null,
      summary: null,
      rating: null,
      createdAt: at,
    });
    expect(file.growthRecords).toContainEqual({
      id: grown.json().data.id,
      occurredOn: growth().occurredOn,
      category: 'award',
      title: 'Choir',
      content: growth().content,
      authorId: w.classTeacher.user.id,
    });
    expect(file.observations).toContainEqual({
      id: observed.json().data.id,
      kind: 'dailyObservationOfTeachers',
      occurredOn: w.days.dateOf(Date.now()),
      category: 'mood',
      title: 'Smiled in class',
      content: 'Joined the group work.',
      by: `Nick ${w.classTeacher.user.account}`,
    });
    const father = { parentId: parent.json().data.id, name: '张爸爸', phone: '139****2222', relation: 'father' };
    expect(file.parents).toEqual([father]);
    expect(file.family).toEqual({
      studentId,
      structure: 'single',
      livingWith: 'mother',
      economy: 'good',
      leftBehind: false,
      guardian: 'Mother',
      notes: 'Shy with adults',
      parents: [father],
      updatedAt: at,
    });
    expect(Object.keys(file.student).sort()).toEqual(
      [
        'id',
        'name',
        'studentNo',
        'gender',
        'birthday',
        'idCard',
        'phone',
        'enrolYear',
        'status',
        'userId',
        'school',
        'campus',
        'grade',
        'class',
        'createdAt',
        'updatedAt',
      ].sort(),
    );
  });
});
