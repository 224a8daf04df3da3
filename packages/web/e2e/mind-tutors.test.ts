import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { insertStudents, placementOf } from '../../server/src/mind/people/students/testing.ts';
import { buildOrg, buildUser } from '../../server/test/factories.ts';
import { phone, screenshot, visit } from './browser.ts';
import { pickInTree, pickOption } from './dropdowns.ts';
import { mindUser, openMind } from './mind-walks.ts';
import { settledShot } from './portal-admin-walks.ts';
import { portalSuite } from './portal-server.ts';
import { unexpected } from './portal-walks.ts';

const suite = portalSuite();
const CLASS_TEACHER = 4;

async function tokenOf(account: string, password: string): Promise<string> {
  const response = await fetch(`${suite.server.url}/api/apis-authz/authz/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password }),
  });
  const body = (await response.json()) as { data?: { token?: string } };
  if (!body.data?.token) throw new Error(`sign-in of ${account} failed`);
  return body.data.token;
}

describe('tutor choice (issue 26)', () => {
  it('two students race for a tutor’s last place on their phones: one wins, the other is told it is full', async () => {
    const db = suite.server.db;
    const staff = await mindUser(suite.server);
    const { id: schoolId } = await db
      .selectFrom('orgs')
      .select('id')
      .where('name', '=', staff.orgName)
      .executeTakeFirstOrThrow();
    const grade = await buildOrg(db, { type: 'grade', name: 'Grade 7', parentId: schoolId });
    const klass = await buildOrg(db, { type: 'class', name: 'Class 7-1', parentId: grade.id });
    const placement = await placementOf(db, klass.id);
    const names = ['Lin Xiao', 'Chen Yu'];
    const studentIds = await insertStudents(
      db,
      names.map((name, n) => ({ ...placement, name, student_no: `T${klass.id}-${n}` })),
    );
    const students: Array<Awaited<ReturnType<typeof buildUser>> & { name: string }> = [];
    for (const [n, studentId] of studentIds.entries()) {
      const user = await buildUser(db, { roleIds: [], identityId: 2, orgId: klass.id });
      await db.updateTable('students').set({ user_id: user.id }).where('id', '=', studentId).execute();
      students.push({ ...user, name: names[n] ?? '' });
    }
    const tutor = await buildUser(db, { roleIds: [CLASS_TEACHER], orgId: schoolId });
    await db.updateTable('users').set({ nickname: 'Mr Li' }).where('id', '=', tutor.id).execute();
    const at = Date.now();
    await db
      .insertInto('teachers')
      .values({
        user_id: tutor.id,
        school_id: schoolId,
        dept_id: null,
        teacher_no: `L${tutor.id}`,
        name: 'Mr Li',
        gender: null,
        phone: null,
        subject: null,
        title: null,
        is_psychology: false,
        status: 'active',
        created_at: at,
        updated_at: at,
      })
      .execute();

    // Staff set a task with one tutor of one place.
    const desk = await visit(suite.browser);
    try {
      await openMind(desk.page, suite.server.url, '/data/tutorChoice', staff.token);
      await desk.page.getByTestId('tutor-page').getByText('还没有导师选择任务').waitFor();
      await desk.page.getByTestId('tutor-task-add').click();
      await desk.page.getByTestId('tutor-task-name').fill('初一导师双选');
      await pickInTree(desk.page, desk.page.getByTestId('visit-task-classes'), [staff.orgName, 'Grade 7', 'Class 7-1']);
      await desk.page.getByTestId('tutor-task-name').click();
      await desk.page.getByTestId('tutor-pick').click();
      await pickOption(desk.page, 'Mr Li');
      await desk.page.getByTestId('tutor-quota').fill('1');
      await settledShot(desk.page, 'tutor-form-zh-CN');
      await desk.page.getByTestId('tutor-task-save').click();
      await desk.page.getByText('导师选择任务已发布').waitFor();
      await desk.page.getByTestId('tutor-places').getByText('Mr Li 0/1').waitFor();
      await settledShot(desk.page, 'tutor-list-zh-CN');
      expect(unexpected(desk.problems)).toEqual([]);
    } finally {
      await desk.close();
    }

    let winnerName = '';
    // Two students on their phones press "choose" on the same tutor at the same moment.
    const phones = await Promise.all(students.map(() => visit(suite.browser, phone)));
    try {
      const choose = async (page: Page, student: (typeof students)[number]) => {
        await page.goto(`${suite.server.url}/h5/login`);
        await page.getByTestId('h5-account').fill(student.account);
        await page.getByTestId('h5-password').fill(student.password);
        await page.getByTestId('h5-sign-in').click();
        await page.getByTestId('h5-tutors-link').click();
        const button = page.getByRole('button', { name: '选择: Mr Li' });
        await button.waitFor();
        return button;
      };
      const buttons = await Promise.all(phones.map((p, n) => choose(p.page, students[n] as (typeof students)[number])));
      await Promise.all(buttons.map((b) => b.click()));
      const outcome = async (page: Page) => {
        const won = page.getByTestId('h5-tutor-mine');
        const lost = page.getByTestId('h5-tutor-refused');
        await won.or(lost).first().waitFor();
        return (await won.count()) > 0 ? 'won' : ((await lost.textContent()) ?? '');
      };
      const results = await Promise.all(phones.map((p) => outcome(p.page)));
      expect(results.filter((r) => r === 'won')).toHaveLength(1);
      expect(results.filter((r) => r !== 'won')).toEqual(['这位导师的名额刚刚满了，请选择其他导师']);
      const winner = results[0] === 'won' ? 0 : 1;
      const loserPage = phones[1 - winner]?.page as Page;
      await loserPage.getByRole('button', { name: '名额已满: Mr Li' }).waitFor();
      expect(await loserPage.getByRole('button', { name: '名额已满: Mr Li' }).isDisabled()).toBe(true);
      const winnerPage = phones[winner]?.page as Page;
      await winnerPage.getByText('我的选择：Mr Li').waitFor();
      await screenshot(winnerPage, 'tutor-h5-won-zh-CN');
      await screenshot(loserPage, 'tutor-h5-full-zh-CN');
      await loserPage.getByTestId('lang-switch').getByText('English').click();
      await loserPage.getByRole('button', { name: 'Full: Mr Li' }).waitFor();
      await screenshot(loserPage, 'tutor-h5-full-en');
      for (const p of phones) expect(unexpected(p.problems).filter((x) => !x.includes('409'))).toEqual([]);
      winnerName = students[winner]?.name ?? '';
    } finally {
      for (const p of phones) await p.close();
    }

    // The tutor confirms the winner.
    const tutorDesk = await visit(suite.browser);
    try {
      await openMind(
        tutorDesk.page,
        suite.server.url,
        '/data/taskSelectProgress',
        await tokenOf(tutor.account, tutor.password),
      );
      const row = tutorDesk.page.getByTestId('tutor-mine').locator('tr').filter({ hasText: winnerName });
      await row.getByRole('button', { name: `确认: ${winnerName}` }).click();
      await tutorDesk.page.getByText('已确认', { exact: true }).first().waitFor();
      await row.getByText('已确认').waitFor();
      await settledShot(tutorDesk.page, 'tutor-confirm-zh-CN');
      expect(unexpected(tutorDesk.problems)).toEqual([]);
    } finally {
      await tutorDesk.close();
    }

    // Staff see it in the progress by class and in the results.
    const back = await visit(suite.browser);
    try {
      await openMind(back.page, suite.server.url, '/data/taskSelectProgress', staff.token);
      const progress = back.page.getByTestId('tutor-progress').locator('tr').filter({ hasText: 'Class 7-1' });
      await progress.waitFor();
      await expect.poll(() => progress.locator('td').allTextContents()).toEqual(['Class 7-1', '2', '1', '1', '1']);
      await settledShot(back.page, 'tutor-progress-zh-CN');
      // Round 1 on its own: one confirmed, nobody waiting or declined, one student still to choose.
      await back.page.getByTestId('tutor-progress-rounds').getByText('第 1 轮').click();
      await expect.poll(() => progress.locator('td').allTextContents()).toEqual(['Class 7-1', '2', '0', '1', '0', '1']);
      await settledShot(back.page, 'signing2-tutor-round-zh-CN');
      await openMind(back.page, suite.server.url, '/data/tutorChoice', staff.token);
      await back.page.getByTestId('tutor-results-open').first().click();
      const result = back.page.getByTestId('tutor-results').locator('tr').filter({ hasText: winnerName });
      await result.getByText('Mr Li').waitFor();
      await result.getByText('已确认').waitFor();
      await settledShot(back.page, 'tutor-results-zh-CN');
      const [file] = await Promise.all([
        back.page.waitForEvent('download'),
        back.page.getByTestId('tutor-export').click(),
      ]);
      expect(file.suggestedFilename()).toMatch(/^tutor-choices-\d+\.xlsx$/);
      await back.page.evaluate(() => localStorage.setItem('meridian.lang', 'en'));
      await back.page.reload();
      await back.page.getByTestId('tutor-places').getByText('Mr Li 1/1').waitFor();
      await settledShot(back.page, 'tutor-list-en');
      expect(unexpected(back.problems)).toEqual([]);
    } finally {
      await back.close();
    }
  }, 90_000);
});
