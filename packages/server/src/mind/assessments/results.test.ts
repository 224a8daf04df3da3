import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { type AssessmentWorld, buildAssessmentWorld, phqSheet, publishedTask, taskBody } from './testing.ts';

let t: TestApp;
let w: AssessmentWorld;
let taskId: number;
const results: Record<'a1' | 'a2' | 'b1', number> = { a1: 0, a2: 0, b1: 0 };

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildAssessmentWorld(t);
  taskId = await publishedTask(w.schoolAdmin, taskBody([w.scales.phq9], { gradeIds: [w.orgs.grade.id] }));
  const sheets = { a1: phqSheet('A'), a2: phqSheet('A', 'C'), b1: phqSheet('C') } as const;
  for (const who of ['a1', 'a2', 'b1'] as const) {
    const res = await w.callers[who].post('/apis-psychology/h5/survey/submit', {
      taskId,
      scaleId: w.scales.phq9,
      answers: sheets[who],
    });
    expect(res.statusCode, res.body).toBe(200);
    results[who] = res.json().data.resultId;
  }
  // Building the world signs in several callers (password hashing): slow on a busy machine.
}, 60_000);
afterAll(() => t.close());

const query = (by = w.psychologyTeacher, body: Record<string, unknown> = {}) =>
  by.post('/apis-psychology/survey/record/query', { taskId, ...body });
const ids = (res: { json(): { data: { list: Array<{ id: number }> } } }) => res.json().data.list.map((r) => r.id);

describe('result lists', () => {
  it('shows the school’s results to its psychology teacher, with filters by class, band and warning', async () => {
    const all = await query();
    expect(all.statusCode, all.body).toBe(200);
    expect(ids(all)).toEqual([results.b1, results.a2, results.a1]);
    expect(all.json().data.list[0]).toMatchObject({
      name: '王五',
      total: 16,
      band: 'moderatelySevere',
      warningLevel: 'orange',
    });
    expect(ids(await query(w.psychologyTeacher, { classId: w.classes.klassA.id }))).toEqual([results.a2, results.a1]);
    expect(ids(await query(w.psychologyTeacher, { band: 'minimal' }))).toEqual([results.a2, results.a1]);
    expect(ids(await query(w.psychologyTeacher, { warning: true }))).toEqual([results.b1, results.a2]);
    expect(ids(await query(w.psychologyTeacher, { warning: false }))).toEqual([results.a1]);
  });

  it('keeps results within the reader’s scope', async () => {
    expect(ids(await query(w.classTeacher))).toEqual([results.a2, results.a1]);
    expect(ids(await query(w.otherSchoolAdmin))).toEqual([]);
    expect(ids(await query(w.bureauAdmin))).toHaveLength(3);
    const outside = await w.classTeacher.get(`/apis-psychology/survey/result/${results.b1}`);
    expect(outside.statusCode).toBe(404);
    expect(outside.json().message).toBe('No such assessment result');
  });

  it('refuses a student', async () => {
    expect((await query(w.callers.a1)).statusCode).toBe(403);
    expect((await w.callers.a1.get(`/apis-psychology/survey/result/${results.a1}`)).statusCode).toBe(403);
  });
});

describe('an individual result', () => {
  it('answers the scores, factors and interpretation, and writes the read to the audit log', async () => {
    const res = await w.psychologyTeacher.get(`/apis-psychology/survey/result/${results.a2}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ id: results.a2, studentId: w.students.a2, total: 2, warningLevel: 'red' });
    expect(data.score).toMatchObject({ valid: true, total: 2, band: { id: 'minimal' } });
    expect(data.score.flags).toEqual([expect.objectContaining({ id: 'crisis' })]);
    expect(data.answers['9']).toBe('C');
    const logged = await t.db.kysely
      .selectFrom('audit_log')
      .select(['user_id', 'target_type', 'target_id'])
      .where('action', '=', 'assessment.result.read')
      .execute();
    expect(logged).toContainEqual({
      user_id: w.psychologyTeacher.user.id,
      target_type: 'assessment_result',
      target_id: String(results.a2),
    });
  });

  it('does not audit a read that was refused', async () => {
    await w.classTeacher.get(`/apis-psychology/survey/result/${results.b1}`);
    const logged = await t.db.kysely
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'assessment.result.read')
      .where('user_id', '=', w.classTeacher.user.id)
      .execute();
    expect(logged).toEqual([]);
  });

  it('answers the per-scale call of its own scale, and refuses another scale’s', async () => {
    const phq = await w.psychologyTeacher.get(`/apis-psychology/analysis/itemStatus/phq/${results.a1}`);
    expect(phq.statusCode, phq.body).toBe(200);
    expect(phq.json().data.id).toBe(results.a1);
    const mht = await w.psychologyTeacher.get(`/apis-psychology/analysis/itemStatus/mht/${results.a1}`);
    expect(mht.statusCode).toBe(404);
    expect(mht.json().message).toBe('This result is not a result of this scale');
  });
});

describe('group reports', () => {
  it('counts results, positives, means and bands by class within the scope', async () => {
    const res = await w.psychologyTeacher.post('/apis-psychology/cp/report', { scaleId: w.scales.phq9, taskId });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    // a1 scores 0, a2 2 (item 9: a warning), b1 16 (moderately severe: a warning).
    expect(data).toMatchObject({ results: 3, valid: 3, positive: 2, positiveRate: 0.6667, meanTotal: 6 });
    expect(data.bands).toEqual([
      { band: 'minimal', count: 2 },
      { band: 'moderatelySevere', count: 1 },
    ]);
    expect(data.groups).toEqual([
      expect.objectContaining({ name: 'Class 7-1', results: 2, positive: 1, positiveRate: 0.5, meanTotal: 1 }),
      expect.objectContaining({ name: 'Class 7-2', results: 1, positive: 1, positiveRate: 1, meanTotal: 16 }),
    ]);
    const byGender = (
      await w.psychologyTeacher.post('/apis-psychology/cp/normReport', { scaleId: w.scales.phq9, taskId, by: 'gender' })
    ).json().data;
    expect(byGender.groups).toEqual([expect.objectContaining({ key: 'male', name: 'Male', results: 3 })]);
  });

  it('reports only the reader’s scope', async () => {
    const mine = (await w.classTeacher.post('/apis-psychology/cp/report', { scaleId: w.scales.phq9, taskId })).json()
      .data;
    expect(mine).toMatchObject({ results: 2, positive: 1 });
    const none = (
      await w.otherSchoolAdmin.post('/apis-psychology/cp/report', { scaleId: w.scales.phq9, taskId })
    ).json().data;
    expect(none).toMatchObject({ results: 0, positive: 0, positiveRate: 0, meanTotal: null, groups: [] });
  });
});
