import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildOrg } from '../../../test/factories.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import { insertStudents, placementOf } from '../people/students/testing.ts';
import { buildWarningWorld, step, type WarningWorld } from '../warnings/testing.ts';

let t: TestApp;
let w: WarningWorld;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWarningWorld(t);
  await step(w.psychologyTeacher, 'setup', { id: w.warnings.a2, psychologyUserId: w.psychologyTeacher.user.id });
  await step(w.psychologyTeacher, 'publish', { id: w.warnings.a2 });
}, 90_000);
afterAll(() => t.close());

/** Sends a bad body and expects the message, as the form would show it next to the field. */
async function refused(by: Caller, path: string, body: unknown, message: string, status = 400) {
  const res = path.startsWith('GET ') ? await by.get(path.slice(4)) : await by.post(path, body);
  expect(res.statusCode, res.body).toBe(status);
  const msgs = [
    res.json().message,
    ...(Array.isArray(res.json().data) ? res.json().data.map((d: { msg: string }) => d.msg) : []),
  ];
  expect(msgs).toContain(message);
}

const interview = (more: Record<string, unknown>) => ({
  warningId: w.warnings.a2,
  kind: 'interview',
  happenedAt: Date.now(),
  place: 'Office',
  people: '李四',
  content: 'Talked',
  ...more,
});

describe('the rules of warning steps', () => {
  const W = '/apis-psychology/warning';
  it('refuses missing reasons, conclusions and hand-over targets', async () => {
    const p = w.psychologyTeacher;
    const id = w.warnings.a2;
    await refused(p, `${W}/cancel`, { id, reason: ' ' }, 'Give the reason (1-500 characters)');
    await refused(p, `${W}/solve`, { id, conclusion: '' }, 'Write the conclusion (1-500 characters)');
    await refused(
      p,
      `${W}/handover`,
      { id, to: 'nobody', reason: 'x' },
      'Choose to hand over to a person or to a higher level',
    );
    await refused(p, `${W}/handover`, { id, to: 'person', reason: 'x' }, 'Choose who receives the warning');
    await refused(
      p,
      `${W}/handover`,
      { id, to: 'person', userId: p.user.id, reason: 'x' },
      'This person already handles the warning',
    );
    await refused(
      p,
      `${W}/handover`,
      { id, to: 'person', userId: w.otherSchoolAdmin.user.id, reason: 'x' },
      "Choose an active teacher of the student's school who has an account",
    );
  });

  it('refuses a set-up that names someone other than the school’s teachers', async () => {
    const id = w.warnings.b1;
    await refused(
      w.psychologyTeacher,
      `${W}/setup`,
      { id, psychologyUserId: w.classTeacher.user.id },
      "Choose an active psychology teacher of the student's school",
    );
    await refused(
      w.psychologyTeacher,
      `${W}/setup`,
      { id, psychologyUserId: w.psychologyTeacher.user.id, classTeacherUserId: w.bureauAdmin.user.id },
      "Choose an active teacher of the student's school who has an account",
    );
  });

  it('refuses unknown and unchanged levels, and reports on students out of reach', async () => {
    const p = w.psychologyTeacher;
    const id = w.warnings.a2;
    await refused(
      p,
      `${W}/level`,
      { id, level: 'Red!', reason: 'x' },
      'A level code starts with a lower-case letter: at most 20 letters or digits',
    );
    await refused(
      p,
      `${W}/level`,
      { id, level: 'purple', reason: 'x' },
      'No such warning level; choose one of the configured levels',
    );
    await refused(p, `${W}/level`, { id, level: 'red', reason: 'x' }, 'The warning already has this level');
    await refused(
      p,
      `${W}/report`,
      { studentId: w.students.a1, level: 'red', source: 'rumour', reason: 'x' },
      "Choose the source: a teacher's report or an observation",
    );
    await refused(
      p,
      `${W}/report`,
      { studentId: w.students.c1, level: 'red', source: 'report', reason: 'x' },
      'No such student',
      404,
    );
    await refused(p, `GET ${W}/page?state=closed`, null, 'Not a warning state');
  });

  it('refuses to hand up a warning of a school with no bureau above it', async () => {
    const db = t.db.kysely;
    const school = await buildOrg(db, { type: 'school', name: 'Lone School' });
    const grade = await buildOrg(db, { type: 'grade', name: 'Grade 1', parentId: school.id });
    const klass = await buildOrg(db, { type: 'class', name: 'Class 1-1', parentId: grade.id });
    const [student] = await insertStudents(db, [
      { ...(await placementOf(db, klass.id)), name: '孙七', student_no: 'L001' },
    ]);
    const res = await w.platform.post(`${W}/report`, {
      studentId: student,
      level: 'yellow',
      source: 'report',
      reason: 'x',
    });
    expect(res.statusCode, res.body).toBe(200);
    await refused(
      w.platform,
      `${W}/handover`,
      { id: res.json().data.id, to: 'higher', reason: 'x' },
      'This school has no bureau above it to hand the warning to',
      409,
    );
  });
});

describe('the rules of warning levels', () => {
  const save = '/apis-psychology/warning/level/save';
  const red = { code: 'red', name: { 'zh-CN': '红色预警', en: 'Red' }, colour: '#f5222d', rank: 1 };
  it('refuses bad names, colours, orders and duplicates', async () => {
    const a = w.schoolAdmin;
    await refused(a, save, { levels: [] }, 'Set 1 to 10 warning levels');
    await refused(a, save, { levels: [{ ...red, name: { 'zh-CN': '', en: 'Red' } }] }, 'Level name: 1-20 characters');
    await refused(a, save, { levels: [{ ...red, colour: 'red' }] }, 'Colour as #RRGGBB');
    await refused(a, save, { levels: [{ ...red, rank: 0 }] }, 'Order: 1 to 10, 1 the most severe');
    await refused(a, save, { levels: [red, { ...red, rank: 2 }] }, 'Each level needs its own code');
    await refused(a, save, { levels: [red, { ...red, code: 'blue' }] }, 'Each level needs its own order');
    await refused(
      a,
      save,
      { levels: [{ ...red, code: 'blue' }] },
      'Open warnings still have the level red; it cannot be removed',
      409,
    );
    expect((await w.psychologyTeacher.post(save, { levels: [red] })).statusCode).toBe(403);
  });

  it('saves a new level beside the defaults', async () => {
    const res = await w.schoolAdmin.get('/apis-psychology/warning/level/list');
    const levels = [
      ...res.json().data,
      { code: 'blue', name: { 'zh-CN': '蓝色关注', en: 'Blue' }, colour: '#1677ff', rank: 4 },
    ];
    const saved = await w.schoolAdmin.post(save, { levels });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await w.classTeacher.get('/apis-psychology/warning/level/list');
    expect(after.json().data.map((l: { code: string }) => l.code)).toEqual(['red', 'orange', 'yellow', 'blue']);
  });
});

describe('the rules of intervention records', () => {
  const save = '/apis-psychology/intervene/save';
  it('refuses each broken rule with its message', async () => {
    const p = w.psychologyTeacher;
    await refused(p, save, interview({ kind: 'chat' }), 'Choose the kind: interview, plan, return visit or referral');
    await refused(p, save, interview({ happenedAt: -1 }), 'Give the time');
    await refused(p, save, interview({ content: '' }), 'Write the content (1-2000 characters)');
    await refused(p, save, interview({ assessment: 'x'.repeat(2001) }), 'At most 2000 characters');
    await refused(p, save, interview({ place: '' }), 'An interview needs its place and the people present');
    await refused(
      p,
      save,
      interview({ kind: 'returnVisit' }),
      'Choose how the return visit was made: phone, visit, online or through a parent',
    );
    await refused(p, save, interview({ kind: 'referral' }), 'A referral needs the institution');
    await refused(p, save, interview({ nextFollowUpAt: 1 }), 'The next follow-up must come after this record');
    const path = `attachment/202501/${'a'.repeat(32)}.png`;
    await refused(p, save, interview({ attachments: Array(10).fill(path) }), 'At most 9 attachments');
    await refused(p, save, interview({ attachments: [path] }), 'An attachment was not found; upload it again');
  });

  it('keeps a plan and a referral with their own fields', async () => {
    const p = w.psychologyTeacher;
    const plan = await p.post(
      save,
      interview({ kind: 'plan', place: '', people: '', content: 'Weekly talks for a month' }),
    );
    expect(plan.statusCode, plan.body).toBe(200);
    const referral = await p.post(save, interview({ kind: 'referral', institution: 'City Children’s Hospital' }));
    expect(referral.statusCode, referral.body).toBe(200);
    const list = await p.get(`/apis-psychology/intervene/page?warningId=${w.warnings.a2}&kind=referral`);
    // Each row names its student.
    expect(list.json().data.list).toMatchObject([
      { kind: 'referral', institution: 'City Children’s Hospital', studentName: '李四' },
    ]);
  });

  it('refuses a to-do status other than done or open', async () => {
    await refused(
      w.psychologyTeacher,
      '/apis-checkoff/task/deliver/handler/update/status',
      { id: 1, status: 'later' },
      'The status is done or open',
    );
  });
});
