import { beforeAll, describe, expect, it } from 'vitest';
import { demoAccount } from '../../server/src/mind/demo/accounts.ts';
import { DEFAULT_DEMO_PASSWORD } from '../../server/src/portal/demo.ts';
import { screenshot, visit } from './browser.ts';
import { dropdown, pickOption } from './dropdowns.ts';
import { tokenOf } from './mind-assess-world.ts';
import { screensWorld, wall } from './mind-screens-world.ts';
import { mindTitle, openMind } from './mind-walks.ts';
import { unexpected } from './portal-walks.ts';

// The template center (decision 0132): the bureau chooses a school's home screen; the school's user
// opens it. demo_school's school has had a round of assessments (one red warning).
const world = screensWorld('school', 'Template center walk');
let bureauToken = '';

beforeAll(async () => {
  bureauToken = await tokenOf(world.server.url, {
    id: 0,
    account: demoAccount('bureau').account,
    password: DEFAULT_DEMO_PASSWORD,
  });
});

describe('the template center, as demo_bureau and demo_school', () => {
  it('the bureau chooses the management screen and the warnings report for a school; its user opens that screen', async () => {
    const school = await world.server.db
      .selectFrom('users as u')
      .innerJoin('orgs as o', 'o.id', 'u.dept_id')
      .select(['o.id', 'o.name'])
      .where('u.account', '=', demoAccount('school').account)
      .executeTakeFirstOrThrow();

    const bureau = await visit(world.browser);
    try {
      const { page } = bureau;
      await openMind(page, world.server.url, '/data/intervene', bureauToken);
      // The bureau's sidebar opens the district overview and emotion walls beside the district screen.
      for (const item of ['区县大屏', '区县概况大屏', '区县情绪大屏'])
        await page.getByRole('menuitem', { name: item }).waitFor();
      await page.getByRole('menuitem', { name: '模板中心' }).click();
      await page.getByTestId('template-schools').waitFor();
      expect(await page.title()).toBe(mindTitle('templateHome'));
      const row = page.getByTestId('template-schools').locator('tr', { hasText: school.name });
      await row.getByText('学校预警大屏').waitFor();
      await row.getByText('默认').waitFor();
      await page.getByTestId('template-screens').getByText('管理驾驶舱').first().waitFor();
      await screenshot(page, 'mindscreens-templatehome-bureau');
      await row.getByTestId('template-edit').click();
      await page.getByTestId('template-screen').click();
      await pickOption(page, '管理驾驶舱');
      await page.getByTestId('template-report').click();
      await dropdown(page).waitFor();
      await pickOption(page, '预警报告');
      await screenshot(page, 'mindscreens-templatehome-dialog');
      await page.getByTestId('template-save').click();
      await page.getByText('已保存，学校的大屏入口和报告已随之改变').waitFor();
      await row.getByText('管理驾驶舱').waitFor();
      await row.getByText('默认').waitFor({ state: 'detached' });
      expect(unexpected(bureau.problems)).toEqual([]);
    } finally {
      await bureau.close();
    }

    // The school's counselling and home visits this semester, recorded as its staff would.
    const student = await world.server.db
      .selectFrom('students')
      .select(['id', 'org_id'])
      .where('school_id', '=', school.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const HOUR = 3_600_000;
    await world.api('apis-psychology/appointment/add', world.token, {
      studentId: student.id,
      wantedAt: Date.now() + 24 * HOUR,
      reason: 'Cannot sleep before exams',
    });
    const task = await world.api<{ id: number }>('apis-psychology/homeVisit/task/add', world.token, {
      name: 'Autumn home visits',
      questions: [{ id: 'note', title: 'Anything else', type: 'text', required: false }],
      targets: { classIds: [student.org_id] },
      startsAt: Date.now() - 48 * HOUR,
      endsAt: Date.now() + 48 * HOUR,
    });
    await world.api('apis-psychology/homeVisit/record/add', world.token, {
      taskId: task.id,
      studentId: student.id,
      visitedAt: Date.now() - HOUR,
      way: 'home',
      place: 'Family flat',
      people: 'Mother',
      answers: {},
      summary: 'Sleeps badly since the exams.',
    });
    const care = await world.api<{
      appointments: { requested: number };
      homeVisits: { done: number; planned: number };
    }>(`apis-psychology/screen/school/care?schoolId=${school.id}`, world.token);
    expect(care.appointments.requested).toBe(1);
    expect(care.homeVisits.done).toBe(1);
    expect(care.homeVisits.planned).toBeGreaterThan(1);

    const staff = await visit(world.browser, wall);
    try {
      const { page } = staff;
      await openMind(page, world.server.url, '/data/templateHome', world.token);
      await page.getByTestId('template-mine').waitFor();
      await page.getByTestId('template-mine-screen').getByText('管理驾驶舱').waitFor();
      await page.getByTestId('template-mine-report').getByText('预警报告').waitFor();
      await screenshot(page, 'mindscreens-templatehome-school');
      const [opened] = await Promise.all([
        page.context().waitForEvent('page'),
        page.getByTestId('template-open-screen').click(),
      ]);
      await opened.waitForLoadState();
      expect(new URL(opened.url()).pathname).toBe('/jdp/manageScreen');
      expect(new URL(opened.url()).searchParams.get('schoolId')).toBe(String(school.id));
      const counselling = opened.getByTestId('counselling-table').locator('tr', { hasText: '待审核' });
      await counselling.getByText(String(care.appointments.requested), { exact: true }).waitFor();
      const visits = opened.getByTestId('visits-table');
      await visits
        .locator('tr', { hasText: '已家访' })
        .getByText(String(care.homeVisits.done), { exact: true })
        .waitFor();
      await visits
        .locator('tr', { hasText: '计划家访' })
        .getByText(String(care.homeVisits.planned), { exact: true })
        .waitFor();
      await opened.getByTestId('kpi-tasks-value').waitFor();
      for (const card of ['card-trend', 'card-handling']) await opened.getByTestId(card).locator('canvas').waitFor();
      expect(await opened.title()).toBe(mindTitle('manageScreen'));
      await screenshot(opened, 'mindscreens-managescreen');

      // The school's report follows the template: the warning levels, without bands or schools.
      await openMind(page, world.server.url, '/data/report', world.token);
      await page.getByTestId('statistics-template-warnings').waitFor();
      await page.getByTestId('statistics-template').getByText('预警报告').waitFor();
      await page.getByTestId('statistics-levels-card').locator('canvas').waitFor();
      expect(await page.getByTestId('statistics-bands').count()).toBe(0);
      await screenshot(page, 'mindscreens-report-warnings');
      expect(unexpected(staff.problems)).toEqual([]);
    } finally {
      await staff.close();
    }
  });
});
