import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { buildMoodEntries } from '../../server/src/mind/mood/testing.ts';
import { buildUser } from '../../server/test/factories.ts';
import { beijingDesktop, phone, screenshot, visit } from './browser.ts';
import { beijingDay } from './campus-walks.ts';
import { buildClassWorld, tokenOf } from './mind-assess-world.ts';
import { openMind } from './mind-walks.ts';
import { portalSuite } from './portal-server.ts';
import { unexpected } from './portal-walks.ts';

const suite = portalSuite();
const SCHOOL_ADMIN = 2;
const CLASS_TEACHER = 4;

/** Waits for a drawer's (or a dialog's) opening animation to end, so that the screenshot shows it still. */
const settled = (page: Page, opened = '.ant-drawer-open') =>
  page
    .locator(opened)
    .evaluate((drawer) => Promise.all(drawer.getAnimations({ subtree: true }).map((a) => a.finished)))
    .then(() => undefined);

/** The class's head teacher: a class teacher on the roster, head of the class, not a psychology teacher. */
async function headTeacherOf(world: Awaited<ReturnType<typeof buildClassWorld>>) {
  const db = suite.server.db;
  const user = await buildUser(db, { roleIds: [CLASS_TEACHER], orgId: world.orgs.klass.id });
  const at = Date.now();
  const { id } = await db
    .insertInto('teachers')
    .values({
      user_id: user.id,
      school_id: world.orgs.school.id,
      dept_id: null,
      teacher_no: `H${user.id}`,
      name: 'Mr Zhou',
      gender: null,
      phone: null,
      subject: null,
      title: null,
      is_psychology: false,
      status: 'active',
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('class_teachers')
    .values({
      class_id: world.orgs.klass.id,
      teacher_id: id,
      kind: 'head',
      subject: null,
      school_year_id: null,
      created_at: at,
    })
    .execute();
  return { ...user, token: await tokenOf(suite.server.url, user) };
}

describe('the teachers’ mood journal (issue 23)', () => {
  it('the school lets its psychology teacher read notes; the teacher sees the class trend and the low student and reads the note, audited; the head teacher cannot', async () => {
    const world = await buildClassWorld(suite.server);
    const [low, well] = world.students;
    if (!low || !well) throw new Error('no students');
    const db = suite.server.db;
    // The week before today: one student low for the last three days, the other well.
    await buildMoodEntries(
      db,
      low.studentId,
      [4, 3, 4, 3, 2, 1].map((mood) => ({ mood, note: '作业太多了' })),
      1,
    );
    await buildMoodEntries(
      db,
      well.studentId,
      [4, 5, 4, 4, 5, 4, 5].map((mood) => ({ mood })),
    );
    const head = await headTeacherOf(world);
    const admin = await buildUser(db, { roleIds: [SCHOOL_ADMIN], orgId: world.orgs.school.id });
    const adminToken = await tokenOf(suite.server.url, admin);

    // The school administrator lets the psychology teacher read notes, and previews what students read.
    const desk = await visit(suite.browser);
    try {
      const { page } = desk;
      await openMind(page, suite.server.url, '/data/moodJournalTest', adminToken);
      const form = page.getByTestId('mood-settings-form');
      await form.getByText('只有学生本人').waitFor();
      await form.getByLabel('学校的心理老师', { exact: true }).check();
      await page
        .getByTestId('mood-settings-preview')
        .getByText(/你自己和本校的心理老师/)
        .waitFor();
      await form.getByRole('button', { name: /^保 ?存$/ }).click();
      await page.getByText('设置已保存').waitFor();
      await screenshot(page, 'moodpages-settings');
      expect(unexpected(desk.problems)).toEqual([]);
    } finally {
      await desk.close();
    }

    // The low student writes today's entry on a phone and reads who may see the note.
    const mobile = await visit(suite.browser, phone);
    try {
      const { page } = mobile;
      await page.goto(`${suite.server.url}/h5/login`);
      await page.getByTestId('h5-account').fill(low.account);
      await page.getByTestId('h5-password').fill(low.password);
      await page.getByTestId('h5-sign-in').click();
      await page.getByTestId('h5-mood-link').click();
      await page
        .getByTestId('mood-note-readers')
        .getByText(/你自己和本校的心理老师/)
        .waitFor();
      await page.getByTitle('很低落', { exact: true }).click();
      await page.getByRole('textbox', { name: '日记' }).fill('今天考试没考好，一整天都提不起劲');
      await page.getByRole('button', { name: '保存今天的心情' }).click();
      await page.getByText('已保存').waitFor();
      await screenshot(page, 'moodpages-h5-readers');
      expect(unexpected(mobile.problems)).toEqual([]);
    } finally {
      await mobile.close();
    }

    // The psychology teacher: the class trend, the low student, the note.
    const psych = await visit(suite.browser);
    try {
      const { page } = psych;
      await openMind(page, suite.server.url, '/data/moodJournal', world.teacher.token);
      await page.getByTestId('mood-trends-chart').waitFor();
      await page.getByTestId('mood-trends-table').getByText(world.orgs.klass.name).waitFor();
      const row = page.getByTestId('mood-low-table').locator('tr', { hasText: low.name });
      await row.getByText('3', { exact: true }).waitFor();
      expect(await page.getByTestId('mood-low-table').getByText(well.name).count()).toBe(0);
      await screenshot(page, 'moodpages-journal');
      await row.getByRole('button', { name: `查看日记: ${low.name}` }).click();
      const drawer = page.getByTestId('mood-student-entries');
      await drawer.getByText('很低落').first().waitFor();
      await drawer
        .getByRole('button', { name: /^阅读日记/ })
        .first()
        .click();
      await drawer.getByText('今天考试没考好，一整天都提不起劲').waitFor();
      await settled(page);
      await screenshot(page, 'moodpages-note');
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });
      await page.getByTestId('lang-switch').getByText('English').click();
      await page.getByText('Students whose mood stayed low').waitFor();
      await row.getByRole('button', { name: `Open the journal: ${low.name}` }).click();
      await page.getByText(`${low.name}’s mood journal (last 31 days)`).waitFor();
      await page.getByText('Each note you open is written to the audit log').waitFor();
      await settled(page);
      await screenshot(page, 'moodpages-note-en');
      expect(unexpected(psych.problems)).toEqual([]);
    } finally {
      await psych.close();
    }
    // The student's file: this month's mood beside the class's emotion, and the entries without notes (decision 0151).
    const file = await visit(suite.browser, beijingDesktop);
    try {
      const { page } = file;
      await openMind(page, suite.server.url, `/data/studentFileDetails/${low.studentId}?tab=mood`, world.teacher.token);
      const panel = page.getByTestId('archive-mood');
      await panel.getByTestId('archive-mood-chart').locator('canvas').waitFor();
      const month = beijingDay(Date.now()).slice(0, 7);
      const written = (
        await db.selectFrom('mood_entries').select('day').where('student_id', '=', low.studentId).execute()
      ).filter((e) => e.day.startsWith(month)).length;
      await expect
        .poll(() => panel.getByTestId('archive-mood-summary').innerText())
        .toMatch(new RegExp(`(写了|written on) ${written} (天|days)`));
      const rows = panel.getByTestId('archive-mood-entries').locator('tbody tr.ant-table-row');
      await expect.poll(() => rows.count()).toBe(7);
      expect(await rows.first().innerText()).toMatch(/很低落|Very low/);
      expect(await panel.innerText()).not.toContain('今天考试没考好');
      await screenshot(page, 'moodpages-student-file');
      expect(unexpected(file.problems)).toEqual([]);
    } finally {
      await file.close();
    }
    const monthReads = await db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'mood.read')
      .where('target_id', '=', String(low.studentId))
      .execute();
    expect(JSON.stringify(monthReads.map((r) => r.detail))).toContain('getMonthQxxxDataList');

    const reads = await db
      .selectFrom('audit_log')
      .select(['user_id', 'target_id'])
      .where('action', '=', 'mood.note.read')
      .where('target_id', '=', String(low.studentId))
      .execute();
    expect(reads).toEqual([{ user_id: world.teacher.id, target_id: String(low.studentId) }]);

    // The head teacher sees the student and the moods, not the note.
    const headDesk = await visit(suite.browser);
    try {
      const { page } = headDesk;
      await openMind(page, suite.server.url, '/data/moodJournal', head.token);
      await page.getByTestId('mood-low-table').locator('tr', { hasText: low.name }).waitFor();
      // Any student of the class, low or not, through the class's row of the trends.
      await page.getByRole('button', { name: `学生: ${world.orgs.klass.name}` }).click();
      const classList = page.getByTestId('mood-class-students');
      await classList.getByText(well.name).waitFor();
      await settled(page, '.ant-modal');
      await screenshot(page, 'moodpages-class');
      await classList.getByRole('button', { name: `查看日记: ${low.name}` }).click();
      const drawer = page.getByTestId('mood-student-entries');
      await page.getByTestId('mood-note-access').getByText('学校的设置不允许您阅读该学生的日记内容').waitFor();
      await drawer.getByText('已写').first().waitFor();
      expect(await drawer.getByRole('button', { name: /^阅读日记/ }).count()).toBe(0);
      expect(await drawer.getByText('今天考试没考好').count()).toBe(0);
      await settled(page);
      await screenshot(page, 'moodpages-head');
      expect(unexpected(headDesk.problems)).toEqual([]);
    } finally {
      await headDesk.close();
    }
  });
});
