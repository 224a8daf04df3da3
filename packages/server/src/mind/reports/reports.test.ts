import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { fromJson } from '../../platform/db/sql.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import { drainDownloads, pdfFacts, sheetRows } from '../downloads/testing.ts';
import { buildWarningWorld, step, type WarningWorld } from '../warnings/testing.ts';

let t: TestApp;
let w: WarningWorld;
let taskId: number;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWarningWorld(t);
  taskId = (await t.db.kysely.selectFrom('assessment_tasks').select('id').executeTakeFirstOrThrow()).id;
}, 90_000);
afterAll(() => t.close());

const report = async (by: Caller, query: string) => {
  const res = await by.get(`/apis-psychology/report/statistics${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const total = async (by: Caller, url: string, body: Record<string, unknown>) => {
  const res = await by.post(url, { page: 1, size: 1, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.total as number;
};

describe('the statistical report', () => {
  it('gives a school’s figures for a task as the result and warning lists count them', async () => {
    const r = await report(w.schoolAdmin, `?taskId=${taskId}&schoolId=${w.orgs.school.id}`);
    const results = await total(w.schoolAdmin, '/apis-psychology/survey/record/query', { taskId });
    const warned = await total(w.schoolAdmin, '/apis-psychology/survey/record/query', { taskId, warning: true });
    expect(r.task).toMatchObject({ id: taskId });
    expect(r.school).toEqual({ id: w.orgs.school.id, name: 'First School' });
    expect(r.empty).toBe(false);
    expect(r.schools.totals).toMatchObject({ assigned: 3, done: 2, results, warned, warnings: 2 });
    expect(r.bands.rows).toMatchObject([{ name: 'Grade 7', total: results }]);
    const levels = Object.fromEntries(r.warnings.levels.map((l: { code: string; total: number }) => [l.code, l.total]));
    expect(levels).toMatchObject({ red: 1, orange: 1 });
    // The school's psychology teacher holds the report too (migration 0066), over the same school.
    const mine = await report(w.psychologyTeacher, `?taskId=${taskId}`);
    expect(mine.schools.totals).toEqual(r.schools.totals);
  });

  it('shows the bureau every school, and a period with no data as empty', async () => {
    const all = await report(w.bureauAdmin, '');
    expect(all.school).toBeNull();
    expect(all.schools.schools.map((s: { name: string }) => s.name)).toEqual(['First School', 'Second School']);
    const long = Date.UTC(2001, 0, 1);
    const none = await report(w.bureauAdmin, `?from=${long}&to=${long + 86_400_000}`);
    expect(none.empty).toBe(true);
    expect(none.schools.schools).toEqual([]);
    expect(none.warnings.total).toBe(0);
  });

  it('refuses a task of another school, and a school outside the scope, with a sentence', async () => {
    const task = await w.otherSchoolAdmin.get(`/apis-psychology/report/statistics?taskId=${taskId}`);
    expect(task.statusCode).toBe(403);
    expect(task.json().message).toBe(
      'That assessment task belongs to a school outside your scope; choose one of your tasks',
    );
    const school = await w.schoolAdmin.get(`/apis-psychology/report/statistics?schoolId=${w.orgs.otherSchool.id}`);
    expect(school.statusCode).toBe(403);
    const exported = await w.otherSchoolAdmin.post('/apis-psychology/report/statistics/download', {
      taskId,
      format: 'pdf',
    });
    expect(exported.statusCode).toBe(403);
  });

  it('exports the report as a PDF and an xlsx through the download center', async () => {
    const pdfTask = await w.schoolAdmin.post('/apis-psychology/report/statistics/download', { taskId, format: 'pdf' });
    expect(pdfTask.statusCode, pdfTask.body).toBe(200);
    const sheetTask = await w.schoolAdmin.post('/apis-psychology/report/statistics/download', {
      taskId,
      format: 'xlsx',
    });
    expect(sheetTask.statusCode, sheetTask.body).toBe(200);
    await drainDownloads(t);
    const pdfInfo = (await w.schoolAdmin.get(`/apis-psychology/file/info?id=${pdfTask.json().data.id}`)).json().data;
    expect(pdfInfo).toMatchObject({ kind: 'statistics', state: 'done', error: null });
    const pdf = await w.schoolAdmin.get(`/apis-psychology/file/download?id=${pdfTask.json().data.id}`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const facts = pdfFacts(pdf.rawPayload);
    expect(facts.title).toBe('Statistical assessment report');
    for (const ch of 'First School') expect(facts.characters).toContain(ch);
    const xlsx = await w.schoolAdmin.get(`/apis-psychology/file/download?id=${sheetTask.json().data.id}`);
    const rows = sheetRows(xlsx.rawPayload);
    expect(rows).toContainEqual(['Results', 2]);
    expect(rows).toContainEqual(['First School', 3, 2, 2, 2, 2]);
  });
});

describe('a student’s report', () => {
  const query = (by: Caller, studentId: number) => by.post('/apis-psychology-audit/studentReport/query', { studentId });

  it('lists the student’s assessment with its band and red warning, and the read is audited', async () => {
    const res = await query(w.psychologyTeacher, w.students.a2);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().data;
    expect(r.student).toMatchObject({ id: w.students.a2, className: 'Class 7-1', schoolName: 'First School' });
    expect(r.results).toHaveLength(1);
    expect(r.results[0]).toMatchObject({ scaleId: w.scales.phq9, warningLevel: 'red', valid: true });
    expect(r.results[0].band).not.toBeNull();
    expect(r.warnings).toMatchObject([{ id: w.warnings.a2, level: 'red', state: 'new' }]);
    const reads = await t.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('user_id', '=', w.psychologyTeacher.user.id)
      .where('target_id', '=', String(w.students.a2))
      .where('action', '=', 'archive.read')
      .execute();
    expect(reads.map((r) => fromJson(r.detail))).toContainEqual({ part: 'report' });
  });

  it('is refused outside the scope and to the student themselves', async () => {
    expect((await query(w.otherSchoolAdmin, w.students.a2)).statusCode).toBe(404);
    expect((await query(w.callers.a2, w.students.a2)).statusCode).toBe(403);
  });

  it('exports as a PDF naming the student', async () => {
    const started = await w.psychologyTeacher.post('/apis-psychology-audit/studentReport/download', {
      studentId: w.students.a2,
    });
    expect(started.statusCode, started.body).toBe(200);
    await drainDownloads(t);
    const id = started.json().data.id;
    expect((await w.psychologyTeacher.get(`/apis-psychology/file/info?id=${id}`)).json().data).toMatchObject({
      kind: 'studentReport',
      state: 'done',
    });
    const pdf = await w.psychologyTeacher.get(`/apis-psychology/file/download?id=${id}`);
    const facts = pdfFacts(pdf.rawPayload);
    expect(facts.title).toMatch(/Student assessment report$/);
    expect(facts.characters).toContain('李');
  });
});

describe('student insight', () => {
  const page = async (by: Caller, query = '') => {
    const res = await by.get(`/apis-psychology/studentInsight/page${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  it('lists the student with an open red warning, with the reason, and not one with an orange warning alone', async () => {
    const d = await page(w.psychologyTeacher);
    expect(d.list.map((r: { studentId: number }) => r.studentId)).toEqual([w.students.a2]);
    expect(d.list[0].reasons).toContainEqual({ rule: 'openWarning', points: 3, count: 1, level: 'red' });
    expect(d.list[0].className).toBe('Class 7-1');
  });

  it('adds low moods on three days and an interview to an orange warning, and shows the records behind each reason', async () => {
    const db = t.db.kysely;
    const student = await db
      .selectFrom('students')
      .selectAll()
      .where('id', '=', w.students.b1)
      .executeTakeFirstOrThrow();
    const now = Date.now();
    for (const back of [0, 1, 2]) {
      const at = now - back * 86_400_000;
      await db
        .insertInto('mood_entries')
        .values({
          student_id: student.id,
          school_id: student.school_id,
          class_id: student.org_id,
          day: new Date(at + 8 * 3_600_000).toISOString().slice(0, 10),
          mood: 1,
          intensity: 8,
          tags: '[]',
          note: '',
          warning_id: null,
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
    const d = await page(w.psychologyTeacher);
    const b1 = d.list.find((r: { studentId: number }) => r.studentId === w.students.b1);
    expect(b1.points).toBe(4);
    expect(b1.reasons.map((r: { rule: string }) => r.rule)).toEqual(['openWarning', 'lowMood']);
    // An interview about the orange warning, once published, adds its point and is among the records.
    await step(w.psychologyTeacher, 'setup', { id: w.warnings.b1, psychologyUserId: w.psychologyTeacher.user.id });
    await step(w.psychologyTeacher, 'publish', { id: w.warnings.b1 });
    const saved = await w.psychologyTeacher.post('/apis-psychology/intervene/save', {
      warningId: w.warnings.b1,
      kind: 'interview',
      happenedAt: Date.now() - 1000,
      place: 'Office',
      people: '王五',
      content: 'Talked about the week',
      attachments: [],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = (await page(w.psychologyTeacher)).list.find(
      (r: { studentId: number }) => r.studentId === w.students.b1,
    );
    expect(after.points).toBe(5);
    expect(after.reasons).toContainEqual({ rule: 'interviews', points: 1, count: 1, level: null });
    const b1Detail = await w.psychologyTeacher.post('/apis-psychology-audit/studentInsight/detail', {
      studentId: w.students.b1,
    });
    expect(
      b1Detail
        .json()
        .data.evidence.map((e: { kind: string }) => e.kind)
        .sort(),
    ).toEqual(['interview', 'mood', 'mood', 'mood', 'result', 'warning']);
    const detail = await w.psychologyTeacher.post('/apis-psychology-audit/studentInsight/detail', {
      studentId: w.students.a2,
    });
    expect(detail.statusCode, detail.body).toBe(200);
    const evidence = detail.json().data.evidence.map((e: { kind: string; id: number }) => [e.kind, e.id]);
    expect(evidence).toContainEqual(['warning', w.warnings.a2]);
    expect(evidence.some(([kind]: [string]) => kind === 'result')).toBe(true);
  });

  it('stays within the scope: another school sees none of these students', async () => {
    expect((await page(w.otherSchoolAdmin)).list).toEqual([]);
    const detail = await w.otherSchoolAdmin.post('/apis-psychology-audit/studentInsight/detail', {
      studentId: w.students.a2,
    });
    expect(detail.statusCode).toBe(404);
  });
});
