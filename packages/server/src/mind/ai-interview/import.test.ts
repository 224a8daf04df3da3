import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { as } from '../../../test/factories.ts';
import { multipart } from '../../../test/files.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import {
  type AssessmentWorld,
  buildAssessmentWorld,
  phqSheet,
  publishedTask,
  taskBody,
} from '../assessments/testing.ts';
import { drainDownloads, sheetRows } from '../downloads/testing.ts';
import { type Row, workbook } from '../people/imports/testing.ts';

let t: TestApp;
let w: AssessmentWorld;

const HEADER: Row = ['学号', '量表编码', '日期', '对话记录', ...Array.from({ length: 9 }, (_, i) => `第${i + 1}题`)];
const answers = (value: string, item9 = value) => [...Array.from({ length: 8 }, () => value), item9];

const upload = async (bytes: Uint8Array, by: Caller = w.psychologyTeacher) => {
  const form = await multipart([{ name: 'records.xlsx', bytes }]);
  return t.app.inject({
    method: 'POST',
    url: '/api/apis-psychology/ai-im/import/task',
    headers: { ...as(by.token), ...form.headers },
    payload: form.payload,
  });
};
const info = async (id: number) => (await w.psychologyTeacher.get(`/apis-psychology/file/info?id=${id}`)).json().data;
const warningsOf = (studentId: number) =>
  t.db.kysely
    .selectFrom('warnings')
    .select(['level', 'rule', 'source_type'])
    .where('student_id', '=', studentId)
    .orderBy('id')
    .execute();

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildAssessmentWorld(t);
}, 120_000);
afterAll(() => t.close());

describe('importing prior AI interview records (ai-im import task)', () => {
  let taskId: number;
  let report: unknown[][];

  beforeAll(async () => {
    const file = workbook(HEADER, [
      ['A001', 'PHQ-9', '2025-09-01', '', ...answers('B')],
      ['A002', 'phq-9', '2025-09-02', '最近睡不好，有时候觉得不想活了，想自杀', ...answers('A')],
      ['C001', 'PHQ-9', '2025-09-01', '', ...answers('A')],
      ['B001', 'PHQ-9', '2025-09-01', '', 'A', 'A', 'X', 'A', 'A', 'A', 'A', 'A', 'A'],
      ['A001', 'PHQ-9', '2025-09-01', '', ...answers('C')],
      ['', 'PHQ-9', '2025-09-01', '', ...answers('A')],
      ['B001', 'PHQ-9', '2025-13-01', '', ...answers('A')],
      ['B001', 'NOPE', '2025-09-01', '', ...answers('A')],
    ]);
    const started = await upload(file);
    expect(started.statusCode, JSON.stringify(t.logs.filter((l) => l.err).map((l) => l.err))).toBe(200);
    taskId = started.json().data.id;
    expect(started.json().data).toMatchObject({ kind: 'aiImport', state: 'queued' });
    await drainDownloads(t);
    const download = await w.psychologyTeacher.get(`/apis-psychology/file/download?id=${taskId}`);
    expect(download.statusCode).toBe(200);
    report = sheetRows(download.rawPayload);
  }, 60_000);

  it('runs as a task with progress, rows done of the total, and says what it did', async () => {
    expect(await info(taskId)).toMatchObject({
      kind: 'aiImport',
      state: 'done',
      progress: 100,
      written: 8,
      total: 8,
      summary: '8 rows: 2 imported, 6 not imported',
    });
  });

  it('scores imported rows exactly as the questionnaire does', async () => {
    const list = (await w.psychologyTeacher.post('/apis-psychology/aiInterview/results', {})).json().data.list;
    const imported = list.filter((r: { taskName: string }) => r.taskName.startsWith('AI interview import'));
    expect(imported).toHaveLength(2);
    const a1 = imported.find((r: { studentName: string }) => r.studentName === '张三');
    // The same answers through the questionnaire: the same total and band.
    const task = await publishedTask(w.schoolAdmin, taskBody([w.scales.phq9], { classIds: [w.classes.klassB.id] }));
    const sent = await w.callers.b1.post('/apis-psychology/h5/survey/submit', {
      taskId: task,
      scaleId: w.scales.phq9,
      answers: phqSheet('B', 'B'),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(a1).toMatchObject({ total: 9 });
    const opened = await w.psychologyTeacher.get(`/apis-psychology/aiInterview/report?resultId=${a1.resultId}`);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().data.items.map((i: { value: string }) => i.value)).toEqual(answers('B'));
    const questionnaire = await t.db.kysely
      .selectFrom('assessment_results')
      .select(['total', 'band'])
      .where('task_id', '=', task)
      .executeTakeFirstOrThrow();
    const mine = await t.db.kysely
      .selectFrom('assessment_results')
      .select(['total', 'band'])
      .where('id', '=', a1.resultId)
      .executeTakeFirstOrThrow();
    expect(mine).toEqual(questionnaire);
  });

  it('opens a red warning when the local crisis check hits a transcript, kept with the result', async () => {
    expect(await warningsOf(w.students.a2)).toMatchObject([{ level: 'red', rule: 'crisis', source_type: 'interview' }]);
    const list = (await w.psychologyTeacher.post('/apis-psychology/aiInterview/results', {})).json().data.list;
    const a2 = list.find((r: { studentName: string }) => r.studentName === '李四');
    const opened = (await w.psychologyTeacher.get(`/apis-psychology/aiInterview/report?resultId=${a2.resultId}`)).json()
      .data;
    expect(opened.turns).toMatchObject([{ role: 'student', crisis: true }]);
    expect(opened.turns[0].content).toContain('想自杀');
    // Item 9 answered "several days" opens the scale's own warning, as a finished interview would.
    expect(await warningsOf(w.students.a1)).toMatchObject([
      { level: 'red', rule: 'selfHarm', source_type: 'assessment' },
    ]);
  });

  it('reports every refused row with its reason in words, and stores nothing of it', async () => {
    const reasons = Object.fromEntries(report.slice(1, 9).map((r) => [r[0], r[4] ?? null]));
    expect(reasons).toEqual({
      2: null,
      3: null,
      4: 'No student C001 in your scope',
      5: 'Item 3: "X" is not one of its options',
      6: 'Repeats row 2 (the same student, scale and date)',
      7: "Give the student's ID or student number",
      8: 'The date "2025-13-01" is not valid: write it as YYYY-MM-DD, not later than today',
      9: 'No published scale has the code NOPE',
    });
    expect(report.at(-1)).toEqual(['8 rows: 2 imported, 6 not imported']);
    // The student of another school and the rows refused left no result behind.
    for (const student of [w.students.c1, w.students.b1]) {
      const rows = await t.db.kysely
        .selectFrom('assessment_results as r')
        .innerJoin('assessment_tasks as k', 'k.id', 'r.task_id')
        .select('r.id')
        .where('r.student_id', '=', student)
        .where('k.name', 'like', 'AI interview import%')
        .execute();
      expect(rows).toEqual([]);
    }
  });

  it('refuses a file that is not the template at once, in words', async () => {
    const res = await upload(workbook(['姓名', '分数'], [['张三', 3]]));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Scale code');
    const empty = await upload(workbook(HEADER, []));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('The file holds no rows to import');
  });

  it('is refused to a student, and offers a template listing the scales', async () => {
    expect((await upload(workbook(HEADER, [['A001']]), w.callers.a1)).statusCode).toBe(403);
    const template = await w.psychologyTeacher.get('/apis-psychology/ai-im/import/template');
    expect(template.statusCode).toBe(200);
    const rows = sheetRows(template.rawPayload);
    expect(rows[0]?.slice(0, 6)).toEqual([
      'Student ID',
      'Student number',
      'Scale code',
      'Date',
      'Transcript',
      'Item 1',
    ]);
  });
});
