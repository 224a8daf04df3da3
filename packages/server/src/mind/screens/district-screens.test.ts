import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildOrg } from '../../../test/factories.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import { buildWarningWorld, type WarningWorld } from '../warnings/testing.ts';
import { countResult, countWarning } from './repository.ts';
import { stageOfGrade } from './service.ts';

// The district overview by school stage (districtScreenGs) and the sub-district screen (districtScreenJd), decision 0125.

let t: TestApp;
let w: WarningWorld;
let street: { id: number };
let streetSchool: { id: number };

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWarningWorld(t);
  const db = t.db.kysely;
  // A sub-district under the district's bureau, with a senior school whose results and warning the writes count.
  street = await buildOrg(db, { type: 'bureau', name: 'West Street', parentId: w.orgs.bureau.id });
  streetSchool = await buildOrg(db, { type: 'school', name: 'Street High', parentId: street.id });
  const grade = await buildOrg(db, { type: 'grade', name: '高一', parentId: streetSchool.id });
  const klass = await buildOrg(db, { type: 'class', name: '高一(1)班', parentId: grade.id });
  const [row] = await db.selectFrom('screen_results').select(['task_id', 'scale_id']).execute();
  if (!row) throw new Error('the world stored no result');
  const at = Date.now();
  const place = { schoolId: streetSchool.id, gradeId: grade.id, classId: klass.id, taskId: row.task_id };
  for (const warned of [true, false]) {
    await countResult(db, { ...place, scaleId: row.scale_id, band: '', warned, at, firstAnswer: false });
  }
  await countWarning(
    db,
    { schoolId: streetSchool.id, classId: klass.id, level: 'red', state: 'new', createdAt: at },
    1,
  );
}, 90_000);
afterAll(() => t.close());

const data = async (by: Caller, url: string) => {
  const res = await by.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('the district overview by stage', () => {
  it('folds grades into primary, junior and senior by their names', () => {
    expect(['一年级', '六年级', 'Grade 3', '小学部'].map(stageOfGrade)).toEqual([
      'primary',
      'primary',
      'primary',
      'primary',
    ]);
    expect(['七年级', '初三', 'Grade 7', '9年级'].map(stageOfGrade)).toEqual(['junior', 'junior', 'junior', 'junior']);
    expect(['高一', '十二年级', 'Grade 10'].map(stageOfGrade)).toEqual(['senior', 'senior', 'senior']);
    expect(['学前班', null, 'Grade 13'].map(stageOfGrade)).toEqual(['other', 'other', 'other']);
  });

  it('counts each stage’s results and warnings as the district screen counts its schools', async () => {
    const d = await data(w.bureauAdmin, '/apis-psychology/screen/district/stages');
    const district = await data(w.bureauAdmin, '/apis-psychology/screen/school/queryList');
    const first = district.schools.find((s: { schoolId: number }) => s.schoolId === w.orgs.school.id);
    // The world's school has one grade, Grade 7: junior; the street school's 高一 is senior.
    expect(d.stages).toEqual([
      {
        stage: 'junior',
        grades: 1,
        assigned: first.assigned,
        done: first.done,
        results: first.results,
        warned: first.warned,
        warnings: first.warnings,
        open: first.openWarnings,
        counts: expect.any(Object),
      },
      {
        stage: 'senior',
        grades: 1,
        assigned: 0,
        done: 0,
        results: 2,
        warned: 1,
        warnings: 1,
        open: 1,
        counts: { red: 1 },
      },
    ]);
    const total = d.stages.reduce((n: number, s: { warnings: number }) => n + s.warnings, 0);
    expect(total).toBe(district.totals.warnings);
    expect(d.levels.map((l: { code: string }) => l.code)).toContain('red');
  });

  it('shows a school only its own stages, and nothing for a period without figures', async () => {
    const mine = await data(w.schoolAdmin, '/apis-psychology/screen/district/stages');
    expect(mine.stages.map((s: { stage: string }) => s.stage)).toEqual(['junior']);
    expect((await data(w.otherSchoolAdmin, '/apis-psychology/screen/district/stages')).stages).toEqual([]);
    expect((await data(w.bureauAdmin, '/apis-psychology/screen/district/stages?from=0&to=1000')).stages).toEqual([]);
  });
});

describe('the sub-district screen', () => {
  it('narrows the district screen’s calls to the schools under the sub-district', async () => {
    const list = await data(w.bureauAdmin, `/apis-psychology/screen/school/queryList?orgId=${street.id}`);
    expect(list.schools).toEqual([
      {
        schoolId: streetSchool.id,
        name: 'Street High',
        assigned: 0,
        done: 0,
        results: 2,
        warned: 1,
        warnings: 1,
        openWarnings: 1,
      },
    ]);
    expect(list.org).toEqual({ id: street.id, name: 'West Street' });
    const gauge = await data(w.bureauAdmin, `/apis-psychology/warning/gauge?orgId=${street.id}`);
    expect(gauge).toMatchObject({ total: 1, open: 1 });
    const bands = await data(w.bureauAdmin, `/apis-psychology/screen/school/queryClassTj?orgId=${street.id}`);
    expect(bands.rows.map((r: { name: string }) => r.name)).toEqual(['高一']);
    const stages = await data(w.bureauAdmin, `/apis-psychology/screen/district/stages?orgId=${street.id}`);
    expect(stages.stages.map((s: { stage: string }) => s.stage)).toEqual(['senior']);
    // The district's own node is the whole district.
    const whole = await data(w.bureauAdmin, `/apis-psychology/screen/school/queryList?orgId=${w.orgs.bureau.id}`);
    const all = await data(w.bureauAdmin, '/apis-psychology/screen/school/queryList');
    expect(whole.totals).toEqual(all.totals);
  });

  it('refuses a node outside the caller’s area in words: another bureau, the bureau above a school, a school', async () => {
    const sentence = 'That sub-district is outside your data scope; choose one within your area';
    const asked: Array<[Caller, number]> = [
      [w.bureauAdmin, w.orgs.otherBureau.id],
      [w.schoolAdmin, w.orgs.bureau.id],
      [w.schoolAdmin, street.id],
      [w.bureauAdmin, w.orgs.school.id],
    ];
    for (const [caller, orgId] of asked) {
      for (const call of ['screen/school/queryList', 'warning/gauge', 'screen/district/stages']) {
        const res = await caller.get(`/apis-psychology/${call}?orgId=${orgId}`);
        expect(res.statusCode, `${call} ${orgId}`).toBe(403);
        expect(res.json().message).toBe(sentence);
      }
    }
    const bad = await w.bureauAdmin.get('/apis-psychology/screen/school/queryList?orgId=abc');
    expect(bad.statusCode).toBe(400);
  });

  it('lists the sub-districts below the caller for the walls’ picker, and none to a school', async () => {
    const nodes = await data(w.bureauAdmin, '/apis-psychology/screen/district/nodes');
    expect(nodes.list).toEqual([{ id: street.id, name: 'West Street', schools: 1 }]);
    expect((await data(w.schoolAdmin, '/apis-psychology/screen/district/nodes')).list).toEqual([]);
    expect((await data(w.platform, '/apis-psychology/screen/district/nodes')).list).toContainEqual({
      id: street.id,
      name: 'West Street',
      schools: 1,
    });
  });
});
