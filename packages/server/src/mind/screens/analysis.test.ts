import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { fromJson } from '../../platform/db/sql.ts';
import { buildWarningWorld, type WarningWorld } from '../warnings/testing.ts';

// The analysis calls of a student's file (spec section 7, analysis/itemStatus, decision 0132).
let t: TestApp;
let w: WarningWorld;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWarningWorld(t);
}, 90_000);
afterAll(() => t.close());

const A = '/apis-psychology/analysis/itemStatus';

describe('the analysis calls of a student’s file', () => {
  it('give the last seven days’ mood and the newest result as the profile shows them, audited', async () => {
    const kept = await w.callers.a2.post('/apis-psychology/h5/moodJournal/today', {
      mood: 2,
      intensity: 6,
      tags: [],
      note: '',
    });
    expect(kept.statusCode, kept.body).toBe(200);
    const week = await w.psychologyTeacher.get(`${A}/lastSevenDaysMood?studentId=${w.students.a2}`);
    expect(week.statusCode, week.body).toBe(200);
    const { days, moodMax } = week.json().data;
    expect(days).toHaveLength(7);
    expect(moodMax).toBe(5);
    // Today, the last day, holds the entry; the six before it none.
    expect(days[6].mood).toBe(2);
    expect(days.slice(0, 6).every((d: { mood: number | null }) => d.mood === null)).toBe(true);

    const newest = await w.psychologyTeacher.get(`${A}/newestScaleInfo?studentId=${w.students.a2}`);
    expect(newest.statusCode, newest.body).toBe(200);
    const profile = (
      await w.psychologyTeacher.post('/apis-psychology-audit/screen/mindProfile', { studentId: w.students.a2 })
    ).json().data;
    const latest = profile.scales.at(-1);
    expect(newest.json().data).toMatchObject({
      scaleId: latest.scaleId,
      total: latest.total,
      warningLevel: 'red',
      submittedAt: latest.submittedAt,
    });
    const reads = await t.db.kysely
      .selectFrom('audit_log')
      .select(['detail'])
      .where('user_id', '=', w.psychologyTeacher.user.id)
      .where('action', '=', 'archive.read')
      .execute();
    const parts = reads.map((r) => fromJson<{ part: string }>(r.detail).part);
    expect(parts).toEqual(expect.arrayContaining(['lastSevenDaysMood', 'newestScaleInfo']));
  });

  it('refuse a student outside the scope, and give nothing for a student without results', async () => {
    for (const part of ['lastSevenDaysMood', 'newestScaleInfo']) {
      const res = await w.otherSchoolAdmin.get(`${A}/${part}?studentId=${w.students.a2}`);
      expect(res.statusCode, part).toBe(404);
      expect((await w.psychologyTeacher.get(`${A}/${part}?studentId=abc`)).statusCode).toBe(400);
    }
    const none = await w.otherSchoolAdmin.get(`${A}/newestScaleInfo?studentId=${w.students.c1}`);
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json().data).toBeNull();
  });

  it('list the warning levels, most severe first', async () => {
    const res = await w.psychologyTeacher.get(`${A}/code/earlyWarningItem`);
    expect(res.statusCode, res.body).toBe(200);
    const codes = res.json().data.map((l: { code: string }) => l.code);
    expect(codes.slice(0, 3)).toEqual(['red', 'orange', 'yellow']);
    expect((await w.callers.a2.get(`${A}/code/earlyWarningItem`)).statusCode).toBe(403);
  });

  it('name the kinds of intervention record in both languages', async () => {
    const res = await w.psychologyTeacher.get(`${A}/code/intervene`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toContainEqual({ code: 'referral', name: { 'zh-CN': '转介', en: 'Referral' } });
    expect(res.json().data.map((k: { code: string }) => k.code)).toEqual([
      'interview',
      'plan',
      'returnVisit',
      'referral',
    ]);
  });
});
