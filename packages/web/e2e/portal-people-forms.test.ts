import { translate } from '@meridian/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { insertStudents, placementOf } from '../../server/src/mind/people/students/testing.ts';
import { buildOrg, buildUser } from '../../server/test/factories.ts';
import { visit } from './browser.ts';
import { pickInTree } from './dropdowns.ts';
import { choose, dialog, openSystemPage, question, rowOf, settledShot, spaced } from './portal-admin-walks.ts';
import { portalSuite } from './portal-server.ts';
import { submitPassword } from './portal-walks.ts';

const suite = portalSuite();
const zh = (key: string) => translate(key, 'zh-CN');

/** A school with one class, and its administrator signed in on the students page. */
async function schoolAdminOnStudents(page: Page) {
  const db = suite.server.db;
  const name = `表单小学${Math.random().toString(36).slice(2, 6)}`;
  const school = { ...(await buildOrg(db, { type: 'school', name })), name };
  const grade = await buildOrg(db, { type: 'grade', name: '三年级', parentId: school.id });
  const klass = await buildOrg(db, { type: 'class', name: '三年级2班', parentId: grade.id });
  const admin = await buildUser(db, { roleIds: [2], orgId: school.id });
  await page.goto(`${suite.server.url}/login`);
  await submitPassword(page, admin.account, admin.password);
  await page.getByTestId('portal-home').waitFor();
  await page.goto(`${suite.server.url}/system/students`);
  await page.getByTestId('students-table').waitFor();
  return { school, grade, klass, admin };
}

/** A form's error under a field, as antd shows it (the placeholder may carry the same words). */
const error = (page: Page, text: string) =>
  page.getByTestId('student-form').locator('.ant-form-item-explain-error', { hasText: text });

const field = (page: Page, label: string) => page.getByTestId('student-form').getByLabel(label, { exact: true });

describe('the student form and actions', () => {
  it('check what the server checks, and remove refuses a student with an account', async () => {
    const { page, close } = await visit(suite.browser);
    try {
      const { school } = await schoolAdminOnStudents(page);
      await page.getByTestId('students-add').click();
      // The form mounts once its lookups have loaded; a click before then saves nothing.
      await field(page, '姓名').waitFor();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: spaced('保存') })
        .click();
      await error(page, '请选择班级').waitFor();
      await error(page, '请输入姓名').waitFor();
      await error(page, '请输入学号').waitFor();
      await error(page, '请选择性别').waitFor();

      await field(page, '学号').fill('S-01');
      await error(page, zh('v.student.no')).waitFor();
      await field(page, '身份证号').fill('110105201809010014');
      await error(page, zh('v.idCard')).waitFor();
      await field(page, '手机号').fill('1234');
      await error(page, zh('v.phone')).waitFor();
      await settledShot(page, 'people-student-form-errors');

      await pickInTree(page, page.getByTestId('student-form').locator('.ant-select').first(), [
        school.name,
        '三年级',
        '三年级2班',
      ]);
      await field(page, '姓名').fill('赵小明');
      await field(page, '学号').fill('S01');
      await field(page, '身份证号').fill('110105201809010013');
      await field(page, '手机号').fill('13800138000');
      await choose(page, field(page, '性别'), '男');
      await page
        .getByRole('dialog')
        .getByRole('button', { name: spaced('保存') })
        .click();
      await rowOf(page, 'students-table', '赵小明').waitFor();

      // A second student with the same number is refused in the server's words.
      await page.getByTestId('students-add').click();
      await pickInTree(page, page.getByTestId('student-form').locator('.ant-select').first(), [
        school.name,
        '三年级',
        '三年级2班',
      ]);
      await field(page, '姓名').fill('钱小红');
      await field(page, '学号').fill('S01');
      await choose(page, field(page, '性别'), '女');
      await page
        .getByRole('dialog')
        .getByRole('button', { name: spaced('保存') })
        .click();
      await page.getByText(zh('student.noTaken')).first().waitFor();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: spaced('取消') })
        .click();

      // A student who holds an account is kept: the server says to disable them instead.
      const student = await suite.server.db
        .selectFrom('students')
        .select('id')
        .where('student_no', '=', 'S01')
        .where('school_id', '=', school.id)
        .executeTakeFirstOrThrow();
      const account = await buildUser(suite.server.db, { roleIds: [], identityId: 2, orgId: school.id });
      await suite.server.db.updateTable('students').set({ user_id: account.id }).where('id', '=', student.id).execute();
      await page.getByTestId(`student-more-${student.id}`).click();
      await page.getByRole('menuitem', { name: '删除' }).click();
      await question(page).getByText('删除学生 赵小明？').waitFor();
      await dialog(page)
        .getByRole('button', { name: spaced('删除') })
        .click();
      await page.locator('.ant-message').getByText(zh('student.inUse')).waitFor();
      await settledShot(page, 'people-student-in-use');

      // Disabling is the way.
      await page.getByTestId(`student-more-${student.id}`).click();
      await page.getByRole('menuitem', { name: '修改状态' }).click();
      await choose(page, page.getByRole('dialog').locator('.ant-select'), '停用');
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /确\s?定|OK/ })
        .click();
      await rowOf(page, 'students-table', '赵小明').getByText('停用').waitFor();
    } finally {
      await close();
    }
  });

  it('shows the numbers masked, shows them whole on request, and keeps them when saved unchanged', async () => {
    const { page, close } = await visit(suite.browser);
    try {
      const { klass, admin } = await schoolAdminOnStudents(page);
      const db = suite.server.db;
      const whole = '110105201809010013';
      const [id] = await insertStudents(db, [
        {
          ...(await placementOf(db, klass.id)),
          name: '孙小美',
          student_no: 'M01',
          id_card: whole,
          phone: '13800138000',
        },
      ]);
      // The list was read before this student existed: open it again.
      await page.reload();
      await rowOf(page, 'students-table', '孙小美').getByText('1101**********0013').waitFor();

      // The edit form holds the masked numbers; a masked value typed over them is refused.
      await page.getByTestId(`student-more-${id}`).click();
      await page.getByRole('menuitem', { name: '编辑' }).click();
      await expect.poll(() => field(page, '身份证号').inputValue()).toBe('1101**********0013');
      expect(await field(page, '手机号').inputValue()).toBe('138****8000');
      await field(page, '身份证号').fill('1101**********0000');
      await error(page, zh('v.maskedNumber')).waitFor();
      await settledShot(page, 'people-student-form-masked');
      await field(page, '身份证号').fill('1101**********0013');
      await field(page, '姓名').fill('孙美美');
      await page
        .getByRole('dialog')
        .getByRole('button', { name: spaced('保存') })
        .click();
      await rowOf(page, 'students-table', '孙美美').waitFor();
      const stored = () =>
        db
          .selectFrom('students')
          .select(['id_card', 'phone'])
          .where('id', '=', id ?? 0)
          .executeTakeFirst();
      expect(await stored()).toEqual({ id_card: whole, phone: '13800138000' });

      // "Show whole numbers" fills them in, and the server audits it.
      await page.getByTestId(`student-more-${id}`).click();
      await page.getByRole('menuitem', { name: '编辑' }).click();
      await page.getByTestId('student-reveal').click();
      await expect.poll(() => field(page, '身份证号').inputValue()).toBe(whole);
      expect(await field(page, '手机号').inputValue()).toBe('13800138000');
      const reveals = await db
        .selectFrom('audit_log')
        .select('target_id')
        .where('action', '=', 'student.reveal')
        .where('user_id', '=', admin.id)
        .execute();
      expect(reveals).toEqual([{ target_id: String(id) }]);
    } finally {
      await close();
    }
  });

  it('lets a teacher leave through a reshuffle that is approved', async () => {
    const { page, close } = await visit(suite.browser);
    try {
      const { school } = await schoolAdminOnStudents(page);
      await openSystemPage(page, '教师管理');
      await page.getByRole('button', { name: /新增教师/ }).click();
      const form = page.getByTestId('teacher-form');
      await choose(page, form.getByLabel('学校'), school.name);
      await form.getByLabel('工号').fill('K 1');
      await form.getByText(zh('v.teacher.no')).waitFor();
      await form.getByLabel('工号').fill('K1');
      await form.getByLabel('姓名').fill('周老师');
      // The school's WeChat official account openid, to which campus alerts by WeChat go (decision 0150).
      await form.getByLabel('微信 openid').fill('o 12');
      await form.getByText(zh('v.teacher.wechatOpenid')).waitFor();
      await form.getByLabel('微信 openid').fill('oZhou5Hk2-Lm9_Qa7ZpR4tYc1Ve8');
      await page
        .getByRole('dialog')
        .getByRole('button', { name: spaced('保存') })
        .click();
      await rowOf(page, 'teachers-table', '周老师').waitFor();
      await rowOf(page, 'teachers-table', '周老师').getByRole('button', { name: /更多/ }).click();
      await page.getByRole('menuitem', { name: '编辑' }).click();
      expect(await page.getByTestId('teacher-form').getByLabel('微信 openid').inputValue()).toBe(
        'oZhou5Hk2-Lm9_Qa7ZpR4tYc1Ve8',
      );
      await settledShot(page, 'people-teacher-wechat-openid');
      await page
        .getByRole('dialog')
        .getByRole('button', { name: spaced('取消') })
        .click();
      await page.getByTestId('teacher-form').waitFor({ state: 'detached' });

      await rowOf(page, 'teachers-table', '周老师').getByRole('button', { name: /更多/ }).click();
      await page.getByRole('menuitem', { name: '离职' }).click();
      await page.getByRole('dialog').getByLabel('原因').fill('个人原因');
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /确\s?定|OK/ })
        .click();
      await page.getByText('已提交异动申请，审核通过后生效').waitFor();

      // The one who asked may not decide.
      await openSystemPage(page, '异动审核');
      const row = rowOf(page, 'reshuffle-table', '周老师');
      await row.getByText('待审核').waitFor();
      await settledShot(page, 'people-reshuffle');
      await row.getByRole('button', { name: spaced('通过') }).click();
      await dialog(page)
        .getByRole('button', { name: spaced('通过') })
        .click();
      await page.getByText(zh('teacher.changeOwnRequest')).first().waitFor();

      // A second administrator of the school approves with a remark.
      const second = await buildUser(suite.server.db, { roleIds: [2], orgId: school.id });
      const other = await visit(suite.browser);
      try {
        await other.page.goto(`${suite.server.url}/login`);
        await submitPassword(other.page, second.account, second.password);
        await other.page.getByTestId('portal-home').waitFor();
        await other.page.goto(`${suite.server.url}/system/teachers/reshuffle`);
        const pending = rowOf(other.page, 'reshuffle-table', '周老师');
        await pending.getByRole('button', { name: spaced('通过') }).click();
        await dialog(other.page).locator('textarea').fill('同意');
        await dialog(other.page)
          .getByRole('button', { name: spaced('通过') })
          .click();
        await choose(other.page, other.page.getByTestId('reshuffle-page').locator('.ant-select').first(), '已通过');
        await rowOf(other.page, 'reshuffle-table', '周老师').getByText('同意').waitFor();
        await settledShot(other.page, 'people-reshuffle-history');
        await openSystemPage(other.page, '教师管理');
        await rowOf(other.page, 'teachers-table', '周老师').getByText('离职').waitFor();
      } finally {
        await other.close();
      }
    } finally {
      await close();
    }
  });
});
