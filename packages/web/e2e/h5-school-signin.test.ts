import { describe, expect, it } from 'vitest';
import { insertStudents } from '../../server/src/mind/people/students/testing.ts';
import { buildOrg, buildUser } from '../../server/test/factories.ts';
import { desktop, phone, screenshot, visit } from './browser.ts';
import { mindUser, openMind } from './mind-walks.ts';
import { portalSuite } from './portal-server.ts';

// Parents' codes go the way a school's deployment sends them: Aliyun SendSms, signed (decision 0073).
const suite = portalSuite({ sms: 'aliyun' });
/** A 375 px phone, the narrowest the H5 pages are made for. */
const narrow = { ...phone, viewport: { width: 375, height: 812 } };
const ID_CARD = '11010520120304123X';

describe('signing in the way schools do it (issue 18)', () => {
  it('a school turns on student-number sign-in; a student and a parent sign in on a phone by the new ways', async () => {
    const db = suite.server.db;
    const admin = await mindUser(suite.server, { roleId: 2 });
    const school = await db.selectFrom('users').select('dept_id').where('id', '=', admin.id).executeTakeFirstOrThrow();
    const schoolId = Number(school.dept_id);
    const grade = await buildOrg(db, { type: 'grade', name: '七年级', parentId: schoolId });
    const klass = await buildOrg(db, { type: 'class', name: '一(1)班', parentId: grade.id });
    const student = await buildUser(db, { roleIds: [], identityId: 2, orgId: klass.id, defaultPass: true });
    await insertStudents(db, [
      {
        org_id: klass.id,
        school_id: schoolId,
        grade_id: grade.id,
        name: '李四',
        student_no: 'S2026001',
        id_card: ID_CARD,
        user_id: student.id,
      },
    ]);
    const parentPhone = '13900001234';
    await buildUser(db, { roleIds: [], identityId: 3, orgId: null, phone: parentPhone });

    // The school administrator turns it on, warned of what it means.
    const desk = await visit(suite.browser, desktop);
    try {
      await openMind(desk.page, suite.server.url, '/data/accountBindManage?tab=signIn', admin.token);
      const settings = desk.page.getByTestId('school-sign-in');
      await settings.getByText('身份证号后六位不是秘密', { exact: false }).waitFor();
      await settings.getByTestId(`student-no-switch-${schoolId}`).click();
      await settings.getByText('已开启：学生可用学号和身份证号后六位登录').waitFor();
      await screenshot(desk.page, 'school-signin-setting-zh');
      await desk.page.evaluate(() => localStorage.setItem('meridian.lang', 'en'));
      await desk.page.reload();
      await desk.page.getByText('On: students may sign in with student number and ID-card suffix').waitFor();
      await screenshot(desk.page, 'school-signin-setting-en');
    } finally {
      await desk.close();
    }

    // A student: student number and ID-card suffix (x in lower case), then the first-sign-in password page.
    const student375 = await visit(suite.browser, narrow);
    try {
      const { page } = student375;
      await page.goto(`${suite.server.url}/h5/login`);
      await page.getByTestId('h5-login-modes').getByText('学号登录').click();
      await page.getByTestId('h5-student-no').fill('S2026001');
      await page.getByTestId('h5-id-suffix').fill('04123');
      await page.getByTestId('h5-sign-in-student-no').click();
      await page.getByText('请输入身份证号后六位（最后一位可为 X）').waitFor();
      await page.getByTestId('h5-id-suffix').fill('000000');
      await page.getByTestId('h5-sign-in-student-no').click();
      await page.getByTestId('form-error').getByText('学号或身份证号后六位错误').waitFor();
      await screenshot(page, 'h5-student-no-zh');
      await page.getByTestId('h5-id-suffix').fill('04123x');
      await page.getByTestId('h5-sign-in-student-no').click();
      await page.getByTestId('h5-password-page').waitFor();
      expect(new URL(page.url()).pathname).toBe('/h5/password');
    } finally {
      await student375.close();
    }

    // A parent: phone and the SMS code, in English.
    const parent375 = await visit(suite.browser, narrow);
    try {
      const { page } = parent375;
      await page.goto(`${suite.server.url}/h5/login?mode=phone`);
      await page.getByTestId('lang-switch').getByText('English').click();
      await page.getByTestId('h5-phone').fill(parentPhone);
      await page.getByTestId('h5-send-code').click();
      await page.getByTestId('h5-code-sent').waitFor();
      await expect(page.getByTestId('h5-send-code').textContent()).resolves.toMatch(/Again in \d+ s/);
      await page.getByTestId('h5-code').fill(suite.server.sms.codeFor(parentPhone));
      await screenshot(page, 'h5-phone-code-en');
      await page.getByTestId('h5-sign-in-phone').click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/h5/tasks');
      expect(suite.server.sms.countTo(parentPhone)).toBe(1);
      // The student-number tab in English, for the record.
      await page.getByTestId('h5-sign-out').click();
      await page.getByTestId('h5-login-modes').getByText('Student No').click();
      await page.getByText('Last 6 characters of the ID card').waitFor();
      await screenshot(page, 'h5-student-no-en');
    } finally {
      await parent375.close();
    }

    // A parent who already had five codes this hour is told to wait an hour, and gets no SMS.
    const busyPhone = '13900005678';
    await buildUser(db, { roleIds: [], identityId: 3, orgId: null, phone: busyPhone });
    const hourAgo = Date.now() - 50 * 60_000;
    await db
      .insertInto('verification_sends')
      .values(
        Array.from({ length: 5 }, (_, i) => ({
          channel: 'sms' as const,
          purpose: 'login' as const,
          target: busyPhone,
          ip: null,
          outcome: 'sent' as const,
          provider: 'aliyun',
          error: null,
          at: hourAgo + i * 60_000,
        })),
      )
      .execute();
    const busy375 = await visit(suite.browser, narrow);
    try {
      const { page } = busy375;
      await page.goto(`${suite.server.url}/h5/login?mode=phone`);
      await page.getByTestId('h5-phone').fill(busyPhone);
      await page.getByTestId('h5-send-code').click();
      await expect(page.getByTestId('form-error').textContent()).resolves.toContain(
        '验证码发送过于频繁，请一小时后再试',
      );
      await screenshot(page, 'h5-phone-code-hourly-limit');
      await page.getByTestId('lang-switch').getByText('English').click();
      await page.getByTestId('h5-send-code').click();
      await expect
        .poll(() => page.getByTestId('form-error').textContent())
        .toContain('Too many verification codes in the last hour; try again in an hour');
      await screenshot(page, 'h5-phone-code-hourly-limit-en');
      expect(suite.server.sms.countTo(busyPhone)).toBe(0);
    } finally {
      await busy375.close();
    }
  });
});
