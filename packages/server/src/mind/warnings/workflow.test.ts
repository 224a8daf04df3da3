import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { JobWorker } from '../../platform/jobs/worker.ts';
import { warningPushJob } from './push.ts';
import { buildWarningWorld, openTodoKinds, step, type WarningWorld } from './testing.ts';

let t: TestApp;
let w: WarningWorld;
let worker: JobWorker;
const log = pino({ level: 'silent' });

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWarningWorld(t);
  worker = new JobWorker({ db: t.db, log, jobs: [warningPushJob], baseRetryMs: 1, maxRetryMs: 2 });
}, 90_000);
afterAll(() => t.close());

const detail = async (id: number, by = w.psychologyTeacher) => {
  const res = await by.get(`/apis-psychology/warning/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('a warning from a PHQ-9 result to solved', () => {
  it('opens red on the crisis item, with to-dos for the psychology teacher and the head teacher', async () => {
    const d = await detail(w.warnings.a2);
    expect(d).toMatchObject({
      studentName: '李四',
      level: 'red',
      state: 'new',
      source: 'assessment',
      pushState: 'none',
    });
    expect(d.history).toMatchObject([{ action: 'open', fromState: null, toState: 'new', toLevel: 'red' }]);
    expect(await openTodoKinds(t, w.psychologyTeacher.user.id, w.warnings.a2)).toEqual(['warning.new']);
    expect(await openTodoKinds(t, w.classTeacher.user.id, w.warnings.a2)).toEqual(['warning.new']);
  });

  it('is set up, published, intervened, followed up and solved, each step in the history and the to-dos', async () => {
    const id = w.warnings.a2;
    const me = w.psychologyTeacher.user.id;
    const head = w.classTeacher.user.id;
    await step(w.psychologyTeacher, 'setup', { id, psychologyUserId: me });
    let d = await detail(id);
    // The class teacher defaults to the class's head teacher.
    expect(d).toMatchObject({ state: 'setUp', psychologyUserId: me, classTeacherUserId: head });
    expect(await openTodoKinds(t, me, id)).toEqual(['warning.publish']);
    expect(await openTodoKinds(t, head, id)).toEqual([]);

    await step(w.psychologyTeacher, 'publish', { id });
    d = await detail(id);
    expect(d).toMatchObject({ state: 'published', pushState: 'pending' });
    expect(await openTodoKinds(t, me, id)).toEqual(['warning.handle']);
    expect(await openTodoKinds(t, head, id)).toEqual(['warning.handle']);
    await worker.drain();
    expect((await detail(id)).pushState).toBe('sent');
    const notices = await t.db.kysely
      .selectFrom('warning_notices')
      .select('user_id')
      .where('warning_id', '=', id)
      .execute();
    expect(notices.map((n) => n.user_id).sort()).toEqual([me, head].sort());

    const interview = await w.classTeacher.post('/apis-psychology/intervene/save', {
      warningId: id,
      kind: 'interview',
      happenedAt: Date.now() - 3_600_000,
      place: 'Counselling room 2',
      people: '李四, class teacher',
      content: 'Talked about sleep and the exam.',
      assessment: 'Low mood, no plan of self-harm',
      nextStep: 'Return visit in a week',
      privateNote: 'Mentions trouble at home',
    });
    expect(interview.statusCode, interview.body).toBe(200);
    expect((await detail(id)).state).toBe('intervening');
    const visit = await w.psychologyTeacher.post('/apis-psychology/intervene/save', {
      warningId: id,
      kind: 'returnVisit',
      happenedAt: Date.now(),
      method: 'phone',
      content: 'Sleeping better.',
    });
    expect(visit.statusCode, visit.body).toBe(200);

    await step(w.psychologyTeacher, 'solve', { id, conclusion: 'Mood stable for two weeks' });
    d = await detail(id);
    expect(d.state).toBe('solved');
    expect(d.history.map((h: { action: string; toState: string }) => `${h.action}:${h.toState}`)).toEqual([
      'open:new',
      'setup:setUp',
      'publish:published',
      'intervene:intervening',
      'intervene:intervening',
      'solve:solved',
    ]);
    expect(d.history.at(-1)).toMatchObject({ reason: 'Mood stable for two weeks', byUserId: me });
    expect(d.interventions.map((i: { kind: string }) => i.kind)).toEqual(['returnVisit', 'interview']);
    expect(await openTodoKinds(t, me, id)).toEqual([]);
    expect(await openTodoKinds(t, head, id)).toEqual([]);
  });

  it('refuses steps the workflow does not allow, and anything on a solved warning', async () => {
    const again = await w.psychologyTeacher.post('/apis-psychology/warning/publish', { id: w.warnings.a2 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This step cannot be taken in the warning's present state; refresh the page");
    const record = await w.psychologyTeacher.post('/apis-psychology/intervene/save', {
      warningId: w.warnings.a2,
      kind: 'plan',
      happenedAt: Date.now(),
      content: 'Weekly talks',
    });
    expect(record.statusCode).toBe(409);
    expect(record.json().message).toBe('Records can be added only to a published warning that is not closed');
    const early = await w.psychologyTeacher.post('/apis-psychology/warning/publish', { id: w.warnings.b1 });
    expect(early.statusCode).toBe(409);
  });
});

describe('hand-over, level changes, cancelling and a failed push', () => {
  it('hands a warning to another psychology teacher, moving the to-do, then up to the bureau', async () => {
    const id = w.warnings.b1;
    await step(w.psychologyTeacher, 'setup', { id, psychologyUserId: w.psychologyTeacher.user.id });
    await step(w.psychologyTeacher, 'publish', { id });
    await step(w.psychologyTeacher, 'handover', {
      id,
      to: 'person',
      userId: w.secondPsychologist.user.id,
      reason: 'Going on leave',
    });
    expect(await openTodoKinds(t, w.psychologyTeacher.user.id, id)).toEqual([]);
    expect(await openTodoKinds(t, w.secondPsychologist.user.id, id)).toEqual(['warning.handle']);
    expect((await detail(id)).psychologyUserId).toBe(w.secondPsychologist.user.id);

    await step(w.secondPsychologist, 'level', { id, level: 'red', reason: 'Said he has a plan' });
    await step(w.secondPsychologist, 'handover', { id, to: 'higher', reason: 'Needs the bureau’s crisis team' });
    const d = await detail(id, w.bureauAdmin);
    expect(d).toMatchObject({ state: 'handedOver', level: 'red' });
    expect(d.history.slice(-3)).toMatchObject([
      { action: 'handover', reason: 'Going on leave', byUserId: w.psychologyTeacher.user.id },
      { action: 'relevel', fromLevel: 'orange', toLevel: 'red', reason: 'Said he has a plan' },
      { action: 'escalate', fromState: 'published', toState: 'handedOver' },
    ]);
    expect(await openTodoKinds(t, w.bureauAdmin.user.id, id)).toEqual(['warning.escalated']);
    expect(await openTodoKinds(t, w.secondPsychologist.user.id, id)).toEqual([]);
  });

  it('records a failed push after its last attempt, and retries it once someone can be reached', async () => {
    const res = await w.schoolAdmin.post('/apis-psychology/warning/report', {
      studentId: w.students.a1,
      level: 'yellow',
      source: 'observation',
      reason: 'Cried in class twice this week',
    });
    expect(res.statusCode, res.body).toBe(200);
    const id: number = res.json().data.id;
    expect(await detail(id)).toMatchObject({ source: 'observation', level: 'yellow', state: 'new' });
    await step(w.schoolAdmin, 'setup', {
      id,
      psychologyUserId: w.secondPsychologist.user.id,
      classTeacherUserId: null,
    });
    const people = [w.secondPsychologist.user.id, w.classTeacher.user.id];
    await t.db.kysely.updateTable('users').set({ status: 'disabled' }).where('id', 'in', people).execute();
    await step(w.schoolAdmin, 'publish', { id });
    const early = await w.schoolAdmin.post('/apis-psychology/warning/retry', { id });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('No failed notice to send again');
    for (let i = 0; i < 3; i++) {
      await t.db.kysely.updateTable('jobs').set({ run_at: 0 }).where('state', '=', 'queued').execute();
      await worker.drain();
    }
    expect((await detail(id)).pushState).toBe('failed');
    const failed = await t.db.kysely.selectFrom('jobs').select('last_error').where('state', '=', 'failed').execute();
    expect(failed.map((j) => j.last_error)).toContain('Error: warning.pushNobody');
    await t.db.kysely.updateTable('users').set({ status: 'enabled' }).where('id', 'in', people).execute();
    await step(w.schoolAdmin, 'retry', { id });
    await worker.drain();
    expect((await detail(id)).pushState).toBe('sent');
    const notices = await t.db.kysely
      .selectFrom('warning_notices')
      .select('user_id')
      .where('warning_id', '=', id)
      .execute();
    expect(notices).toHaveLength(2);
  });

  it('cancels with a reason, closing every to-do', async () => {
    // The accounts disabled above keep their sessions ended: other people act here.
    const res = await w.psychologyTeacher.post('/apis-psychology/warning/report', {
      studentId: w.students.a1,
      level: 'yellow',
      source: 'report',
      reason: 'Quarrel with a friend',
    });
    expect(res.statusCode, res.body).toBe(200);
    const id: number = res.json().data.id;
    const refused = await w.classBTeacher.post('/apis-psychology/warning/cancel', { id, reason: 'Misunderstanding' });
    expect(refused.statusCode).toBe(403);
    await step(w.psychologyTeacher, 'cancel', { id, reason: 'A misunderstanding, settled the same day' });
    const d = await detail(id);
    expect(d.state).toBe('cancelled');
    expect(d.history.at(-1)).toMatchObject({ action: 'cancel', reason: 'A misunderstanding, settled the same day' });
    expect(await openTodoKinds(t, w.psychologyTeacher.user.id, id)).toEqual([]);
  });
});
