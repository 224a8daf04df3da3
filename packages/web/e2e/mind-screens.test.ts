import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../server/test/factories.ts';
import { screenshot, visit } from './browser.ts';
import { tokenOf } from './mind-assess-world.ts';
import { figure, screensWorld, wall } from './mind-screens-world.ts';
import { mindTitle, openMind } from './mind-walks.ts';
import { unexpected } from './portal-walks.ts';

const world = screensWorld('bureau', 'Screen walk screening');

async function english(page: Page): Promise<void> {
  await page.evaluate(() => localStorage.setItem('meridian.lang', 'en'));
  await page.reload();
}

describe('the district screen, as demo_bureau after a round of assessments', () => {
  it('shows the figures the lists give, in Chinese and English, and a failed card keeps the rest', async () => {
    interface Schools {
      schools: { name: string; results: number }[];
      totals: { results: number; assigned: number; done: number };
    }
    const figures = await world.api<Schools>('apis-psychology/screen/school/queryList', world.token);
    const listed = await world.api<{ total: number }>('apis-psychology/survey/record/query', world.token, {
      page: 1,
      size: 1,
    });
    const gauge = await world.api<{ open: number }>('apis-psychology/warning/gauge', world.token);
    expect(figures.totals.results).toBe(listed.total);
    expect(figures.totals.results).toBe(3);
    expect(gauge.open).toBeGreaterThanOrEqual(1);

    const { page, problems, close } = await visit(world.browser, wall);
    await openMind(page, world.server.url, '/districtScreen', world.token);
    await figure(page, 'kpi-results', listed.total);
    await figure(page, 'kpi-open', gauge.open);
    await figure(page, 'kpi-schools', figures.schools.length);
    const school = figures.schools[0];
    if (!school) throw new Error('no school on the screen');
    await page.getByTestId('schools-table').getByText(school.name).waitFor();
    await page.getByTestId('card-bands').locator('canvas').waitFor();
    await page.getByTestId('card-warnings').locator('canvas').waitFor();
    expect(await page.title()).toBe(mindTitle('districtScreen'));
    await screenshot(page, 'mind-screen-district-zh');

    await english(page);
    await page.getByRole('heading', { name: 'District screen' }).waitFor();
    await figure(page, 'kpi-results', listed.total);
    await page.getByTestId('card-bands').locator('canvas').waitFor();
    await screenshot(page, 'mind-screen-district-en');

    // The warnings call fails: its card says so, the others keep their figures.
    await page.route('**/api/apis-psychology/warning/gauge**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"code":500,"message":"Internal error","data":null}',
      }),
    );
    await page.reload();
    await page.getByTestId('card-warnings-error').waitFor();
    await figure(page, 'kpi-results', listed.total);
    await page.getByTestId('schools-table').getByText(school.name).waitFor();
    await screenshot(page, 'mind-screen-district-failed-card');
    expect(unexpected(problems, /HTTP 500: .*warning\/gauge/, /status of 500/)).toEqual([]);
    await close();
  });

  it('the warning cockpit shows the open warnings by level and stage, and who holds them', async () => {
    const gauge = await world.api<{ open: number }>('apis-psychology/warning/gauge', world.token);
    const { page, problems, close } = await visit(world.browser, wall);
    await openMind(page, world.server.url, '/schoolWarning', world.token);
    await figure(page, 'kpi-open', gauge.open);
    await page.getByTestId('card-stages').locator('canvas').waitFor();
    await page.getByTestId('card-overdue-empty').waitFor();
    // The red warning is new: nobody has been named to handle it yet, and the cockpit says so first.
    await page
      .getByTestId('holders-table')
      .locator('tr', { hasText: '尚未指定处置人' })
      .getByText(String(gauge.open))
      .waitFor();
    await screenshot(page, 'mind-screen-cockpit-zh');
    await english(page);
    await page.getByRole('heading', { name: 'School warning-handling cockpit' }).waitFor();
    await page.getByTestId('card-stages').locator('canvas').waitFor();
    await screenshot(page, 'mind-screen-cockpit-en');
    // A laptop: the same wall, scaled down whole.
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.getByTestId('card-stages').locator('canvas').waitFor();
    await screenshot(page, 'mind-screen-cockpit-laptop');
    expect(unexpected(problems)).toEqual([]);
    await close();
  });
  it('the youth-soul home: the district wall, a school chosen on it, and the warnings wall', async () => {
    interface Schools {
      schools: { schoolId: number; name: string; results: number; openWarnings: number }[];
      totals: { results: number; done: number };
    }
    const figures = await world.api<Schools>('apis-psychology/screen/school/queryList', world.token);
    const gauge = await world.api<{ total: number; open: number }>('apis-psychology/warning/gauge', world.token);
    const overdue = await world.api<{ total: number }>('apis-psychology/screen/school/queryPage', world.token);
    const school = figures.schools.find((s) => s.results > 0);
    if (!school) throw new Error('no school with results');

    const { page, problems, close } = await visit(world.browser, wall);
    await openMind(page, world.server.url, '/districtYouthSoulHome', world.token);
    await figure(page, 'kpi-results', figures.totals.results);
    await figure(page, 'kpi-done', figures.totals.done);
    await figure(page, 'kpi-warnings', gauge.total);
    await figure(page, 'kpi-open', gauge.open);
    await figure(page, 'kpi-schools', figures.schools.length);
    await page.getByTestId('card-bands').locator('canvas').waitFor();
    await page.getByTestId('card-trend').locator('canvas').waitFor();
    expect(await page.title()).toBe(mindTitle('districtYouthSoulHome'));
    await screenshot(page, 'youthsoul-district-zh');

    // The school's tile opens its wall: the school's own figures, its classes' bands and grades' warnings.
    await page.getByTestId(`school-tile-${school.schoolId}`).click();
    await page.getByTestId('school-name').getByText(school.name).waitFor();
    await figure(page, 'kpi-results', school.results);
    await figure(page, 'kpi-open', school.openWarnings);
    await page.getByTestId('card-bands').locator('canvas').waitFor();
    await page.getByTestId('card-grades').locator('canvas').waitFor();
    expect(new URL(page.url()).searchParams.get('schoolId')).toBe(String(school.schoolId));
    await screenshot(page, 'youthsoul-school-zh');

    await openMind(page, world.server.url, '/districtYouthSoulHomeWarning', world.token);
    await figure(page, 'kpi-warnings', gauge.total);
    await figure(page, 'kpi-open', gauge.open);
    await figure(page, 'kpi-overdue', overdue.total);
    await page.getByTestId('card-stages').locator('canvas').waitFor();
    await page.getByTestId('card-by-school').locator('canvas').waitFor();
    await screenshot(page, 'youthsoul-warnings-zh');
    await english(page);
    await page.getByText('Warnings per school (open and all)').waitFor();
    await figure(page, 'kpi-open', gauge.open);
    await page.getByTestId('card-by-school').locator('canvas').waitFor();
    await screenshot(page, 'youthsoul-warnings-en');
    expect(unexpected(problems)).toEqual([]);
    await close();
  });

  it('a student’s mind profile: the red warning, the MHT dimensions as a radar, and the mood', async () => {
    const db = world.server.db;
    const red = await db
      .selectFrom('warnings as w')
      .innerJoin('students as s', 's.id', 'w.student_id')
      .select(['s.id', 's.org_id', 's.name'])
      .where('w.level', '=', 'red')
      .executeTakeFirstOrThrow();
    // The student also answers the MHT (its eight dimensions) and writes today's mood, on H5.
    const user = await buildUser(db, { roleIds: [], identityId: 2, orgId: red.org_id });
    await db.updateTable('students').set({ user_id: user.id }).where('id', '=', red.id).execute();
    const student = await tokenOf(world.server.url, user);
    const mht = await db
      .selectFrom('scales')
      .select('id')
      .where('code', '=', 'MHT')
      .where('owner_org_id', 'is', null)
      .executeTakeFirstOrThrow();
    const now = Date.now();
    const task = await world.api<{ id: number }>('apis-psychology/survey/record/createTask', world.token, {
      name: 'Profile walk MHT',
      scaleIds: [mht.id],
      targets: { schoolIds: [], gradeIds: [], classIds: [], studentIds: [red.id], teacherUserIds: [] },
      startsAt: now - 3_600_000,
      endsAt: now + 86_400_000,
    });
    await world.api('apis-psychology/survey/task/publish', world.token, { id: task.id });
    const answers = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [String(i + 1), i % 3 === 0 ? 'A' : 'B']));
    await world.api('apis-psychology/h5/survey/submit', student, { taskId: task.id, scaleId: mht.id, answers });
    await world.api('apis-psychology/h5/moodJournal/today', student, { mood: 2, intensity: 6, tags: [], note: '' });

    interface Profile {
      scales: { results: number }[];
      warnings: { closedAt: number | null }[];
    }
    const profile = await world.api<Profile>('apis-psychology-audit/screen/mindProfile', world.token, {
      studentId: red.id,
    });
    expect(profile.scales).toHaveLength(2);
    // Opened from the student's insight, in a window of its own, as a wall is.
    const { page: insight, problems, close } = await visit(world.browser, wall);
    await openMind(insight, world.server.url, `/data/studentInsightDetailInfo?studentId=${red.id}`, world.token);
    const [page] = await Promise.all([insight.waitForEvent('popup'), insight.getByTestId('insight-profile').click()]);
    expect(new URL(page.url()).pathname).toBe('/jdp/mindProfile');
    await page.getByTestId('profile-student').getByText(red.name).waitFor();
    await figure(page, 'kpi-results', 2);
    await figure(page, 'kpi-warnings', profile.warnings.length);
    await figure(page, 'kpi-open', profile.warnings.filter((w) => w.closedAt === null).length);
    await page.getByTestId('card-radar').locator('canvas').waitFor();
    await page.getByTestId('card-mood').locator('canvas').waitFor();
    await page.getByTestId('warnings-table').getByText('红色预警').waitFor();
    expect(await page.title()).toBe(mindTitle('mindProfile'));
    await screenshot(page, 'youthsoul-profile-zh');
    await english(page);
    await page.getByText('Mood, last 30 days').waitFor();
    await page.getByTestId('card-radar').locator('canvas').waitFor();
    await screenshot(page, 'youthsoul-profile-en');
    expect(unexpected(problems)).toEqual([]);
    await close();
  });

  it('the cockpit shows what the platform raised by itself and the intervention review, as the calls count them', async () => {
    interface Rules {
      total: number;
      rules: { source: string; raised: number; open: number; solved: number }[];
    }
    const zngy = await world.api<Rules>('apis-psychology/process/rule/zngy', world.token);
    const sources = ['assessment', 'journal', 'treeHole', 'interview'];
    const sum = (source: string, key: 'raised' | 'open' | 'solved') =>
      zngy.rules.filter((r) => r.source === source).reduce((n, r) => n + r[key], 0);
    // The round's PHQ-9 raised the red warning by itself.
    expect(sum('assessment', 'raised')).toBeGreaterThanOrEqual(1);
    const reviews = ['gygz', 'fdth', 'dfht', 'tfsj', 'zxzj', 'fxht'];
    const reviewTotals = async () =>
      Promise.all(
        reviews.map(async (name) => {
          const path = name === 'gygz' ? 'gygz' : `gygz/${name}`;
          const page = await world.api<{ total: number }>(
            `apis-psychology/analysis/review/${path}?size=1`,
            world.token,
          );
          return [name, page.total] as const;
        }),
      );
    const cell = (page: Page, testId: string, value: number) =>
      page
        .getByTestId(testId)
        .filter({ hasText: new RegExp(`^${value}$`) })
        .waitFor();

    const { page, problems, close } = await visit(world.browser, wall);
    await openMind(page, world.server.url, '/schoolWarning', world.token);
    for (const source of sources) {
      await cell(page, `automatic-${source}-raised`, sum(source, 'raised'));
      await cell(page, `automatic-${source}-open`, sum(source, 'open'));
      await cell(page, `automatic-${source}-solved`, sum(source, 'solved'));
    }
    // Nobody has recorded an intervention yet: the review card says so.
    expect(Object.fromEntries(await reviewTotals()).gygz).toBe(0);
    await page.getByTestId('card-review-empty').getByText('还没有干预记录').waitFor();

    // The red warning's handler is named, it is published and a counselling talk is recorded on it.
    const db = world.server.db;
    const red = await db
      .selectFrom('warnings')
      .select(['id', 'school_id'])
      .where('level', '=', 'red')
      .where('source_type', '=', 'assessment')
      .executeTakeFirstOrThrow();
    const psychologist = await db
      .selectFrom('teachers')
      .select('user_id')
      .where('school_id', '=', red.school_id)
      .where('is_psychology', '=', true)
      .where('status', '=', 'active')
      .where('user_id', 'is not', null)
      .executeTakeFirstOrThrow();
    await world.api('apis-psychology/warning/setup', world.token, {
      id: red.id,
      psychologyUserId: psychologist.user_id,
      classTeacherUserId: null,
    });
    await world.api('apis-psychology/warning/publish', world.token, { id: red.id });
    await world.api('apis-psychology/intervene/save', world.token, {
      warningId: red.id,
      kind: 'interview',
      happenedAt: Date.now() - 3_600_000,
      place: '心理咨询室',
      people: '学生本人',
      content: '谈话了解近况',
    });
    const totals = await reviewTotals();
    expect(Object.fromEntries(totals)).toMatchObject({ gygz: 1, fdth: 1, dfht: 0 });
    await page.reload();
    for (const [name, total] of totals) await cell(page, `review-${name}`, total);
    await page.getByTestId('review-table').getByText('辅导谈话').waitFor();
    await screenshot(page, 'mindreview-cockpit-zh');
    await english(page);
    await page.getByRole('heading', { name: 'Warnings the platform raised by itself' }).waitFor();
    await page.getByTestId('review-table').getByText('Counselling talks').waitFor();
    await cell(page, 'review-gygz', 1);
    await screenshot(page, 'mindreview-cockpit-en');
    await page.setViewportSize({ width: 1366, height: 768 });
    await cell(page, 'review-fdth', 1);
    await screenshot(page, 'mindreview-cockpit-laptop');
    await page.setViewportSize(wall.viewport);

    // A source opens the warning list narrowed to it, with the same count.
    const listed = await world.api<{ total: number }>(
      'apis-psychology/warning/statistics?source=assessment',
      world.token,
    );
    expect(listed.total).toBe(sum('assessment', 'raised'));
    await page.getByTestId('automatic-assessment').click();
    await page.waitForURL((url) => url.pathname === '/jdp/data/intervene' && url.search === '?source=assessment');
    await page
      .getByTestId('warning-total')
      .filter({ hasText: new RegExp(`^${listed.total}$`) })
      .waitFor();
    await page.getByTestId('warning-list-page').getByTitle('Scale assessment').waitFor();
    await screenshot(page, 'mindreview-warning-list-by-source');
    expect(unexpected(problems)).toEqual([]);
    await close();
  });
});
