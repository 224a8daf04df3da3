import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { type ArchiveWorld, buildArchiveWorld } from '../archive/testing.ts';

let t: TestApp;
let w: ArchiveWorld;
let taskId: number;
const HOUR = 3_600_000;

const QUESTIONS = [
  { id: 'mood', title: 'How is the child at home?', type: 'single', options: ['Calm', 'Withdrawn', 'Irritable'] },
  {
    id: 'help',
    title: 'What support does the family need?',
    type: 'multi',
    options: ['Tutoring', 'Counselling', 'Money'],
  },
  { id: 'note', title: 'Anything else', type: 'text', required: false },
];
const task = (more: Record<string, unknown> = {}) => ({
  name: 'Autumn home visits',
  questions: QUESTIONS,
  targets: { classIds: [w.classes.klassA.id] },
  startsAt: Date.now() - 48 * HOUR,
  endsAt: Date.now() + 48 * HOUR,
  ...more,
});
const visit = (more: Record<string, unknown> = {}) => ({
  taskId,
  studentId: w.students.a1,
  visitedAt: Date.now() - HOUR,
  way: 'home',
  place: 'Family flat',
  people: 'Mother, class teacher',
  answers: { mood: 'Withdrawn', help: ['Counselling', 'Tutoring'] },
  summary: 'Sleeps badly since the exams; mother agrees to a counselling appointment.',
  ...more,
});

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildArchiveWorld(t);
  const created = await w.psychologyTeacher.post('/apis-psychology/homeVisit/task/add', task());
  expect(created.statusCode, created.body).toBe(200);
  taskId = created.json().data.id;
}, 90_000);
afterAll(() => t.close());

describe('home-visit tasks', () => {
  it('are found by name in any case, with LIKE wildcards taken literally', async () => {
    const ids = async (keyword: string) => {
      const res = await w.psychologyTeacher.post('/apis-psychology/homeVisit/task/page', { keyword });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.list.map((x: { id: number }) => x.id);
    };
    expect(await ids('autumn HOME')).toContain(taskId);
    expect(await ids('%')).toEqual([]);
    expect(await ids(' ')).toContain(taskId);
  });

  it('keep their form, targets and window, owned by the school', async () => {
    const res = await w.classTeacher.get(`/apis-psychology/homeVisit/task/${taskId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Autumn home visits',
      orgId: w.orgs.school.id,
      targets: { classIds: [w.classes.klassA.id], studentIds: [] },
    });
    expect(res.json().data.questions[2]).toMatchObject({ id: 'note', options: [], required: false });
  });

  it.each([
    [{ name: '' }, 'name', 'Task name: 1-50 characters'],
    [{ questions: [] }, 'questions', 'A visit form has 1 to 50 questions'],
    [{ questions: [{ id: 'q', title: '', type: 'text' }] }, 'questions[0].title', 'Question: 1-100 characters'],
    [
      { questions: [{ id: 'q', title: 'Q', type: 'scale' }] },
      'questions[0].type',
      'A question is text, single choice or multiple choice',
    ],
    [
      { questions: [{ id: 'q', title: 'Q', type: 'single', options: ['Only'] }] },
      'questions[0].options',
      'A choice question has 2 to 10 different options (up to 50 characters each); a text question has none',
    ],
    [
      { questions: [{ id: 'q', title: 'Q', type: 'text', options: ['A', 'B'] }] },
      'questions[0].options',
      'A choice question has 2 to 10 different options (up to 50 characters each); a text question has none',
    ],
    [
      {
        questions: [
          { id: 'q', title: 'Q', type: 'text' },
          { id: 'q', title: 'R', type: 'text' },
        ],
      },
      'questions',
      'Question ids: 1-20 characters, each used once',
    ],
    [{ targets: { classIds: [] } }, 'targets', 'Choose the classes or students to visit (at most 5,000)'],
    [{ endsAt: 1 }, 'endsAt', 'Set the visiting window; it must end after it starts'],
  ])('refuses %o with its message', async (change, field, msg) => {
    const res = await w.psychologyTeacher.post('/apis-psychology/homeVisit/task/add', task(change));
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toContainEqual({ field, msg });
  });

  it('refuses targets outside the caller’s scope', async () => {
    const res = await w.psychologyTeacher.post(
      '/apis-psychology/homeVisit/task/add',
      task({ targets: { classIds: [w.classes.klassC.id] } }),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('The classes and students to visit must lie within the organisations you manage');
    const student = await w.psychologyTeacher.post(
      '/apis-psychology/homeVisit/task/add',
      task({ targets: { studentIds: [w.students.c1] } }),
    );
    expect(student.statusCode).toBe(403);
  });
});

describe('home-visit records', () => {
  it('record a visit with the answers of the form', async () => {
    const res = await w.classTeacher.post('/apis-psychology/homeVisit/record/add', visit());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      taskName: 'Autumn home visits',
      studentName: '张三',
      answers: { mood: 'Withdrawn', help: ['Counselling', 'Tutoring'] },
    });
    const free = await w.classTeacher.post(
      '/apis-psychology/homeVisit/record/add',
      visit({ taskId: null, answers: {}, way: 'phone', studentId: w.students.a2 }),
    );
    expect(free.statusCode, free.body).toBe(200);
  });

  it.each([
    [{ way: 'letter' }, 'way', 'Choose how: at home, by phone, by video or at school'],
    [{ people: '' }, 'people', 'People present: 1-100 characters'],
    [{ summary: '' }, 'summary', 'Visit summary: 1-2000 characters'],
    [{ place: 'x'.repeat(101) }, 'place', 'Place: up to 100 characters'],
    [{ visitedAt: 'yesterday' }, 'visitedAt', 'Choose when the visit took place'],
    [{ visitedAt: Date.now() + 5 * HOUR }, 'visitedAt', 'A visit cannot be recorded in the future'],
    [{ visitedAt: Date.now() - 72 * HOUR }, 'visitedAt', 'The visit must fall within the task’s window'],
  ])('refuses %o with its message', async (change, field, msg) => {
    const res = await w.classTeacher.post('/apis-psychology/homeVisit/record/add', visit(change));
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toContainEqual({ field, msg });
  });

  it.each([
    [{ answers: { help: ['Money'] } }, 'Please answer: How is the child at home?'],
    [{ answers: { mood: 'Happy', help: [] } }, 'The answer to “How is the child at home?” must be one of its options'],
    [
      { answers: { mood: ['Calm', 'Withdrawn'] } },
      'The answer to “How is the child at home?” must be one of its options',
    ],
    [{ answers: { mood: 'Calm', pets: 'A cat' } }, 'The visit form has no such question'],
  ])('checks the answers %o against the form', async (change, message) => {
    const res = await w.classTeacher.post('/apis-psychology/homeVisit/record/add', visit(change));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('refuses a student the task does not visit', async () => {
    const res = await w.psychologyTeacher.post(
      '/apis-psychology/homeVisit/record/add',
      visit({ studentId: w.students.b1 }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This student is not among the students this task visits');
  });

  it('locks the form and keeps the task once visits exist', async () => {
    const changed = await w.psychologyTeacher.post('/apis-psychology/homeVisit/task/update', {
      id: taskId,
      ...task({ questions: QUESTIONS.slice(0, 2) }),
    });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toBe('This task already has visit records; its form questions can no longer change');
    const renamed = await w.psychologyTeacher.post('/apis-psychology/homeVisit/task/update', {
      id: taskId,
      ...task({ name: 'Autumn visits' }),
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const removed = await w.psychologyTeacher.post('/apis-psychology/homeVisit/task/delete', { id: taskId });
    expect(removed.statusCode).toBe(409);
    expect(removed.json().message).toBe('This task already has visit records; it cannot be deleted');
  });

  it('shows the semester’s visits on the student’s page', async () => {
    const res = await w.psychologyTeacher.get(`/apis-psychology/analysis/itemStatus/homeVisit/${w.students.a1}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.semester).toMatchObject({ term: 2 });
    expect(res.json().data.list.map((v: { studentId: number }) => v.studentId)).toEqual([w.students.a1]);
  });

  it('are on the student’s timeline', async () => {
    const res = await w.psychologyTeacher.get(`/apis-psychology/studentFile/timeline/${w.students.a1}`);
    expect(res.json().data.map((e: { kind: string }) => e.kind)).toContain('homeVisit');
  });
});

describe('who sees home visits', () => {
  it('hides a class’s visits from the teacher of another class', async () => {
    const list = await w.classTeacherB.post('/apis-psychology/homeVisit/record/page', {});
    expect(list.json().data.total).toBe(0);
    const mine = await w.classTeacher.post('/apis-psychology/homeVisit/record/page', { studentId: w.students.a1 });
    const id = mine.json().data.list[0].id;
    const one = await w.classTeacherB.get(`/apis-psychology/homeVisit/record/${id}`);
    expect(one.statusCode).toBe(404);
    expect(one.json().message).toBe('No such home visit');
    const semester = await w.classTeacherB.get(`/apis-psychology/analysis/itemStatus/homeVisit/${w.students.a1}`);
    expect(semester.statusCode).toBe(404);
    const add = await w.classTeacherB.post(
      '/apis-psychology/homeVisit/record/add',
      visit({ taskId: null, answers: {} }),
    );
    expect(add.statusCode).toBe(404);
  });

  it('shows the school’s visits to the bureau, not to another district', async () => {
    expect((await w.bureauAdmin.post('/apis-psychology/homeVisit/record/page', {})).json().data.total).toBe(2);
    expect((await w.farBureauAdmin.post('/apis-psychology/homeVisit/record/page', {})).json().data.total).toBe(0);
    expect((await w.farBureauAdmin.get(`/apis-psychology/homeVisit/task/${taskId}`)).statusCode).toBe(404);
  });
});

describe('the answer export', () => {
  it('is a real xlsx with one row per visit and a column per question, and is audited', async () => {
    const res = await w.psychologyTeacher.get(`/apis-psychology/survey/task/exportHomeVisitAnswer?taskId=${taskId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = XLSX.read(res.rawPayload, { type: 'buffer' });
    const sheet = book.Sheets[book.SheetNames[0] ?? ''];
    if (!sheet) throw new Error('no sheet');
    const rows = XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1 });
    expect(rows[0]).toEqual(
      expect.arrayContaining(['Student', 'How is the child at home?', 'What support does the family need?']),
    );
    expect(rows.length).toBe(2);
    const header = rows[0] ?? [];
    expect(rows[1]?.[header.indexOf('How is the child at home?')]).toBe('Withdrawn');
    expect(rows[1]?.[header.indexOf('Student')]).toBe('张三');
    const logged = await t.db.kysely
      .selectFrom('audit_log')
      .select('user_id')
      .where('action', '=', 'homeVisit.export')
      .execute();
    expect(logged).toEqual([{ user_id: w.psychologyTeacher.user.id }]);
  });

  it('holds only the visits of the exporter’s scope, and needs the export permission', async () => {
    const denied = await w.classTeacher.get(`/apis-psychology/survey/task/exportHomeVisitAnswer?taskId=${taskId}`);
    expect(denied.statusCode).toBe(403);
    const far = await w.farBureauAdmin.get(`/apis-psychology/survey/task/exportHomeVisitAnswer?taskId=${taskId}`);
    expect(far.statusCode).toBe(404);
    expect(far.json().message).toBe('No such home-visit task');
  });
});

describe('the head teachers’ home visits (analysis/review/bzrjf, decision 0135)', () => {
  const BZRJF = '/apis-psychology/analysis/review/bzrjf';
  it('list the visits the student’s head teacher made, not the psychology teacher’s, within the scope', async () => {
    const theirs = await w.psychologyTeacher.post(
      '/apis-psychology/homeVisit/record/add',
      visit({ taskId: null, answers: {}, people: 'Father' }),
    );
    expect(theirs.statusCode, theirs.body).toBe(200);
    const all = (await w.psychologyTeacher.post('/apis-psychology/homeVisit/record/page', {})).json().data;
    expect(all.total).toBe(3);
    const res = await w.psychologyTeacher.get(BZRJF);
    expect(res.statusCode, res.body).toBe(200);
    const heads = res.json().data;
    // 张三's and 李四's visits by their head teacher; the psychology teacher's own is left out.
    expect(heads.total).toBe(2);
    expect(heads.list.map((v: { visitorId: number }) => v.visitorId)).toEqual([
      w.classTeacher.user.id,
      w.classTeacher.user.id,
    ]);
    expect(heads.list.map((v: { studentName: string }) => v.studentName).sort()).toEqual(['张三', '李四'].sort());
    const one = (await w.psychologyTeacher.get(`${BZRJF}?studentId=${w.students.a2}&size=1`)).json().data;
    expect(one).toMatchObject({ total: 1, size: 1, list: [{ studentName: '李四', way: 'phone' }] });
    expect((await w.bureauAdmin.get(BZRJF)).json().data.total).toBe(2);
    expect((await w.farBureauAdmin.get(BZRJF)).json().data.total).toBe(0);
    expect((await w.classTeacherB.get(BZRJF)).json().data.total).toBe(0);
  });
});
