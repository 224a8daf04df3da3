import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import { type AssessmentWorld, buildAssessmentWorld, phqSheet, publishedTask, taskBody } from './testing.ts';

let t: TestApp;
let w: AssessmentWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await buildAssessmentWorld(t);
  // Building the world signs in several callers (password hashing): slow on a busy machine.
}, 60_000);
afterAll(() => t.close());

const h5 = '/apis-psychology/h5/survey';
const classA = () => ({ classIds: [w.classes.klassA.id] });
const submit = (by: Caller, body: Record<string, unknown>) => by.post(`${h5}/submit`, body);

/** What a refused submission must leave behind: no result, and a sheet still open. */
async function nothingStored(taskId: number, studentId: number) {
  const results = await t.db.kysely
    .selectFrom('assessment_results')
    .select('id')
    .where('task_id', '=', taskId)
    .where('student_id', '=', studentId)
    .execute();
  expect(results).toEqual([]);
  const sheets = await t.db.kysely
    .selectFrom('assessment_assignees')
    .select(['state', 'result_id'])
    .where('task_id', '=', taskId)
    .where('student_id', '=', studentId)
    .execute();
  for (const s of sheets) expect(s).toMatchObject({ result_id: null });
  expect(sheets.every((s) => s.state !== 'done')).toBe(true);
}

describe('answering on H5', () => {
  it('lists my open sheets, saves answers as they go, resumes them, and submits', async () => {
    const id = await publishedTask(w.schoolAdmin, taskBody([w.scales.phq9], classA(), { maxMinutes: 20 }));
    const mine = (await w.callers.a1.get(`${h5}/mine`)).json().data;
    expect(mine).toContainEqual(
      expect.objectContaining({ taskId: id, scaleId: w.scales.phq9, state: 'todo', maxMinutes: 20 }),
    );
    // Class B's student has no sheet in this task.
    expect((await w.callers.b1.get(`${h5}/mine`)).json().data.map((m: { taskId: number }) => m.taskId)).not.toContain(
      id,
    );

    const started = (await w.callers.a1.post(`${h5}/start`, { taskId: id, scaleId: w.scales.phq9 })).json().data;
    expect(started.state).toBe('started');
    expect(started.deadline - started.startedAt).toBe(20 * 60_000);
    expect(started.scale.items).toHaveLength(9);
    // The respondent sees options, not their scores.
    expect(started.scale.options[0]).toEqual({ value: 'A', label: expect.any(Object) });

    await w.callers.a1.post(`${h5}/save`, { taskId: id, scaleId: w.scales.phq9, answers: { '1': 'B', '2': 'C' } });
    await w.callers.a1.post(`${h5}/save`, { taskId: id, scaleId: w.scales.phq9, answers: { '2': 'A', '3': 'D' } });
    const resumed = (await w.callers.a1.get(`${h5}/sheet?taskId=${id}&scaleId=${w.scales.phq9}`)).json().data;
    expect(resumed.answers).toEqual({ '1': 'B', '2': 'A', '3': 'D' });

    const rest = { '4': 'A', '5': 'A', '6': 'A', '7': 'A', '8': 'A', '9': 'A' };
    const done = await submit(w.callers.a1, { taskId: id, scaleId: w.scales.phq9, answers: rest });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ showReport: false, report: null });
    const stored = await t.db.kysely
      .selectFrom('assessment_results')
      .selectAll()
      .where('id', '=', done.json().data.resultId)
      .executeTakeFirstOrThrow();
    // 1 + 0 + 3 = 4: minimal.
    expect(stored).toMatchObject({ total: 4, band: 'minimal', warning_level: null, student_id: w.students.a1 });
    expect(stored.version_id).toEqual(expect.any(Number));
  });

  it('shows the report when the task allows it', async () => {
    const id = await publishedTask(w.schoolAdmin, taskBody([w.scales.phq9], classA(), { showReport: true }));
    const done = await submit(w.callers.a2, { taskId: id, scaleId: w.scales.phq9, answers: phqSheet('B') });
    expect(done.json().data).toMatchObject({ showReport: true, report: { total: 8, band: 'Mild', valid: true } });
  });

  it('refuses an incomplete sheet and an answer that is not an option, storing nothing', async () => {
    const id = await publishedTask(w.schoolAdmin, taskBody([w.scales.phq9], classA()));
    const { '9': _, ...missing } = phqSheet('A');
    const a = await submit(w.callers.a1, { taskId: id, scaleId: w.scales.phq9, answers: missing });
    expect(a.statusCode).toBe(400);
    expect(a.json().message).toBe('The sheet is incomplete or has invalid answers; check it and submit again');
    expect(a.json().data).toEqual([{ field: 'answers.9', msg: expect.stringContaining('9') }]);
    const b = await submit(w.callers.a1, { taskId: id, scaleId: w.scales.phq9, answers: phqSheet('A', 'E' as 'A') });
    expect(b.statusCode).toBe(400);
    expect(b.json().data).toEqual([{ field: 'answers.9', msg: expect.stringContaining('9') }]);
    const save = await w.callers.a1.post(`${h5}/save`, { taskId: id, scaleId: w.scales.phq9, answers: { '99': 'A' } });
    expect(save.statusCode).toBe(400);
    expect(save.json().data).toEqual([{ field: 'answers.99', msg: expect.stringContaining('99') }]);
    await nothingStored(id, w.students.a1);
  });

  it('refuses a submission outside the window', async () => {
    const past = Date.now() - 3_600_000;
    const closed = await publishedTask(
      w.schoolAdmin,
      taskBody([w.scales.phq9], classA(), { startsAt: past - 60_000, endsAt: past }),
    );
    const late = await submit(w.callers.a1, { taskId: closed, scaleId: w.scales.phq9, answers: phqSheet('A') });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('The answering window has closed; answers can no longer be submitted');
    await nothingStored(closed, w.students.a1);

    const future = Date.now() + 3_600_000;
    const early = await publishedTask(
      w.schoolAdmin,
      taskBody([w.scales.phq9], classA(), { startsAt: future, endsAt: future + 60_000 }),
    );
    const tooSoon = await submit(w.callers.a1, { taskId: early, scaleId: w.scales.phq9, answers: phqSheet('A') });
    expect(tooSoon.statusCode).toBe(409);
    expect(tooSoon.json().message).toMatch(/^The assessment has not started yet; it opens at \d{4}-/);
  });

  it('refuses a second submission unless the task allows a retest', async () => {
    const once = await publishedTask(w.schoolAdmin, taskBody([w.scales.phq9], classA()));
    const body = { taskId: once, scaleId: w.scales.phq9, answers: phqSheet('A') };
    expect((await submit(w.callers.a1, body)).statusCode).toBe(200);
    const again = await submit(w.callers.a1, body);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already completed this scale and the task does not allow a retest');
    const retest = await publishedTask(w.schoolAdmin, taskBody([w.scales.phq9], classA(), { retest: true }));
    const body2 = { taskId: retest, scaleId: w.scales.phq9, answers: phqSheet('A') };
    expect((await submit(w.callers.a1, body2)).statusCode).toBe(200);
    expect((await submit(w.callers.a1, { ...body2, answers: phqSheet('B') })).statusCode).toBe(200);
    const results = await t.db.kysely
      .selectFrom('assessment_results')
      .select(['attempt', 'total'])
      .where('task_id', '=', retest)
      .orderBy('id')
      .execute();
    expect(results).toEqual([
      { attempt: 1, total: 0 },
      { attempt: 2, total: 8 },
    ]);
  });

  it('refuses a tampered task or scale id, and a student answering for another', async () => {
    const own = await publishedTask(w.schoolAdmin, taskBody([w.scales.phq9], classA()));
    const classB = await publishedTask(w.schoolAdmin, taskBody([w.scales.phq9], { classIds: [w.classes.klassB.id] }));
    for (const body of [
      { taskId: classB, scaleId: w.scales.phq9 },
      { taskId: own, scaleId: w.scales.mht },
      { taskId: own + 100_000, scaleId: w.scales.phq9 },
    ]) {
      const res = await submit(w.callers.a1, { ...body, answers: phqSheet('A') });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('This assessment is not assigned to you; open it from your assessments');
    }
    const forA2 = await submit(w.callers.a1, {
      taskId: own,
      scaleId: w.scales.phq9,
      studentId: w.students.a2,
      answers: phqSheet('A'),
    });
    expect(forA2.statusCode).toBe(403);
    expect(forA2.json().message).toBe('You can only answer for yourself, not for another student');
    await nothingStored(own, w.students.a2);
    await nothingStored(classB, w.students.b1);
  });

  it('refuses a sheet past its maximum answering time', async () => {
    const id = await publishedTask(w.schoolAdmin, taskBody([w.scales.phq9], classA(), { maxMinutes: 5 }));
    await w.callers.a2.post(`${h5}/start`, { taskId: id, scaleId: w.scales.phq9 });
    await t.db.kysely
      .updateTable('assessment_assignees')
      .set({ started_at: Date.now() - 6 * 60_000 })
      .where('task_id', '=', id)
      .where('student_id', '=', w.students.a2)
      .execute();
    const res = await submit(w.callers.a2, { taskId: id, scaleId: w.scales.phq9, answers: phqSheet('A') });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'The maximum answering time of 5 minutes has passed; the sheet cannot be submitted',
    );
    await nothingStored(id, w.students.a2);
  });
});

describe('warnings from results', () => {
  it('opens a warning record when PHQ-9 item 9 is above 0, with to-dos for the psychology and class teachers', async () => {
    const id = await publishedTask(w.schoolAdmin, taskBody([w.scales.phq9], classA()));
    const res = await submit(w.callers.a2, { taskId: id, scaleId: w.scales.phq9, answers: phqSheet('A', 'B') });
    expect(res.statusCode, res.body).toBe(200);
    const resultId = res.json().data.resultId;
    const result = await t.db.kysely
      .selectFrom('assessment_results')
      .select(['total', 'band', 'warning_level'])
      .where('id', '=', resultId)
      .executeTakeFirstOrThrow();
    // A total of 1 is minimal, yet item 9 raises the red warning whatever the total.
    expect(result).toEqual({ total: 1, band: 'minimal', warning_level: 'red' });
    const warning = await t.db.kysely
      .selectFrom('warnings')
      .selectAll()
      .where('source_id', '=', resultId)
      .executeTakeFirstOrThrow();
    expect(warning).toMatchObject({
      student_id: w.students.a2,
      school_id: w.orgs.school.id,
      class_id: w.classes.klassA.id,
      level: 'red',
      rule: 'selfHarm',
      state: 'new',
      source_type: 'assessment',
    });
    const todos = await t.db.kysely
      .selectFrom('todos')
      .select(['user_id', 'kind'])
      .where('source_type', '=', 'warning')
      .where('source_id', '=', warning.id)
      .execute();
    expect(todos.map((x) => x.user_id).sort()).toEqual([w.psychologyTeacher.user.id, w.classTeacher.user.id].sort());
  });

  it('opens none for a sheet below every warning rule', async () => {
    const id = await publishedTask(w.schoolAdmin, taskBody([w.scales.phq9], classA()));
    const res = await submit(w.callers.a1, { taskId: id, scaleId: w.scales.phq9, answers: phqSheet('B') });
    const warnings = await t.db.kysely
      .selectFrom('warnings')
      .select('id')
      .where('source_id', '=', res.json().data.resultId)
      .execute();
    expect(warnings).toEqual([]);
  });
});
