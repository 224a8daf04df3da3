import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import { downloadJob } from './job.ts';
import { buildDownloadWorld, type DownloadWorld, drainDownloads, pdfFacts, sheetRows } from './testing.ts';

let t: TestApp;
let w: DownloadWorld;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildDownloadWorld(t);
}, 90_000);
afterAll(() => t.close());

/** Starts an export, runs the jobs, and answers the finished task and its file. */
async function exported(by: Caller, path: string, body: unknown) {
  const started = await by.post(path, body);
  expect(started.statusCode, started.body).toBe(200);
  expect(started.json().data).toMatchObject({ state: 'queued', progress: 0 });
  const id: number = started.json().data.id;
  await drainDownloads(t);
  const info = await by.get(`/apis-psychology/file/info?id=${id}`);
  const file = await by.get(`/apis-psychology/file/download?id=${id}`);
  return { id, task: info.json().data, file };
}

describe('exporting the results list', () => {
  it('writes the results of the filters as an xlsx, with progress, for the download center', async () => {
    const { task, file } = await exported(w.psychologyTeacher, '/apis-psychology/survey/record/download', {
      taskId: w.taskId,
    });
    expect(task).toMatchObject({ kind: 'results', state: 'done', progress: 100, written: 3, total: 3, error: null });
    expect(task.name).toMatch(/^Assessment results \d{8}-\d{4}$/);
    expect(task.expiresAt - task.finishedAt).toBe(7 * 24 * 3_600_000);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(file.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(task.name)}.xlsx`);
    const rows = sheetRows(file.rawPayload);
    expect(rows[0]).toEqual([
      'Name',
      'Student number',
      'School',
      'Grade',
      'Class',
      'Scale',
      'Valid',
      'Total',
      'Band',
      'Warning level',
      'Submitted at',
    ]);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[2], r[4], r[7], r[9]])).toEqual([
      ['王五', 'B001', 'First School', 'Class 7-2', 16, 'orange'],
      ['李四', 'A002', 'First School', 'Class 7-1', 2, 'red'],
      ['张三', 'A001', 'First School', 'Class 7-1', 0, undefined],
    ]);
    expect(rows[1]?.[6]).toBe('Yes');
    expect(rows[1]?.[8]).toMatch(/moderately severe/i);
  });

  it('holds only what the requester may read: a class teacher’s scope, a filter outside the scope', async () => {
    const other = await exported(w.otherSchoolAdmin, '/apis-psychology/survey/record/download', { taskId: w.taskId });
    expect(other.task).toMatchObject({ state: 'done', written: 0, total: 0 });
    expect(sheetRows(other.file.rawPayload)).toHaveLength(1);
    const outside = await exported(w.psychologyTeacher, '/apis-psychology/survey/record/download', {
      classId: w.classes.klassC.id,
    });
    expect(outside.task.total).toBe(0);
    const warned = await exported(w.bureauAdmin, '/apis-psychology/survey/record/download', { warning: true });
    expect(
      sheetRows(warned.file.rawPayload)
        .slice(1)
        .map((r) => r[0]),
    ).toEqual(['王五', '李四']);
  });

  it('reads with the scope of the moment of asking, not the one the owner has when the job runs', async () => {
    const started = await w.schoolAdmin.post('/apis-psychology/survey/record/download', { taskId: w.taskId });
    // The administrator moves to another school before the export runs.
    await t.db.kysely
      .updateTable('user_roles')
      .set({ org_id: w.orgs.otherSchool.id })
      .where('user_id', '=', w.schoolAdmin.user.id)
      .execute();
    await drainDownloads(t);
    const info = await w.schoolAdmin.get(`/apis-psychology/file/info?id=${started.json().data.id}`);
    expect(info.json().data).toMatchObject({ state: 'done', total: 3 });
    await t.db.kysely
      .updateTable('user_roles')
      .set({ org_id: w.orgs.school.id })
      .where('user_id', '=', w.schoolAdmin.user.id)
      .execute();
  });

  it('writes the export request to the audit log', async () => {
    const logged = await t.db.kysely
      .selectFrom('audit_log')
      .select(['user_id', 'target_type'])
      .where('action', '=', 'assessment.results.export')
      .execute();
    expect(logged).toContainEqual({ user_id: w.psychologyTeacher.user.id, target_type: 'download_task' });
  });

  it('refuses a results export over the row limit, saying so in the task', async () => {
    const started = await w.psychologyTeacher.post('/apis-psychology/survey/record/download', { taskId: w.taskId });
    await drainDownloads(t, { limits: { rowsMax: 2 } });
    const info = await w.psychologyTeacher.get(`/apis-psychology/file/info?id=${started.json().data.id}`);
    expect(info.json().data).toMatchObject({
      state: 'failed',
      error: '3 results are more than one file holds (2); narrow the filters',
    });
  });

  it('refuses those who may not export results', async () => {
    for (const who of [w.classTeacher, w.callers.a1]) {
      const res = await who.post('/apis-psychology/survey/record/download', {});
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('PDF reports', () => {
  it('writes one student’s individual report as a PDF in Chinese, and audits the read', async () => {
    const { task, file } = await exported(w.psychologyTeacher, '/apis-psychology/survey/result/download', {
      id: w.results.b1,
    });
    expect(task).toMatchObject({ kind: 'report', state: 'done', progress: 100 });
    expect(task.name).toBe('王五 Patient Health Questionnaire (PHQ-9) report');
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const facts = pdfFacts(file.rawPayload);
    expect(facts.title).toContain('王五');
    for (const character of '王五') expect(facts.characters).toContain(character);
    const logged = await t.db.kysely
      .selectFrom('audit_log')
      .select(['target_id'])
      .where('action', '=', 'assessment.result.export')
      .execute();
    expect(logged.length).toBeGreaterThan(0);
  });

  it('answers "not found" for a report outside the scope', async () => {
    const res = await w.classTeacher.post('/apis-psychology/survey/result/download', { id: w.results.b1 });
    expect(res.statusCode).toBe(403);
    const outside = await w.otherSchoolAdmin.post('/apis-psychology/survey/result/download', { id: w.results.b1 });
    expect(outside.statusCode).toBe(404);
    expect(outside.json().message).toBe('No such assessment result');
  });

  it('writes a group report as a PDF', async () => {
    const { task, file } = await exported(w.psychologyTeacher, '/apis-psychology/cp/report/download', {
      scaleId: w.scales.phq9,
      taskId: w.taskId,
      by: 'class',
    });
    expect(task).toMatchObject({ kind: 'groupReport', state: 'done' });
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const facts = pdfFacts(file.rawPayload);
    expect(facts.title).toContain('PHQ-9');
    for (const character of '团体报告') expect(facts.characters.includes(character)).toBe(false);
    for (const character of 'Group') expect(facts.characters).toContain(character);
  });

  it('fails in words when no Chinese font is installed, rather than writing boxes', async () => {
    const started = await w.psychologyTeacher.post('/apis-psychology/survey/result/download', { id: w.results.a1 });
    await drainDownloads(t, { fonts: [{ file: '/nonexistent/font.ttc', face: 'None' }] });
    const info = await w.psychologyTeacher.get(`/apis-psychology/file/info?id=${started.json().data.id}`);
    expect(info.json().data.state).toBe('failed');
    expect(info.json().data.error).toMatch(/^No Chinese font is installed on the server \(such as fonts-noto-cjk\)/);
  });

  it('fails in words when the result left the scope before the report was written', async () => {
    const started = await w.bureauAdmin.post('/apis-psychology/survey/result/download', { id: w.results.a2 });
    // The result moves out of the bureau (a correction of the student's school) before the job runs.
    const move = (schoolId: number) =>
      t.db.kysely
        .updateTable('assessment_results')
        .set({ school_id: schoolId })
        .where('id', '=', w.results.a2)
        .execute();
    await move(w.orgs.farSchool.id);
    await drainDownloads(t);
    await move(w.orgs.school.id);
    const info = await w.bureauAdmin.get(`/apis-psychology/file/info?id=${started.json().data.id}`);
    expect(info.json().data).toMatchObject({
      state: 'failed',
      error: 'The result no longer exists or is outside your data scope',
    });
  });
});

describe('a store that refuses the file', () => {
  it('puts the task back in the queue while attempts remain, then fails it in words', async () => {
    const broken = {
      ...t.config,
      S3_ENDPOINT: 'http://127.0.0.1:1',
      S3_BUCKET: 'b',
      S3_ACCESS_KEY: 'k',
      S3_SECRET_KEY: 's',
    };
    const job = downloadJob();
    const started = await w.psychologyTeacher.post('/apis-psychology/survey/record/download', { taskId: w.taskId });
    const taskId: number = started.json().data.id;
    const ctx = { db: t.db, log: pino({ level: 'silent' }), config: broken, signal: new AbortController().signal };
    const run = (attempt: number) =>
      job.run({ id: 0, kind: job.kind, payload: { taskId }, attempt, maxAttempts: 3 }, ctx);
    await expect(run(1)).rejects.toThrow();
    const info = () => w.psychologyTeacher.get(`/apis-psychology/file/info?id=${taskId}`);
    expect((await info()).json().data.state).toBe('queued');
    await run(3);
    expect((await info()).json().data).toMatchObject({ state: 'failed', error: 'The export failed; export it again' });
    // Done here, so that the next tests' drains do not run this job again.
    await t.db.kysely.deleteFrom('jobs').where('kind', '=', job.kind).execute();
  });
});

describe('the large screen’s group report', () => {
  it('answers the figures of the caller’s whole scope', async () => {
    const screen = (by: Caller) => by.post('/apis-psychology/screen/user/cp/report', { scaleId: w.scales.phq9 });
    const mine = await screen(w.psychologyTeacher);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data).toMatchObject({ results: 3, positive: 2 });
    expect(mine.json().data.groups).toEqual([expect.objectContaining({ name: 'First School', results: 3 })]);
    expect((await screen(w.classTeacher)).json().data.results).toBe(2);
    expect((await screen(w.otherSchoolAdmin)).json().data.results).toBe(0);
  });

  it('refuses a grouping it does not know', async () => {
    const res = await w.psychologyTeacher.post('/apis-psychology/screen/user/cp/report', {
      scaleId: w.scales.phq9,
      by: 'city',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toEqual([{ field: 'by', msg: 'Choose how to group: school, grade, class or gender' }]);
  });
});
