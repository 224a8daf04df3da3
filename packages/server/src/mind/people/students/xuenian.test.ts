import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/app.ts';
import { buildStudentWorld, type StudentWorld } from './fixtures.ts';

let t: TestApp;
let w: StudentWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await buildStudentWorld(t);
});
afterAll(() => t.close());

const year = (name: string, from: number) => ({
  name,
  startDate: `${from}-09-01`,
  endDate: `${from + 1}-07-31`,
  semesters: [
    { term: 1, startDate: `${from}-09-01`, endDate: `${from + 1}-01-20` },
    { term: 2, startDate: `${from + 1}-02-20`, endDate: `${from + 1}-07-10` },
  ],
});

describe('school years', () => {
  it("lets the bureau keep its district's calendar and everyone in the district read it", async () => {
    await w.bureauAdmin.post('/apis-user/xuenian/add', year('2024-2025', 2024));
    const added = await w.bureauAdmin.post('/apis-user/xuenian/add', year('2025-2026', 2025));
    expect(added.statusCode).toBe(200);
    const newest = added.json().data[0];
    expect(newest).toMatchObject({ name: '2025-2026', current: false, orgId: w.orgs.bureau.id });
    expect(newest.semesters.map((s: { name: string }) => s.name)).toEqual([
      '2025-2026 first semester',
      '2025-2026 second semester',
    ]);
    const second = newest.semesters[1].id as number;
    const set = await w.bureauAdmin.post('/apis-user/xuenian/setCurrent', { semesterId: second });
    expect(set.json().data[0]).toMatchObject({ current: true, semesters: [{ current: false }, { current: true }] });
    expect(set.json().data[1]).toMatchObject({ current: false });

    const read = await w.classTeacher.get('/apis-psychology/common/getXuenianList');
    expect(read.json().data.map((y: { name: string; current: boolean }) => [y.name, y.current])).toEqual([
      ['2025-2026', true],
      ['2024-2025', false],
    ]);
  });

  it('leaves the calendar to the bureau: a school administrator is refused', async () => {
    const res = await w.schoolAdmin.post('/apis-user/xuenian/add', year('2026-2027', 2026));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      'Only the bureau administrator or the platform administrator maintains school years',
    );
  });

  it('gives another district the platform default calendar, not this one', async () => {
    await w.platform.post('/apis-user/xuenian/add', year('2030-2031', 2030));
    const far = await callerForFarSchool();
    const names = (await far.get('/apis-psychology/common/getXuenianList'))
      .json()
      .data.map((y: { name: string }) => y.name);
    expect(names).toEqual(['2030-2031']);
  });

  it.each([
    [{ name: '2025-2027' }, 'name', 'School year name: like 2025-2026, the second year one after the first'],
    [{ startDate: '2025-13-01' }, 'startDate', 'Dates are written YYYY-MM-DD'],
    [{ endDate: '2025-08-01' }, 'endDate', 'The school year must start before it ends'],
    [
      { semesters: [{ term: 1, startDate: '2027-09-01', endDate: '2028-09-20' }] },
      'semesters[0].endDate',
      'A semester must start before it ends and lie within its school year',
    ],
    [
      {
        semesters: [
          { term: 1, startDate: '2027-09-01', endDate: '2028-01-20' },
          { term: 1, startDate: '2028-02-01', endDate: '2028-07-01' },
        ],
      },
      'semesters',
      'A school year has one or two semesters: at most one first and one second',
    ],
    [{ semesters: [] }, 'semesters', 'A school year has one or two semesters: at most one first and one second'],
  ])('refuses %j', async (bad, field, msg) => {
    const res = await w.bureauAdmin.post('/apis-user/xuenian/add', { ...year('2027-2028', 2027), ...bad });
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toEqual([{ field, msg }]);
  });

  it('refuses a duplicate name, and updates a year and its semesters', async () => {
    const dup = await w.bureauAdmin.post('/apis-user/xuenian/add', year('2024-2025', 2024));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('This school year already exists');
    const list = (await w.bureauAdmin.get('/apis-psychology/common/getXuenianList')).json().data;
    const old = list.find((y: { name: string }) => y.name === '2024-2025');
    const changed = { ...year('2024-2025', 2024), id: old.id, semesters: [year('2024-2025', 2024).semesters[0]] };
    const res = await w.bureauAdmin.post('/apis-user/xuenian/update', changed);
    const after = res.json().data.find((y: { id: number }) => y.id === old.id);
    expect(after.semesters).toHaveLength(1);
    const foreign = await w.bureauAdmin.post('/apis-user/xuenian/setCurrent', { semesterId: 999999 });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('No such school year or semester');
  });
});

async function callerForFarSchool() {
  const { buildUser } = await import('../../../../test/factories.ts');
  const { callerFor } = await import('../../../portal/orgs/testing.ts');
  return callerFor(t, await buildUser(t.db.kysely, { roleIds: [2], orgId: w.orgs.farSchool.id }));
}
