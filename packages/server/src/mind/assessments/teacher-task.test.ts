import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import { customDefinition } from '../scales/testing.ts';
import { type AssessmentWorld, buildAssessmentWorld, scaleIdOf, taskBody } from './testing.ts';

/**
 * A teacher assessment task from end to end, over real sockets: the psychology teacher publishes a
 * teachers' scale to a teacher, the teacher answers it on H5, and the result carries the band.
 */
let t: TestApp;
let w: AssessmentWorld;
let url: string;
beforeAll(async () => {
  t = await buildTestApp();
  w = await buildAssessmentWorld(t);
  url = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '');
  // Building the world signs in several callers (password hashing): slow on a busy machine.
}, 60_000);
afterAll(() => t.close());

interface Answer<T> {
  status: number;
  body: { code: number; message: string; data: T };
}
async function call<T>(by: Caller, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer<T>> {
  const res = await fetch(`${url}/api${path}`, {
    method,
    headers: {
      'accept-language': 'en',
      'x-authorization': by.token,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Answer<T>['body'] };
}
const get = <T = Record<string, unknown>>(by: Caller, path: string) => call<T>(by, 'GET', path);
const post = <T = Record<string, unknown>>(by: Caller, path: string, body: unknown = {}) =>
  call<T>(by, 'POST', path, body);

type Id = { id: number };
type Sheet = { scale: { code: string; items: Array<{ text: { en: string } }>; options: unknown[] } };
type Result = { total: number; band: string; warningLevel: string; score: { raw: number; band: unknown } };

/** Creates and publishes a teacher task as the psychology teacher; answers its id. */
async function teacherTask(scaleId: number, teacherUserIds: number[]): Promise<number> {
  const created = await post<Id>(
    w.psychologyTeacher,
    '/apis-psychology/survey/record/createTask',
    taskBody([scaleId], { teacherUserIds }, { name: 'Staff well-being', kind: 'teacher' }),
  );
  expect(created.status, created.body.message).toBe(200);
  const id = created.body.data.id;
  const published = await post(w.psychologyTeacher, '/apis-psychology/survey/task/publish', { id });
  expect(published.status, published.body.message).toBe(200);
  return id;
}

/** K10 answers (1-5 each, options A-E) adding up to `total`. */
function k10Sheet(total: number): Record<string, string> {
  let left = total - 10;
  const sheet: Record<string, string> = {};
  for (let n = 1; n <= 10; n++) {
    const extra = Math.min(4, left);
    left -= extra;
    sheet[String(n)] = String.fromCharCode(65 + extra);
  }
  return sheet;
}

describe('a teacher assessment task', () => {
  it('offers the five teachers’ scales to a task for teachers', async () => {
    const res = await get<Array<{ code: string }>>(
      w.psychologyTeacher,
      '/apis-psychology/analysis/itemStatus/scaleInfoList?audience=teacher',
    );
    expect(res.status).toBe(200);
    expect(res.body.data.map((s) => s.code)).toEqual(['PSS-10', 'WHO-5', 'K10', 'PHQ-9-ADULT', 'GAD-7-ADULT']);
  });

  it('is published to a teacher, answered on H5 and scored with the published band', async () => {
    const k10 = await scaleIdOf(t, 'K10');
    const taskId = await teacherTask(k10, [w.classTeacher.user.id]);
    const task = await get(w.psychologyTeacher, `/apis-psychology/survey/record/${taskId}`);
    expect(task.body.data).toMatchObject({ kind: 'teacher', state: 'published', assignees: 1, done: 0 });

    // The teacher finds the sheet among their own, and sees the scale's items, not its scores.
    const mine = await get<unknown[]>(w.classTeacher, '/apis-psychology/h5/survey/mine');
    expect(mine.body.data).toContainEqual(expect.objectContaining({ taskId, scaleId: k10, state: 'todo' }));
    const started = await post<Sheet>(w.classTeacher, '/apis-psychology/h5/survey/start', { taskId, scaleId: k10 });
    expect(started.status, started.body.message).toBe(200);
    expect(started.body.data.scale.code).toBe('K10');
    expect(started.body.data.scale.items).toHaveLength(10);
    expect(started.body.data.scale.items[0].text.en).toBe(
      'During the last 30 days, about how often did you feel tired out for no good reason?',
    );
    expect(started.body.data.scale.options[0]).toEqual({ value: 'A', label: expect.any(Object) });

    // 22 is the first score of Andrews and Slade's "high".
    const done = await post<{ resultId: number }>(w.classTeacher, '/apis-psychology/h5/survey/submit', {
      taskId,
      scaleId: k10,
      answers: k10Sheet(22),
    });
    expect(done.status, done.body.message).toBe(200);
    const resultId = done.body.data.resultId;

    const list = await post<{ list: unknown[] }>(w.psychologyTeacher, '/apis-psychology/survey/record/query', {
      taskId,
    });
    expect(list.body.data.list).toEqual([
      expect.objectContaining({
        id: resultId,
        studentId: null,
        name: `Nick ${w.classTeacher.user.account}`,
        total: 22,
        band: 'high',
        warningLevel: 'yellow',
      }),
    ]);
    const detail = await get<Result>(w.psychologyTeacher, `/apis-psychology/survey/result/${resultId}`);
    expect(detail.body.data.score.band).toMatchObject({ id: 'high', label: { en: 'High distress' } });
    const after = await get(w.psychologyTeacher, `/apis-psychology/survey/record/${taskId}`);
    expect(after.body.data).toMatchObject({ assignees: 1, done: 1 });
    // A teacher's own result opens no student warning.
    const warnings = await t.db.kysely
      .selectFrom('warnings')
      .select('id')
      .where('source_type', '=', 'assessment')
      .where('source_id', '=', resultId)
      .execute();
    expect(warnings).toEqual([]);
  });

  it('scores WHO-5 as a percentage: raw 12 is 48, poor well-being', async () => {
    const who5 = await scaleIdOf(t, 'WHO-5');
    const taskId = await teacherTask(who5, [w.psychologyTeacher.user.id]);
    // Options run from "all of the time" (A, 5) to "at no time" (F, 0): 3 + 3 + 2 + 2 + 2 = 12.
    const answers = { '1': 'C', '2': 'C', '3': 'D', '4': 'D', '5': 'D' };
    const done = await post<{ resultId: number }>(w.psychologyTeacher, '/apis-psychology/h5/survey/submit', {
      taskId,
      scaleId: who5,
      answers,
    });
    expect(done.status, done.body.message).toBe(200);
    const detail = await get<Result>(w.psychologyTeacher, `/apis-psychology/survey/result/${done.body.data.resultId}`);
    expect(detail.body.data).toMatchObject({ total: 48, band: 'poor', warningLevel: 'yellow' });
    expect(detail.body.data.score.raw).toBe(12);
  });

  it('is not answered by a teacher it was not published to', async () => {
    const pss = await scaleIdOf(t, 'PSS-10');
    const taskId = await teacherTask(pss, [w.classTeacher.user.id]);
    const res = await post(w.psychologyTeacher, '/apis-psychology/h5/survey/start', { taskId, scaleId: pss });
    expect(res.status).toBe(403);
  });
});

describe('a school’s own KTE scale', () => {
  it('is imported as a custom scale under the code the spec names, and its result is read at /itemStatus/kte', async () => {
    const definition = customDefinition({ code: 'KTE', audience: 'teacher' });
    const created = await post<Id>(w.psychologyTeacher, '/apis-psychology/scale/custom/add', { definition });
    expect(created.status, created.body.message).toBe(200);
    const scaleId = created.body.data.id;
    const published = await post(w.psychologyTeacher, '/apis-psychology/scale/custom/publish', { id: scaleId });
    expect(published.status, published.body.message).toBe(200);

    const taskId = await teacherTask(scaleId, [w.classTeacher.user.id]);
    const done = await post<{ resultId: number }>(w.classTeacher, '/apis-psychology/h5/survey/submit', {
      taskId,
      scaleId,
      answers: { '1': 'C', '2': 'C', '3': 'C' },
    });
    expect(done.status, done.body.message).toBe(200);
    const resultId = done.body.data.resultId;
    // 2 + 2 + (reversed) 0 = 4: "high" in the school's own key.
    const kte = await get<Result>(w.psychologyTeacher, `/apis-psychology/analysis/itemStatus/kte/${resultId}`);
    expect(kte.status, kte.body.message).toBe(200);
    expect(kte.body.data).toMatchObject({ total: 4, band: 'high' });
    const other = await get(w.psychologyTeacher, `/apis-psychology/analysis/itemStatus/qxsc/${resultId}`);
    expect(other.status).toBe(404);
  });
});
