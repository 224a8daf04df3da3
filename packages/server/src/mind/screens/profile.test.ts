import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { fromJson } from '../../platform/db/sql.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import { publishedTask, taskBody } from '../assessments/testing.ts';
import { buildWarningWorld, type WarningWorld } from '../warnings/testing.ts';

let t: TestApp;
let w: WarningWorld;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWarningWorld(t);
}, 90_000);
afterAll(() => t.close());

const profile = (by: Caller, studentId: number) => by.post('/apis-psychology-audit/screen/mindProfile', { studentId });

describe('a student’s mind profile (apis-psychology-audit/screen/mindProfile)', () => {
  it('gives the latest result of each scale with its dimensions, the warnings, interventions and mood', async () => {
    // a2 answers the MHT too: 100 yes/no items, "yes" (A) to the first 50, so the dimensions differ.
    const taskId = await publishedTask(w.schoolAdmin, taskBody([w.scales.mht], { classIds: [w.classes.klassA.id] }));
    const answers = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [String(i + 1), i < 50 ? 'A' : 'B']));
    const sent = await w.callers.a2.post('/apis-psychology/h5/survey/submit', {
      taskId,
      scaleId: w.scales.mht,
      answers,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const mood = await w.callers.a2.post('/apis-psychology/h5/moodJournal/today', {
      mood: 2,
      intensity: 6,
      tags: [],
      note: '',
    });
    expect(mood.statusCode, mood.body).toBe(200);

    const res = await profile(w.psychologyTeacher, w.students.a2);
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json().data;
    expect(p.student).toMatchObject({ id: w.students.a2, schoolName: 'First School', className: 'Class 7-1' });
    expect(p.scales.map((s: { scaleId: number }) => s.scaleId)).toEqual([w.scales.phq9, w.scales.mht]);
    const [phq, mht] = p.scales;
    expect(phq).toMatchObject({ results: 1, warningLevel: 'red', valid: true, dimensions: [] });
    // MHT's eight content scales (its lie scale is not a dimension of the portrait), each out of its items.
    expect(mht.dimensions).toHaveLength(8);
    for (const d of mht.dimensions) {
      expect(d.max).toBeGreaterThan(0);
      expect(d.score).toBeGreaterThanOrEqual(0);
      expect(d.score).toBeLessThanOrEqual(d.max);
    }
    expect(new Set(mht.dimensions.map((d: { score: number }) => d.score)).size).toBeGreaterThan(1);
    // The red warning of the PHQ-9 first, then what the MHT raised: oldest first.
    expect(p.warnings[0]).toMatchObject({ id: w.warnings.a2, level: 'red', state: 'new' });
    expect(p.levels.find((l: { code: string }) => l.code === 'red')?.name).toBeTruthy();
    expect(p.interventions).toBe(0);
    expect(p.moods).toHaveLength(1);
    expect(p.moods[0].mood).toBe(2);
    expect(p.moodMax).toBe(5);

    // Every read is a read of the student's file, audited as one.
    const reads = await t.db.kysely
      .selectFrom('audit_log')
      .select(['detail'])
      .where('user_id', '=', w.psychologyTeacher.user.id)
      .where('target_id', '=', String(w.students.a2))
      .where('action', '=', 'archive.read')
      .execute();
    expect(reads.map((r) => fromJson(r.detail))).toContainEqual({ part: 'mindProfile' });
  });

  it('is refused outside the scope, to the student themselves, and to a class teacher of another class', async () => {
    const outside = await profile(w.otherSchoolAdmin, w.students.a2);
    expect(outside.statusCode).toBe(404);
    expect((await profile(w.callers.a2, w.students.a2)).statusCode).toBe(403);
    expect((await profile(w.classBTeacher, w.students.a2)).statusCode).toBe(404);
    // The class teacher of a2's class may look.
    expect((await profile(w.classTeacher, w.students.a2)).statusCode).toBe(200);
  });
});
