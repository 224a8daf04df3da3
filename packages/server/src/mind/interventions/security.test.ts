import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import { buildWarningWorld, step, type WarningWorld } from '../warnings/testing.ts';

let t: TestApp;
let w: WarningWorld;
let recordId: number;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWarningWorld(t);
  const id = w.warnings.a2;
  await step(w.psychologyTeacher, 'setup', { id, psychologyUserId: w.psychologyTeacher.user.id });
  await step(w.psychologyTeacher, 'publish', { id });
  const res = await w.classTeacher.post('/apis-psychology/intervene/save', {
    warningId: id,
    kind: 'interview',
    happenedAt: Date.now() - 1000,
    place: 'Office',
    people: '李四',
    content: 'First talk',
    privateNote: 'Father drinks',
    nextFollowUpAt: Date.now() + 60_000,
  });
  expect(res.statusCode, res.body).toBe(200);
  recordId = res.json().data.id;
}, 90_000);
afterAll(() => t.close());

type Who = 'psychologyTeacher' | 'classTeacher' | 'classBTeacher' | 'otherSchoolAdmin' | 'bureauAdmin' | 'schoolAdmin';
const who = (name: Who): Caller => w[name];
const listIds = async (by: Caller, url: string) => {
  const res = await by.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.list.map((r: { id?: number; warningId?: number }) => r.id ?? r.warningId);
};

describe('who sees which warning', () => {
  const cases: Array<[Who, Array<'a2' | 'b1'>]> = [
    ['psychologyTeacher', ['b1', 'a2']],
    ['schoolAdmin', ['b1', 'a2']],
    ['bureauAdmin', ['b1', 'a2']],
    ['classTeacher', ['a2']],
    ['classBTeacher', ['b1']],
    ['otherSchoolAdmin', []],
  ];
  for (const [name, expected] of cases) {
    it(`${name}: the page, the counts, one warning and the student's warnings`, async () => {
      const ids = expected.map((k) => w.warnings[k]);
      expect(await listIds(who(name), '/apis-psychology/warning/page')).toEqual(ids);
      expect(await listIds(who(name), '/apis-psychology/analysis/itemStatus/earlyWarningPage')).toEqual(ids);
      const counts = await who(name).get('/apis-psychology/warning/statistics');
      expect(counts.json().data.total).toBe(ids.length);
      const one = await who(name).get(`/apis-psychology/warning/${w.warnings.a2}`);
      expect(one.statusCode).toBe(expected.includes('a2') ? 200 : 404);
      if (one.statusCode === 404) expect(one.json().message).toBe('No such warning');
      const student = await who(name).get(`/apis-psychology/warning/earlyWarningIntervention/${w.students.a2}`);
      expect(student.json().data.warnings).toHaveLength(expected.includes('a2') ? 1 : 0);
    });
  }

  it('refuses students, on every warning call', async () => {
    for (const url of [
      '/apis-psychology/warning/page',
      `/apis-psychology/warning/${w.warnings.a2}`,
      '/apis-psychology/intervene/page',
    ]) {
      expect((await w.callers.a2.get(url)).statusCode).toBe(403);
    }
  });
});

describe('who sees which intervention record and private note', () => {
  const cases: Array<[Who, 'record' | 'none', 'note' | 'hidden']> = [
    ['classTeacher', 'record', 'note'], // the author
    ['psychologyTeacher', 'record', 'hidden'],
    ['schoolAdmin', 'record', 'note'], // granted every code, privateNotes included
    ['classBTeacher', 'none', 'hidden'],
    ['otherSchoolAdmin', 'none', 'hidden'],
  ];
  for (const [name, sees, note] of cases) {
    it(`${name}: ${sees === 'record' ? 'sees' : 'does not see'} the interview, note ${note}`, async () => {
      const res = await who(name).get(`/apis-psychology/interview/page?warningId=${w.warnings.a2}`);
      expect(res.statusCode, res.body).toBe(200);
      const list = res.json().data.list as Array<{ id: number; privateNote: string | null }>;
      expect(list.map((r) => r.id)).toEqual(sees === 'record' ? [recordId] : []);
      if (sees === 'record') expect(list[0]?.privateNote).toBe(note === 'note' ? 'Father drinks' : null);
    });
  }
});

describe('who may act on a warning', () => {
  it('keeps class B’s teacher from recording on or solving class A’s warning', async () => {
    const record = await w.classBTeacher.post('/apis-psychology/intervene/save', {
      warningId: w.warnings.a2,
      kind: 'plan',
      happenedAt: Date.now(),
      content: 'x',
    });
    expect(record.statusCode).toBe(404);
    const solve = await w.classBTeacher.post('/apis-psychology/warning/solve', { id: w.warnings.a2, conclusion: 'x' });
    expect(solve.statusCode).toBe(404);
  });

  it('keeps a class teacher from assigning, and from handling a warning they were not named for', async () => {
    const setup = await w.classBTeacher.post('/apis-psychology/warning/setup', {
      id: w.warnings.b1,
      psychologyUserId: w.psychologyTeacher.user.id,
    });
    expect(setup.statusCode).toBe(403);
    const solve = await w.classBTeacher.post('/apis-psychology/warning/solve', { id: w.warnings.b1, conclusion: 'x' });
    expect(solve.statusCode).toBe(403);
    expect(solve.json().message).toBe(
      'Only the teachers handling this warning, or someone who assigns warnings, can do this',
    );
  });

  it('shows the attention list within the scope only', async () => {
    await t.db.kysely
      .updateTable('warnings')
      .set({ follow_up_due_at: Date.now() - 1000 })
      .where('id', '=', w.warnings.a2)
      .execute();
    expect(await listIds(w.classTeacher, '/apis-psychology/attentionReminder/page')).toEqual([w.warnings.a2]);
    expect(await listIds(w.classBTeacher, '/apis-psychology/attentionReminder/page')).toEqual([]);
    expect(await listIds(w.otherSchoolAdmin, '/apis-psychology/attentionReminder/page')).toEqual([]);
  });

  it('lets each person see and close only their own to-dos', async () => {
    const mine = await w.classTeacher.post('/apis-psychology/todo/list', {});
    expect(mine.statusCode, mine.body).toBe(200);
    const todo = mine.json().data.list[0];
    // The level by its name, not its code.
    expect(todo.title).toBe('Follow up the warning about 李四 (Red)');
    const theirs = await w.classBTeacher.post('/apis-checkoff/task/deliver/handler/update/status', {
      id: todo.id,
      status: 'done',
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe('No such to-do');
    const own = await w.classTeacher.post('/apis-checkoff/task/deliver/handler/update/status', {
      id: todo.id,
      status: 'done',
    });
    expect(own.statusCode, own.body).toBe(200);
    const done = await w.classTeacher.post('/apis-psychology/todo/list', { status: 'done' });
    expect(done.json().data.list.map((r: { id: number }) => r.id)).toContain(todo.id);
  });
});

describe("a warning's handlers", () => {
  it('are named to a class teacher, who may not list the school’s teachers', async () => {
    const db = t.db.kysely;
    const psychology = w.psychologyTeacher.user.id;
    const listed = await db.selectFrom('teachers').select('name').where('user_id', '=', psychology).executeTakeFirst();
    const account = await db
      .selectFrom('users')
      .select('nickname')
      .where('id', '=', psychology)
      .executeTakeFirstOrThrow();
    const name = listed?.name ?? account.nickname;
    const page = (await w.classTeacher.get('/apis-psychology/warning/page')).json().data.list;
    expect(page).toEqual([expect.objectContaining({ id: w.warnings.a2, psychologyName: name })]);
    const one = (await w.classTeacher.get(`/apis-psychology/warning/${w.warnings.a2}`)).json().data;
    expect(one).toMatchObject({ psychologyName: name, psychologyUserId: psychology });
    expect(one.classTeacherName === null || typeof one.classTeacherName === 'string').toBe(true);
  });
});
