import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildUser } from '../../../test/factories.ts';
import { buildSchoolWorld, type Caller, callerFor, type SchoolWorld } from '../../portal/orgs/testing.ts';

// The template center (decision 0132): a bureau chooses each school's home screen and report template.
let t: TestApp;
let w: SchoolWorld;
let psychologist: Caller;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildSchoolWorld(t);
  psychologist = await callerFor(t, await buildUser(t.db.kysely, { roleIds: [3], orgId: w.orgs.school.id }));
}, 90_000);
afterAll(() => t.close());

const list = async (by: Caller) => {
  const res = await by.get('/apis-psychology/screen/template/list');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    canChoose: boolean;
    list: Array<{ schoolId: number; schoolName: string; screen: string; report: string; chosen: boolean }>;
  };
};
const choose = (by: Caller, body: Record<string, unknown>) => by.post('/apis-psychology/screen/template/choose', body);
const menuNames = async (by: Caller) =>
  ((await by.get('/apis-portal/app/getAppMenu?appCode=mind')).json().data as Array<{ list: { publishUrl: string }[] }>)
    .flatMap((g) => g.list)
    .map((a) => a.publishUrl);

describe('the template center', () => {
  it('lists the bureau’s schools with the defaults until a choice, and the school sees what its bureau chose', async () => {
    const before = await list(w.bureauAdmin);
    expect(before.canChoose).toBe(true);
    expect(before.list.map((s) => s.schoolName)).toEqual(['First School', 'Second School']);
    expect(before.list[0]).toMatchObject({ screen: 'schoolWarningScreen', report: 'full', chosen: false });

    const res = await choose(w.bureauAdmin, { schoolId: w.orgs.school.id, screen: 'manageScreen', report: 'warnings' });
    expect(res.statusCode, res.body).toBe(200);
    const after = await list(w.bureauAdmin);
    expect(after.list[0]).toMatchObject({ schoolName: 'First School', screen: 'manageScreen', report: 'warnings' });
    expect(after.list[0]?.chosen).toBe(true);
    expect(after.list[1]).toMatchObject({ schoolName: 'Second School', screen: 'schoolWarningScreen', chosen: false });

    // The school's own staff see their school only, and may not choose.
    for (const who of [w.schoolAdmin, psychologist]) {
      const mine = await list(who);
      expect(mine.canChoose).toBe(false);
      expect(mine.list.map((s) => [s.schoolName, s.screen, s.report])).toEqual([
        ['First School', 'manageScreen', 'warnings'],
      ]);
    }
    // The school's reports use the template: the report says which sections it shows.
    const report = await w.schoolAdmin.get('/apis-psychology/report/statistics');
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().data.template).toBe('warnings');
    const other = await w.bureauAdmin.get(`/apis-psychology/report/statistics?schoolId=${w.orgs.otherSchool.id}`);
    expect(other.json().data.template).toBe('full');
  });

  it('refuses a school outside the scope, the school choosing for itself, and a district screen as a school’s home', async () => {
    const far = await choose(w.bureauAdmin, { schoolId: w.orgs.farSchool.id, screen: 'manageScreen', report: 'full' });
    expect(far.statusCode).toBe(403);
    expect(far.json().message).toContain('outside your data scope');
    const self = await choose(w.schoolAdmin, { schoolId: w.orgs.school.id, screen: 'schoolWarning', report: 'full' });
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toContain('chosen by its bureau');
    const district = await choose(w.bureauAdmin, {
      schoolId: w.orgs.school.id,
      screen: 'districtScreen',
      report: 'full',
    });
    expect(district.statusCode).toBe(400);
    expect(district.body).toContain('only a screen about one school');
    // The psychology teacher may look, not choose: the route refuses before the rule.
    const teacher = await choose(psychologist, { schoolId: w.orgs.school.id, screen: 'schoolWarning', report: 'full' });
    expect(teacher.statusCode).toBe(403);
    expect((await list(w.schoolAdmin)).list[0]?.screen).toBe('manageScreen');
  });

  it('is in the sidebar of the bureau, the school administrator and the psychology teacher, beside the new screens', async () => {
    const bureau = await menuNames(w.bureauAdmin);
    expect(bureau).toEqual(
      expect.arrayContaining(['/jdp/data/templateHome', '/jdp/districtScreenGs', '/jdp/districtScreenEmotion']),
    );
    expect(await menuNames(psychologist)).toContain('/jdp/data/templateHome');
    expect(await menuNames(w.schoolAdmin)).not.toContain('/jdp/districtScreenGs');
  });
});
