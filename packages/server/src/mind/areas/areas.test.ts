import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildOrg, buildUser } from '../../../test/factories.ts';
import { type Caller, callerFor } from '../../portal/orgs/testing.ts';
import { insertStudents, placementOf } from '../people/students/testing.ts';
import { buildWarningWorld, type WarningWorld } from '../warnings/testing.ts';

let t: TestApp;
let w: WarningWorld;
let eastDistrict: { id: number };
let eastAdmin: Caller;

beforeAll(async () => {
  t = await buildTestApp();
  // North Bureau: First School (a PHQ-9 screening of grade 7, two open warnings) and Second School;
  // here a sub-district below it with a school of its own; South Bureau's Far School beside them.
  w = await buildWarningWorld(t);
  const db = t.db.kysely;
  eastDistrict = await buildOrg(db, { type: 'bureau', name: 'East District', parentId: w.orgs.bureau.id });
  const third = await buildOrg(db, { type: 'school', name: 'Third School', parentId: eastDistrict.id });
  const grade = await buildOrg(db, { type: 'grade', name: 'Grade 1', parentId: third.id });
  const klass = await buildOrg(db, { type: 'class', name: 'Class 1-1', parentId: grade.id });
  await insertStudents(db, [
    { ...(await placementOf(db, klass.id)), name: '钱七', student_no: 'E001' },
    { ...(await placementOf(db, klass.id)), name: '孙八', student_no: 'E002', status: 'graduated' },
  ]);
  eastAdmin = await callerFor(t, await buildUser(db, { roleIds: [1], orgId: eastDistrict.id }));
}, 120_000);
afterAll(() => t.close());

const list = async (by: Caller) => {
  const res = await by.get('/apis-psychology/area/list');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.areas as Array<Record<string, unknown>>;
};

describe('the area list (qyList, decision 0109)', () => {
  it('shows a bureau its sub-districts and its own schools as areas, with headline counts', async () => {
    const areas = await list(w.bureauAdmin);
    expect(areas).toEqual([
      {
        orgId: eastDistrict.id,
        name: 'East District',
        schools: 1,
        // The graduate has left the roll.
        students: 1,
        assigned: 0,
        done: 0,
        results: 0,
        warned: 0,
        openWarnings: 0,
      },
      {
        orgId: w.orgs.bureau.id,
        name: 'North Bureau',
        schools: 2,
        students: 4,
        // Grade 7's three students were given the screening; two answered, both warned.
        assigned: 3,
        done: 2,
        results: 2,
        warned: 2,
        openWarnings: 2,
      },
    ]);
  });

  it('shows a sub-district only itself, and a school only its own school in its area', async () => {
    expect((await list(eastAdmin)).map((a) => [a.name, a.schools])).toEqual([['East District', 1]]);
    const school = await list(w.schoolAdmin);
    expect(school).toEqual([expect.objectContaining({ orgId: w.orgs.bureau.id, schools: 1, students: 3 })]);
  });

  it('shows the platform every area from the top bureaus down', async () => {
    const names = (await list(w.platform)).map((a) => a.name);
    expect(names).toEqual(expect.arrayContaining(['East District', 'North Bureau', 'South Bureau']));
  });
});

describe('one area (qy)', () => {
  it('lists the area’s schools with the same counts, adding up to the list’s', async () => {
    const res = await w.bureauAdmin.get(`/apis-psychology/area/detail?orgId=${w.orgs.bureau.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json().data;
    expect(view.name).toBe('North Bureau');
    expect(view.schools.map((s: { name: string; students: number }) => [s.name, s.students])).toEqual([
      ['First School', 3],
      ['Second School', 1],
    ]);
    expect(view.totals).toEqual({ students: 4, assigned: 3, done: 2, results: 2, warned: 2, openWarnings: 2 });
  });

  it('shows a school only its own school of its area', async () => {
    const res = await w.schoolAdmin.get(`/apis-psychology/area/detail?orgId=${w.orgs.bureau.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.schools.map((s: { name: string }) => s.name)).toEqual(['First School']);
  });

  it.each([
    ['a school naming a sub-district beside it', () => w.schoolAdmin, () => eastDistrict.id],
    ['a sub-district naming the bureau above it', () => eastAdmin, () => w.orgs.bureau.id],
    ['a bureau naming another bureau', () => w.bureauAdmin, () => w.orgs.otherBureau.id],
    ['anyone naming a school as an area', () => w.bureauAdmin, () => w.orgs.school.id],
  ])('refuses %s, in words', async (_, by, orgId) => {
    const res = await by().get(`/apis-psychology/area/detail?orgId=${orgId()}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('That area is outside your data scope; choose one from the area list');
  });

  it('is refused to a role without the area list', async () => {
    const res = await w.psychologyTeacher.get(`/apis-psychology/area/detail?orgId=${w.orgs.bureau.id}`);
    expect(res.statusCode).toBe(403);
  });
});
