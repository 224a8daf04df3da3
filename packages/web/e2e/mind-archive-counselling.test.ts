import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../server/test/factories.ts';
import { screenshot, visit } from './browser.ts';
import { pickOption } from './dropdowns.ts';
import { buildArchiveWorld, call } from './mind-archive-world.ts';
import { tokenOf } from './mind-assess-world.ts';
import { openMind } from './mind-walks.ts';
import { portalSuite } from './portal-server.ts';
import { unexpected } from './portal-walks.ts';

const suite = portalSuite();
const SCHOOL_ADMIN = 2;

/** Types into a search select (a student picker) and picks the student. */
async function pickStudent(page: Page, selector: string, name: string): Promise<void> {
  await page.locator(selector).click();
  await page.keyboard.type(name);
  await pickOption(page, name);
}

/** The school's administrator approves the group applied for under `title`, through the API. */
async function approveAsSchoolAdmin(schoolId: number, title: string): Promise<void> {
  const { db, url } = suite.server;
  const admin = await buildUser(db, { roleIds: [SCHOOL_ADMIN], orgId: schoolId });
  const group = await db
    .selectFrom('counselling_groups')
    .select('id')
    .where('title', '=', title)
    .executeTakeFirstOrThrow();
  await call(url, await tokenOf(url, admin), 'apis-psychology/group/apply/review', { id: group.id, approve: true });
}

const confirmDialog = (page: Page) => page.locator('.ant-modal-footer:visible .ant-btn-primary').click();

describe('counselling and daily work on the student’s file (issue 9)', () => {
  it('a group session, an individual appointment and a setback reach the timeline, which also reads in English', async () => {
    const world = await buildArchiveWorld(suite.server);
    const student = world.flagged;
    const { page, problems, close } = await visit(suite.browser);
    try {
      // A group is applied for, approved by review, and a session is recorded.
      await openMind(page, suite.server.url, '/data/groupApply', world.teacher.token);
      await page.getByTestId('group-add').click();
      await page.getByTestId('group-save').click();
      await page.getByText('请输入团辅名称（50 字以内）').waitFor();
      await page.getByTestId('group-title').fill('Growing together');
      await page.locator('#topic').fill('Managing exam stress');
      await page.locator('#plan').fill('Six weekly sessions: breathing, sharing, planning.');
      await pickStudent(page, '#studentIds', student.name);
      await page.keyboard.press('Escape');
      await page.getByTestId('group-save').click();
      const group = page.getByTestId('group-table').locator('tr', { hasText: 'Growing together' });
      await group.getByText('待审核').waitFor();
      // One's own application is not offered for review: another reviewer of the school approves it.
      expect(await group.getByTestId('group-review').count()).toBe(0);
      await approveAsSchoolAdmin(world.orgs.school.id, 'Growing together');
      await page.reload();
      await group.getByText('已通过').waitFor();
      await screenshot(page, 'mind-archive-groups');
      await group.getByRole('link', { name: '活动记录' }).click();
      await page.getByTestId('session-add').click();
      await page.locator('#place').fill('Counselling room 2');
      await page.locator('#content').fill('Breathing exercises and a first round of sharing.');
      await page.getByTestId('session-save').click();
      await page.getByRole('cell', { name: 'Counselling room 2' }).waitFor();

      // An appointment is requested, booked, held, summarised, rated and given a private note.
      await page.goto(`${suite.server.url}/jdp/data/appointmentRecordQuery`);
      await page.getByTestId('appointment-add').click();
      await confirmDialog(page);
      await page.getByText('请选择学生').waitFor();
      await pickStudent(page, '#studentId', student.name);
      await page.locator('#reason').fill('Sleeps badly before exams.');
      await confirmDialog(page);
      const row = page.getByTestId('appointment-table').locator('tr.ant-table-row', { hasText: student.name });
      await row.getByText('待审核').waitFor();
      await row.getByText('审核', { exact: true }).click();
      await confirmDialog(page);
      await row.getByText('已预约').waitFor();
      await row.getByText('填写小结').click();
      await page.locator('#summary').fill('Talked through a wind-down routine; she will keep a sleep diary.');
      await confirmDialog(page);
      await row.getByText('已完成').waitFor();
      await row.getByText('评价', { exact: true }).click();
      await page
        .locator('.ant-modal:visible:not([class*="-appear"]):not([class*="-enter"]) .ant-rate-star')
        .nth(3)
        .click();
      await confirmDialog(page);
      await row.getByText('★★★★', { exact: true }).waitFor();
      await row.getByText('私密笔记').click();
      await page.locator('.ant-drawer #content').fill('Mentions conflict at home; ask at the next visit.');
      await page.locator('.ant-drawer').getByRole('button', { name: '添加笔记' }).click();
      await page.locator('.ant-drawer').getByText('Mentions conflict at home').waitFor();
      await screenshot(page, 'mind-archive-notes');
      await page.keyboard.press('Escape');
      await screenshot(page, 'mind-archive-appointments');

      // A setback on the student, and the school's work news.
      await page.goto(`${suite.server.url}/jdp/data/setback`);
      await page.getByTestId('daily-add').click();
      await pickStudent(page, '#studentId', student.name);
      await page.getByTestId('daily-title').fill('Failed the mid-term maths exam');
      await page.getByTestId('daily-content').fill('Cried in class; the class teacher talked with her.');
      await page.getByTestId('daily-save').click();
      await page.getByTestId('daily-table').getByText('Failed the mid-term maths exam').waitFor();
      await screenshot(page, 'mind-archive-setback');
      await page.goto(`${suite.server.url}/jdp/data/dailyDynamic`);
      await page.getByTestId('daily-add').click();
      await page.getByTestId('daily-title').fill('Mental health week begins');
      await page.getByTestId('daily-content').fill('Posters, class meetings and an open counselling room all week.');
      await page.getByTestId('daily-save').click();
      await page.getByTestId('daily-table').getByText('Mental health week begins').waitFor();

      // The student's timeline holds the session, the appointment and the setback; then in English.
      await page.goto(`${suite.server.url}/jdp/data/studentFileDetails/${student.studentId}?tab=timeline`);
      const timeline = page.getByTestId('archive-timeline');
      for (const kind of ['groupSession', 'appointment', 'setback', 'warning', 'result']) {
        await timeline.locator(`[data-testid=timeline-event][data-kind=${kind}]`).first().waitFor();
      }
      await expect(timeline.textContent()).resolves.toContain('wind-down routine');
      await expect(timeline.textContent()).resolves.not.toContain('conflict at home');
      await page.getByText('English', { exact: true }).click();
      await timeline.getByText('Setback', { exact: true }).first().waitFor();
      await timeline.getByText('Individual counselling', { exact: true }).first().waitFor();
      // The file is read again in English: the scale's name and the band follow the language.
      await timeline.getByText('Patient Health Questionnaire (PHQ-9)').waitFor();
      await screenshot(page, 'mind-archive-timeline-en');
      await page.getByTestId('file-tab-counselling').click();
      await page.getByText('Growing together').first().waitFor();
      await screenshot(page, 'mind-archive-counselling-en');
      expect(unexpected(problems)).toEqual([]);
    } finally {
      await close();
    }
  });
});
