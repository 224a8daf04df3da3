import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/app.ts';
import { buildOrg } from '../../../../test/factories.ts';
import type { Caller } from '../../../portal/orgs/testing.ts';
import { buildStudentWorld, type StudentWorld } from './fixtures.ts';

let t: TestApp;
let w: StudentWorld;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildStudentWorld(t);
  // A class with nobody in it yet is still on the roll.
  await buildOrg(t.db.kysely, { type: 'class', name: 'Class 7-3', parentId: w.orgs.grade.id });
}, 60_000);
afterAll(() => t.close());

const roll = async (by: Caller, query = '') => {
  const res = await by.get(`/apis-user/student/roll${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    students: number;
    classes: Array<{ schoolName: string; gradeName: string | null; className: string; students: number }>;
  };
};
const rows = (r: Awaited<ReturnType<typeof roll>>) =>
  r.classes.map((c) => [c.schoolName, c.gradeName, c.className, c.students]);

describe('the student roll (xs, decision 0109)', () => {
  it('shows a school its classes grade by grade with their numbers of students', async () => {
    const r = await roll(w.schoolAdmin);
    expect(rows(r)).toEqual([
      ['First School', 'Grade 7', 'Class 7-1', 2],
      ['First School', 'Grade 7', 'Class 7-2', 1],
      ['First School', 'Grade 7', 'Class 7-3', 0],
    ]);
    expect(r.students).toBe(3);
  });

  it('shows a bureau every school of its own, and a class teacher their class only', async () => {
    expect(rows(await roll(w.bureauAdmin)).map((c) => c[2])).toEqual([
      'Class 7-1',
      'Class 7-2',
      'Class 7-3',
      'Class 8-1',
    ]);
    expect(rows(await roll(w.bureauAdmin, `?schoolId=${w.orgs.otherSchool.id}`))).toEqual([
      ['Second School', 'Grade 8', 'Class 8-1', 1],
    ]);
    expect(rows(await roll(w.classTeacher))).toEqual([['First School', 'Grade 7', 'Class 7-1', 2]]);
  });

  it('refuses a school outside the caller’s scope, in words', async () => {
    const res = await w.schoolAdmin.get(`/apis-user/student/roll?schoolId=${w.orgs.farSchool.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/\w+ \w+/);
  });
});
