import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { type AssessmentWorld, buildAssessmentWorld, phqSheet, publishedTask, taskBody } from './testing.ts';

let t: TestApp;
let w: AssessmentWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await buildAssessmentWorld(t);
  // Building the world signs in several callers (password hashing): slow on a busy machine.
}, 60_000);
afterAll(() => t.close());

const create = (body: unknown, by = w.schoolAdmin) => by.post('/apis-psychology/survey/record/createTask', body);
const move = (move: string, id: number, by = w.schoolAdmin) => by.post(`/apis-psychology/survey/task/${move}`, { id });

describe('creating a task', () => {
  it('keeps a draft with its scales, targets and rules', async () => {
    const res = await create(
      taskBody([w.scales.phq9, w.scales.mht], { classIds: [w.classes.klassA.id] }, { retest: true, maxMinutes: 30 }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Autumn screening',
      state: 'draft',
      kind: 'student',
      retest: true,
      showReport: false,
      maxMinutes: 30,
      orgId: w.orgs.school.id,
      assignees: 0,
      scales: [
        { scaleId: w.scales.phq9, versionId: null },
        { scaleId: w.scales.mht, versionId: null },
      ],
    });
  });

  it.each([
    [{ name: '' }, 'name', 'Task name: 1-50 characters'],
    [{ scaleIds: [] }, 'scaleIds', 'Choose 1 to 10 scales'],
    [{ endsAt: 1 }, 'endsAt', 'Set the answering window; it must end after it starts'],
    [{ kind: 'other' }, 'rater', 'An other-rater task needs a rater (class teacher or parent); other tasks take none'],
    [{ maxMinutes: 0 }, 'maxMinutes', 'Maximum answering time: 1 to 600 minutes'],
  ])('refuses %o with its message', async (change, field, msg) => {
    const res = await create({ ...taskBody([w.scales.phq9], { classIds: [w.classes.klassA.id] }), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toContainEqual({ field, msg });
  });

  it('refuses a task without targets, and targets outside the caller’s organisations', async () => {
    const none = await create(taskBody([w.scales.phq9], {}));
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Choose whom the task reaches');
    const outside = await create(taskBody([w.scales.phq9], { classIds: [w.classes.klassC.id] }));
    expect(outside.statusCode).toBe(403);
    expect(outside.json().message).toBe('The targets must lie within the organisations you manage');
    const student = await create(taskBody([w.scales.phq9], { studentIds: [w.students.c1] }));
    expect(student.statusCode).toBe(403);
    const wrongType = await create(taskBody([w.scales.phq9], { schoolIds: [w.classes.klassA.id] }));
    expect(wrongType.statusCode).toBe(403);
  });

  it('refuses a scale that does not exist', async () => {
    const res = await create(taskBody([999_999], { classIds: [w.classes.klassA.id] }));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No such scale within your data scope');
  });

  it('refuses teachers in a student task', async () => {
    const res = await create(taskBody([w.scales.phq9], { teacherUserIds: [w.psychologyTeacher.user.id] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'A teacher task reaches teachers only; student and other-rater tasks reach no teachers',
    );
  });

  it('refuses a student (H5 accounts run no tasks)', async () => {
    const res = await create(taskBody([w.scales.phq9], { classIds: [w.classes.klassA.id] }), w.callers.a1);
    expect(res.statusCode).toBe(403);
  });
});

describe('the life of a task', () => {
  it('publishes once, pinning versions and writing a sheet per student and scale, then pauses, resumes and ends', async () => {
    const id = await publishedTask(
      w.schoolAdmin,
      taskBody([w.scales.phq9, w.scales.mht], { gradeIds: [w.orgs.grade.id] }),
    );
    const task = (await w.schoolAdmin.get(`/apis-psychology/survey/record/${id}`)).json().data;
    // Grade 7 holds classes A (two students) and B (one): three students, two scales.
    expect(task).toMatchObject({ state: 'published', assignees: 6, done: 0 });
    for (const s of task.scales) expect(s.versionId).toEqual(expect.any(Number));
    const again = await move('publish', id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('The task is published; this cannot be done now');
    const edit = await w.schoolAdmin.post('/apis-psychology/survey/record/edit', {
      id,
      ...taskBody([w.scales.phq9], { classIds: [w.classes.klassA.id] }),
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe('The task has been published and can no longer be edited');

    expect((await move('pause', id)).json().data.state).toBe('paused');
    const submit = await w.callers.a1.post('/apis-psychology/h5/survey/submit', {
      taskId: id,
      scaleId: w.scales.phq9,
      answers: phqSheet('A'),
    });
    expect(submit.statusCode).toBe(409);
    expect(submit.json().message).toBe('The task is not open (not published, paused or ended)');
    expect((await move('resume', id)).json().data.state).toBe('published');
    expect((await move('end', id)).json().data.state).toBe('ended');
    const resume = await move('resume', id);
    expect(resume.statusCode).toBe(409);
    expect(resume.json().message).toBe('The task is ended; this cannot be done now');
  });

  it('deletes a task without results, and refuses one with results', async () => {
    const draft = (await create(taskBody([w.scales.phq9], { classIds: [w.classes.klassB.id] }))).json().data.id;
    expect((await move('delete', draft)).statusCode).toBe(200);
    expect((await w.schoolAdmin.get(`/apis-psychology/survey/record/${draft}`)).statusCode).toBe(404);

    const id = await publishedTask(w.schoolAdmin, taskBody([w.scales.phq9], { classIds: [w.classes.klassB.id] }));
    const sent = await w.callers.b1.post('/apis-psychology/h5/survey/submit', {
      taskId: id,
      scaleId: w.scales.phq9,
      answers: phqSheet('A'),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const refused = await move('delete', id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('The task has results and cannot be deleted; end it instead');
  });

  it('lets no school revoke what its bureau published', async () => {
    const id = await publishedTask(w.bureauAdmin, taskBody([w.scales.phq9], { schoolIds: [w.orgs.school.id] }));
    const listed = await w.schoolAdmin.post('/apis-psychology/survey/record/page', {});
    expect(listed.json().data.list.map((x: { id: number }) => x.id)).toContain(id);
    // By name in any case, on both engines; LIKE's wildcards taken literally.
    const named = await w.schoolAdmin.post('/apis-psychology/survey/record/page', { name: 'AUTUMN' });
    expect(named.json().data.list.map((x: { id: number }) => x.id)).toContain(id);
    const percent = await w.schoolAdmin.post('/apis-psychology/survey/record/page', { name: '%' });
    expect(percent.json().data.total).toBe(0);
    for (const m of ['pause', 'end', 'delete']) {
      const res = await move(m, id);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(
        'This task was published by a higher authority; a school cannot pause, end or delete it',
      );
    }
    const zh = await t.app.inject({
      method: 'POST',
      url: '/api/apis-psychology/survey/task/pause',
      headers: { 'x-authorization': w.schoolAdmin.token, 'accept-language': 'zh-CN' },
      payload: { id },
    });
    expect(zh.json().message).toBe('该任务由上级单位发布，学校无权暂停、结束或删除');
    // The bureau itself may.
    expect((await move('pause', id, w.bureauAdmin)).json().data.state).toBe('paused');
    // A sibling school sees the bureau's task but may not revoke it either.
    const sibling = await move('end', id, w.otherSchoolAdmin);
    expect(sibling.statusCode).toBe(403);
  });

  it('keeps a bureau’s draft from its schools', async () => {
    const draft = (await create(taskBody([w.scales.phq9], { schoolIds: [w.orgs.school.id] }), w.bureauAdmin)).json()
      .data.id;
    expect((await w.schoolAdmin.get(`/apis-psychology/survey/record/${draft}`)).statusCode).toBe(404);
  });
});

describe('the progress monitor', () => {
  it('counts sheets by class within the scope, lists who has not answered, and reminds them once', async () => {
    const id = await publishedTask(w.schoolAdmin, taskBody([w.scales.phq9], { gradeIds: [w.orgs.grade.id] }));
    const sent = await w.callers.a1.post('/apis-psychology/h5/survey/submit', {
      taskId: id,
      scaleId: w.scales.phq9,
      answers: phqSheet('A'),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await w.callers.b1.post('/apis-psychology/h5/survey/start', { taskId: id, scaleId: w.scales.phq9 });

    const byClass = (await w.schoolAdmin.post('/apis-psychology/survey/record/monitorPage', { id, by: 'class' })).json()
      .data;
    expect(byClass).toMatchObject({ total: 3, done: 1, started: 1 });
    expect(byClass.rows).toEqual([
      { orgId: w.classes.klassA.id, orgName: 'Class 7-1', total: 2, done: 1, started: 0 },
      { orgId: w.classes.klassB.id, orgName: 'Class 7-2', total: 1, done: 0, started: 1 },
    ]);
    const bySchool = (
      await w.schoolAdmin.post('/apis-psychology/survey/record/monitorPage', { id, by: 'school' })
    ).json().data.rows;
    expect(bySchool).toEqual([{ orgId: w.orgs.school.id, orgName: 'First School', total: 3, done: 1, started: 1 }]);
    // The class teacher of class A counts their class only.
    const mine = (await w.classTeacher.post('/apis-psychology/survey/record/monitorPage', { id })).json().data;
    expect(mine).toMatchObject({ total: 2, done: 1 });

    const waiting = (await w.schoolAdmin.post('/apis-psychology/survey/record/unanswered', { id })).json().data;
    expect(waiting.total).toBe(2);
    expect(waiting.list.map((r: { name: string; state: string }) => [r.name, r.state])).toEqual([
      ['李四', 'todo'],
      ['王五', 'started'],
    ]);

    const reminded = await w.schoolAdmin.post('/apis-psychology/survey/record/remind', { id });
    expect(reminded.json().data).toEqual({ reminded: 2 });
    const todos = await t.db.kysely
      .selectFrom('todos')
      .select(['user_id', 'title_key'])
      .where('source_type', '=', 'assessment_task')
      .where('source_id', '=', id)
      .execute();
    expect(todos.map((x) => x.user_id).sort()).toEqual([w.callers.a2.user.id, w.callers.b1.user.id].sort());
    expect((await w.schoolAdmin.post('/apis-psychology/survey/record/remind', { id })).json().data).toEqual({
      reminded: 0,
    });
  });
});
