import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { insertStudents, placementOf } from '../../server/src/mind/people/students/testing.ts';
import { phone, screenshot, visit } from './browser.ts';
import { pickOption } from './dropdowns.ts';
import { drawSignature, openMind, parentAccountOf, schoolWithParent } from './mind-walks.ts';
import { settledShot } from './portal-admin-walks.ts';
import { portalSuite } from './portal-server.ts';
import { unexpected } from './portal-walks.ts';

const suite = portalSuite();
const CONSENT = '心理咨询知情同意书 Consent for counselling';
/** The brief's phone: 375 px wide. */
const narrowPhone = { ...phone, viewport: { width: 375, height: 812 } };

/** A class of two students, each with a parent who has an account. */
async function classOfTwo() {
  const { teacher, parent, studentId } = await schoolWithParent(suite.server);
  const db = suite.server.db;
  const first = await db
    .selectFrom('students')
    .select(['org_id', 'school_id'])
    .where('id', '=', studentId)
    .executeTakeFirstOrThrow();
  const [second] = await insertStudents(db, [
    { ...(await placementOf(db, Number(first.org_id))), name: '李小红', student_no: 'W002' },
  ]);
  const parent2 = await parentAccountOf(db, {
    schoolId: Number(first.school_id),
    studentId: second ?? 0,
    name: '李爸爸',
    phone: '13900000002',
    relation: 'father',
  });
  const at = Date.now();
  // A template of the school's own, to be edited.
  await db
    .insertInto('sign_templates')
    .values({
      school_id: Number(first.school_id),
      title: '春游同意书',
      body: '是否同意孩子参加周五的春游？',
      fields: JSON.stringify([{ key: 'answer', label: '是否同意', kind: 'text', required: true }]),
      created_by: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return { teacher, parent, parent2 };
}

async function signInOnPhone(page: Page, who: { account: string; password: string }) {
  await page.goto(`${suite.server.url}/h5/login`);
  await page.getByTestId('h5-account').fill(who.account);
  await page.getByTestId('h5-password').fill(who.password);
  await page.getByTestId('h5-sign-in').click();
  await page.getByTestId('h5-signing-link').click();
}

describe('online signing to many (issue 26)', () => {
  it('a teacher sends a consent form to a class; one parent signs on a phone; the rest are reminded; the progress shows it', async () => {
    const { teacher, parent, parent2 } = await classOfTwo();

    const desk = await visit(suite.browser);
    try {
      const { page } = desk;
      await openMind(page, suite.server.url, '/data/signature', teacher.token);
      await page.getByRole('tab', { name: '批量发送' }).click();
      await page.getByTestId('signing-batches').getByText('还没有批量发送过表单').waitFor();
      await page.getByTestId('signing-batch-send').click();
      await page.getByTestId('signing-batch-template').click();
      await pickOption(page, CONSENT);
      await page.getByTestId('signing-batch-class').click();
      await pickOption(page, 'Class 7-1');
      await screenshot(page, 'signing2-batch-send-zh-CN');
      await page.getByTestId('signing-batch-ok').click();
      await page.getByText('已批量发送，家长登录手机端即可签署').waitFor();
      const progress = page.getByTestId('signing-batch-progress').first();
      await progress.getByText('共 2 份 · 已签 0 · 待签 2 · 撤回 0').waitFor();
      await settledShot(page, 'signing2-batch-sent-zh-CN');
      expect(unexpected(desk.problems)).toEqual([]);
    } finally {
      await desk.close();
    }

    const mobile = await visit(suite.browser, narrowPhone);
    try {
      const { page } = mobile;
      await signInOnPhone(page, parent);
      const card = page.getByTestId('h5-sign-form').filter({ hasText: CONSENT });
      await card.getByRole('button', { name: /^填写并签署:/ }).click();
      await page.getByTestId('h5-sign-page').waitFor();
      await page.getByLabel('监护人姓名 Guardian').fill('张妈妈');
      await page.getByLabel('与学生关系 Relation').fill('母亲');
      await page.getByLabel('联系电话 Phone').fill('13900000001');
      await drawSignature(page);
      await page.getByRole('button', { name: '确认签署' }).click();
      await page.getByTestId('h5-signed').waitFor();
      expect(unexpected(mobile.problems)).toEqual([]);
    } finally {
      await mobile.close();
    }

    const back = await visit(suite.browser);
    try {
      const { page } = back;
      await openMind(page, suite.server.url, '/data/signature', teacher.token);
      await page.getByRole('tab', { name: '批量发送' }).click();
      const progress = page.getByTestId('signing-batch-progress').first();
      await progress.getByText('共 2 份 · 已签 1 · 待签 1 · 撤回 0').waitFor();
      await page.getByTestId('signing-batch-remind').click();
      await page.getByText('已提醒 1 位未签署的家长').waitFor();
      // The batch opens onto its forms: who signed, who waits and when they were reminded.
      await page
        .getByTestId('signing-batches')
        .getByRole('button', { name: /展开行|Expand row/ })
        .first()
        .click();
      const forms = page.getByTestId('signing-batch-forms');
      await forms.locator('tr').filter({ hasText: '李小红' }).getByText('待签署').waitFor();
      await forms.locator('tr').filter({ hasText: '张小明' }).getByText('已签署').waitFor();
      await settledShot(page, 'signing2-batch-progress-zh-CN');
      // A second reminder the same day is refused in words.
      await page.getByTestId('signing-batch-remind').click();
      await page.getByText('待签署的家长今天都已提醒过，明天再提醒').waitFor();
      // The school's own template is edited as a new version; the defaults offer no edit.
      await page.getByRole('tab', { name: '签署模板' }).click();
      const own = page.getByTestId('signing-template-card').filter({ hasText: '春游同意书' });
      await own.getByText('第 1 版').waitFor();
      await own.getByTestId('signing-template-edit').click();
      const dialog = page.getByTestId('signing-template-form');
      await dialog.getByText('已发送的表单保留发送时的内容').waitFor();
      await dialog.getByLabel('标题').fill('春游同意书（周六）');
      await settledShot(page, 'signing2-template-edit-zh-CN');
      await page.getByRole('button', { name: /^保\s?存$/ }).click();
      await page
        .getByTestId('signing-template-card')
        .filter({ hasText: '春游同意书（周六）' })
        .getByText('第 2 版')
        .waitFor();
      expect(
        await page
          .getByTestId('signing-template-card')
          .filter({ hasText: CONSENT })
          .getByTestId('signing-template-edit')
          .count(),
      ).toBe(0);
      await page.evaluate(() => localStorage.setItem('meridian.lang', 'en'));
      await page.reload();
      await page.getByRole('tab', { name: 'Batches' }).click();
      await page.getByTestId('signing-batch-progress').first().getByText('2 sent · 1 signed · 1 waiting').waitFor();
      await settledShot(page, 'signing2-batch-progress-en');
      expect(unexpected(back.problems, /HTTP 409: .*\/signature\/batch\/remind$/)).toEqual([]);
    } finally {
      await back.close();
    }

    const reminded = await visit(suite.browser, narrowPhone);
    try {
      const { page } = reminded;
      await signInOnPhone(page, parent2);
      const card = page.getByTestId('h5-sign-form').filter({ hasText: CONSENT });
      await card
        .getByTestId('h5-sign-reminded')
        .getByText(/学校已于 .* 提醒您签署/)
        .waitFor();
      await settledShot(page, 'signing2-h5-reminded-zh-CN');
      expect(unexpected(reminded.problems)).toEqual([]);
    } finally {
      await reminded.close();
    }
  }, 120_000);
});
