import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildUser } from '../../../test/factories.ts';
import { type Caller, callerFor } from '../../portal/orgs/testing.ts';
import { type AssessmentWorld, buildAssessmentWorld, taskBody } from './testing.ts';

let t: TestApp;
let w: AssessmentWorld;
let otherBureauAdmin: Caller;
beforeAll(async () => {
  t = await buildTestApp();
  w = await buildAssessmentWorld(t);
  otherBureauAdmin = await callerFor(t, await buildUser(t.db.kysely, { roleIds: [1], orgId: w.orgs.otherBureau.id }));
}, 60_000);
afterAll(() => t.close());

const survey = '/apis-psychology/survey';
const sync = (id: number, by: Caller = w.bureauAdmin) => by.post(`${survey}/task/sync`, { id });
const remove = (id: number, by: Caller = w.bureauAdmin) => by.post(`${survey}/task/delete`, { id });
/** The tasks a caller's list shows, with the fields a user reads on it. */
const listOf = async (by: Caller) =>
  (await by.post(`${survey}/record/page`, { page: 1, size: 50 })).json().data.list as {
    id: number;
    name: string;
    state: string;
    orgName: string;
    sourceTaskId: number | null;
    assignees: number;
  }[];
const copiesIn = async (by: Caller, id: number) => (await listOf(by)).filter((x) => x.sourceTaskId === id);

let bureauTask: number;
let window: { startsAt: number; endsAt: number };
beforeEach(async () => {
  const body = taskBody([w.scales.phq9], { schoolIds: [w.orgs.school.id] }, { name: 'District screening' });
  window = { startsAt: body.startsAt, endsAt: body.endsAt };
  const created = await w.bureauAdmin.post(`${survey}/record/createTask`, body);
  expect(created.statusCode, created.body).toBe(200);
  bureauTask = created.json().data.id;
});

/** Edits the bureau's draft: its targets and name in the same window, as the edit form sends them. */
const editBureauTask = (targets: Parameters<typeof taskBody>[1], name = 'District screening') =>
  w.bureauAdmin.post(`${survey}/record/edit`, {
    id: bureauTask,
    ...taskBody([w.scales.phq9], targets, { name, ...window }),
  });

describe('syncing a bureau task to its schools', () => {
  it('creates each school’s copy once: syncing again creates nothing new', async () => {
    const first = await sync(bureauTask);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({ created: 1, updated: 0, unchanged: 0, kept: 0 });
    expect((await sync(bureauTask)).json().data).toEqual({ created: 0, updated: 0, unchanged: 1, kept: 0 });

    // The school sees one task of its own, published, marked as coming from the bureau, with its three students.
    const copies = await copiesIn(w.schoolAdmin, bureauTask);
    expect(copies).toHaveLength(1);
    expect(copies[0]).toMatchObject({
      name: 'District screening',
      state: 'published',
      orgName: 'First School',
      assignees: 3,
    });
    // The student finds it among their assessments.
    const mine = (await w.callers.a1.get('/apis-psychology/h5/survey/mine')).json().data;
    expect(JSON.stringify(mine)).toContain(String(copies[0]?.id));
    // The bureau's task rolls its copies up, and is not published twice.
    const bureau = (await w.bureauAdmin.get(`${survey}/record/${bureauTask}`)).json().data;
    expect(bureau).toMatchObject({ copies: 1, assignees: 3, done: 0, sourceTaskId: null });
    const publish = await w.bureauAdmin.post(`${survey}/task/publish`, { id: bureauTask });
    expect(publish.statusCode).toBe(409);
    expect(publish.json().message).toBe(
      'This task has been synced to its schools; each school’s copy is what is published',
    );
  });

  it('gives a school added later its copy on the next sync, and updates copies nobody started', async () => {
    await sync(bureauTask);
    expect((await editBureauTask({ schoolIds: [w.orgs.school.id, w.orgs.otherSchool.id] })).statusCode).toBe(200);
    expect((await sync(bureauTask)).json().data).toEqual({ created: 1, updated: 0, unchanged: 1, kept: 0 });
    expect(await copiesIn(w.otherSchoolAdmin, bureauTask)).toMatchObject([{ orgName: 'Second School', assignees: 1 }]);

    // A student of the first school starts answering; the bureau renames its task.
    const started = await w.callers.a1.post('/apis-psychology/h5/survey/start', {
      taskId: (await copiesIn(w.schoolAdmin, bureauTask))[0]?.id,
      scaleId: w.scales.phq9,
    });
    expect(started.statusCode, started.body).toBe(200);
    await editBureauTask({ schoolIds: [w.orgs.school.id, w.orgs.otherSchool.id] }, 'District screening (spring)');
    expect((await sync(bureauTask)).json().data).toEqual({ created: 0, updated: 1, unchanged: 0, kept: 1 });
    expect((await copiesIn(w.otherSchoolAdmin, bureauTask))[0]?.name).toBe('District screening (spring)');
    expect((await copiesIn(w.schoolAdmin, bureauTask))[0]?.name).toBe('District screening');

    // The bureau's progress counts both schools' sheets.
    const bySchool = (await w.bureauAdmin.post(`${survey}/record/monitorPage`, { id: bureauTask, by: 'school' })).json()
      .data;
    expect(bySchool).toMatchObject({ total: 4, started: 1, done: 0 });
    expect(bySchool.rows.map((r: { orgName: string }) => r.orgName)).toEqual(['First School', 'Second School']);
  });

  it('splits grades and classes by school: each school gets only its own', async () => {
    await editBureauTask({ classIds: [w.classes.klassA.id, w.classes.klassC.id] });
    expect((await sync(bureauTask)).json().data.created).toBe(2);
    expect(await copiesIn(w.schoolAdmin, bureauTask)).toMatchObject([{ orgName: 'First School', assignees: 2 }]);
    expect(await copiesIn(w.otherSchoolAdmin, bureauTask)).toMatchObject([{ orgName: 'Second School', assignees: 1 }]);
  });

  it('creates one copy per school when syncs race', async () => {
    await editBureauTask({ schoolIds: [w.orgs.school.id, w.orgs.otherSchool.id] });
    const results = await Promise.all([sync(bureauTask), sync(bureauTask), sync(bureauTask)]);
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    const created = results.reduce((n, r) => n + r.json().data.created, 0);
    expect(created).toBe(2);
    const rows = await t.db.kysely
      .selectFrom('assessment_tasks')
      .select('org_id')
      .where('source_task_id', '=', bureauTask)
      .execute();
    expect(rows.map((r) => Number(r.org_id)).sort((a, b) => a - b)).toEqual(
      [w.orgs.school.id, w.orgs.otherSchool.id].sort((a, b) => a - b),
    );
  });
});

describe('withdrawing a synced task', () => {
  it('withdraws the copies nobody started and keeps the started ones, saying so', async () => {
    await editBureauTask({ schoolIds: [w.orgs.school.id, w.orgs.otherSchool.id] });
    await sync(bureauTask);
    const [copy] = await copiesIn(w.schoolAdmin, bureauTask);
    await w.callers.b1.post('/apis-psychology/h5/survey/start', { taskId: copy?.id, scaleId: w.scales.phq9 });

    const res = await remove(bureauTask);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      withdrawn: 1,
      kept: 1,
      deleted: false,
      message: 'Withdrawn from 1 schools; 1 schools have students who started answering, and their tasks are kept',
    });
    expect(await copiesIn(w.otherSchoolAdmin, bureauTask)).toEqual([]);
    expect(await copiesIn(w.schoolAdmin, bureauTask)).toHaveLength(1);
    expect((await w.bureauAdmin.get(`${survey}/record/${bureauTask}`)).statusCode).toBe(200);
  });

  it('deletes the bureau task too when every copy was withdrawn', async () => {
    // The district wall's sheets, from its totals by grade and (over every day) its per-class counts.
    const assigned = async () =>
      Promise.all(
        ['', `?from=${Date.UTC(2000, 0, 1)}&to=${Date.UTC(2100, 0, 1)}`].map(
          async (q) =>
            (await w.bureauAdmin.get(`/apis-psychology/screen/school/queryList${q}`)).json().data.totals
              .assigned as number,
        ),
      );
    const before = await assigned();
    await sync(bureauTask);
    const synced = await assigned();
    expect(synced[0]).toBeGreaterThan(before[0] ?? 0);
    expect(synced[1]).toBe(synced[0]);
    const res = await remove(bureauTask);
    expect(res.json().data).toMatchObject({ withdrawn: 1, kept: 0, deleted: true });
    expect(await assigned()).toEqual(before);
    expect(await copiesIn(w.schoolAdmin, bureauTask)).toEqual([]);
    expect((await w.bureauAdmin.get(`${survey}/record/${bureauTask}`)).statusCode).toBe(404);
  });
});

describe('who may sync', () => {
  it('refuses a school, in words, in both languages', async () => {
    const res = await sync(bureauTask, w.schoolAdmin);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Only the staff of the bureau that published this task may sync it to its schools');
    const zh = await t.app.inject({
      method: 'POST',
      url: `/api${survey}/task/sync`,
      headers: { 'x-authorization': w.schoolAdmin.token, 'accept-language': 'zh-CN' },
      payload: { id: bureauTask },
    });
    expect(zh.json().message).toBe('只有发布该任务的教育局人员可以将其同步到学校');
    // Another bureau does not see the task at all.
    expect((await sync(bureauTask, otherBureauAdmin)).statusCode).toBe(404);
  });

  it('refuses to sync a school’s copy or a school’s own task, and lets no school delete its copy', async () => {
    await sync(bureauTask);
    const [copy] = await copiesIn(w.schoolAdmin, bureauTask);
    const again = await sync(copy?.id ?? 0, w.schoolAdmin);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Only a bureau’s task is synced to schools');
    const deleted = await remove(copy?.id ?? 0, w.schoolAdmin);
    expect(deleted.statusCode).toBe(403);
    expect(deleted.json().message).toBe('This task was synced from the bureau; only the bureau can withdraw it');
  });

  it('refuses a bureau task the bureau published directly', async () => {
    expect((await w.bureauAdmin.post(`${survey}/task/publish`, { id: bureauTask })).statusCode).toBe(200);
    const res = await sync(bureauTask);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'This task was published by the bureau directly; it can no longer be synced to schools',
    );
  });
});
