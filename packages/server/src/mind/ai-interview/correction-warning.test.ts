import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { type AssessmentWorld, buildAssessmentWorld, phqSheet } from '../assessments/testing.ts';
import { interviewedResult } from './testing.ts';

let t: TestApp;
let w: AssessmentWorld;

const correct = async (resultId: number, itemId: string, value: string) => {
  const res = await w.psychologyTeacher.post('/apis-psychology/aiInterview/correct', { resultId, itemId, value });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const warningsOf = (resultId: number) =>
  t.db.kysely
    .selectFrom('warnings')
    .select(['id', 'level', 'state', 'rule'])
    .where('source_type', '=', 'assessment')
    .where('source_id', '=', resultId)
    .execute();
const historyOf = (warningId: number) =>
  t.db.kysely
    .selectFrom('warning_history')
    .select(['action', 'from_level', 'to_level', 'reason'])
    .where('warning_id', '=', warningId)
    .orderBy('id')
    .execute();

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildAssessmentWorld(t);
}, 120_000);
afterAll(() => t.close());

describe("a teacher's correction of an AI interview mapping", () => {
  it('opens a warning when the corrected score raises one, as a new result would', async () => {
    const resultId = await interviewedResult(w, w.callers.a1, phqSheet('A', 'A'));
    expect(await warningsOf(resultId)).toEqual([]);
    // Item 9 (thoughts of self-harm) was mapped to "not at all"; the teacher reads otherwise.
    const report = await correct(resultId, '9', 'B');
    expect(report.warningLevel).toBe('red');
    const opened = await warningsOf(resultId);
    expect(opened).toMatchObject([{ level: 'red', state: 'new', rule: 'selfHarm' }]);
    // The psychology teacher gets the new warning's to-do, as for any result.
    const todos = await t.db.kysely
      .selectFrom('todos')
      .select('user_id')
      .where('source_type', '=', 'warning')
      .where('source_id', '=', Number(opened[0]?.id))
      .execute();
    expect(todos.map((r) => Number(r.user_id))).toContain(w.psychologyTeacher.user.id);
  });

  it('raises the open warning when the corrected level is more severe', async () => {
    const resultId = await interviewedResult(w, w.callers.a2, phqSheet('C', 'A'));
    const [before] = await warningsOf(resultId);
    expect(before).toMatchObject({ level: 'orange', state: 'new' });
    await correct(resultId, '9', 'C');
    expect(await warningsOf(resultId)).toEqual([{ ...before, level: 'red' }]);
    const history = await historyOf(Number(before?.id));
    expect(history.at(-1)).toMatchObject({ action: 'relevel', from_level: 'orange', to_level: 'red' });
    expect(history.at(-1)?.reason).toContain('16');
  });

  it('leaves the open warning to its handler, with a note, when the corrected level falls', async () => {
    const resultId = await interviewedResult(w, w.callers.a1, phqSheet('C', 'A'));
    const [before] = await warningsOf(resultId);
    expect(before).toMatchObject({ level: 'orange' });
    // 16 → 14: moderate, a yellow level on the scale.
    const report = await correct(resultId, '1', 'A');
    expect(report).toMatchObject({ total: 14, warningLevel: 'yellow' });
    expect(await warningsOf(resultId)).toEqual([before]);
    const history = await historyOf(Number(before?.id));
    expect(history.at(-1)).toMatchObject({ action: 'note', from_level: 'orange', to_level: 'orange' });
    expect(history.at(-1)?.reason).toContain('16');
    expect(history.at(-1)?.reason).toContain('14');
    const notes = async () => (await historyOf(Number(before?.id))).filter((h) => h.action === 'note');
    // Within the same band (12, then 10): the level does not move, no further note.
    await correct(resultId, '2', 'A');
    await correct(resultId, '3', 'A');
    expect(await notes()).toHaveLength(1);
    // Down to 8, no warning on the scale: a second note, and the warning is still open.
    expect(await correct(resultId, '4', 'A')).toMatchObject({ total: 8, warningLevel: null });
    expect(await notes()).toHaveLength(2);
    expect((await warningsOf(resultId))[0]?.state).toBe('new');
    // The handler is told by one open to-do, in their list, saying what the correction did.
    const res = await w.psychologyTeacher.post('/apis-psychology/todo/list', { status: 'open', page: 1, size: 100 });
    expect(res.statusCode, res.body).toBe(200);
    const mine = (res.json().data.list as Array<{ kind: string; sourceId: number; title: string }>).filter(
      (todo) => todo.kind === 'warning.note' && todo.sourceId === Number(before?.id),
    );
    expect(mine).toHaveLength(1);
    expect(mine[0]?.title).toContain('16');
    expect(mine[0]?.title).toContain('14');
  });
});
