import { describe, expect, it } from 'vitest';
import { buildUser } from '../../server/test/factories.ts';
import { screenshot, visit } from './browser.ts';
import {
  ADMIN,
  choose,
  dialog,
  IOT_MAIN_ROLE,
  IOT_SUB_ROLE,
  openSystemPage,
  question,
  rowOf,
  settledShot,
  signInOnPortal,
  spaced,
} from './portal-admin-walks.ts';
import { portalSuite } from './portal-server.ts';
import { storedSession, submitPassword, unexpected } from './portal-walks.ts';

const suite = portalSuite();

const NEW_PASSWORD = 'Fresh#2027';

describe('the audit log', () => {
  it('finds the failed sign-in the walk provoked, with its detail', async () => {
    const user = await buildUser(suite.server.db, { roleIds: [IOT_MAIN_ROLE] });
    const { page, problems, close } = await visit(suite.browser);
    try {
      await page.goto(`${suite.server.url}/login`);
      await submitPassword(page, user.account, 'Wrong#Pass1');
      await page.getByTestId('form-error').getByText('用户名或密码错误').waitFor();
      await submitPassword(page, ADMIN.account, ADMIN.password);
      await page.getByTestId('portal-home').waitFor();

      await page.getByTestId('user-menu').click();
      await page.getByRole('menuitem', { name: '系统管理' }).click();
      await page.getByTestId('users-page').waitFor();
      await openSystemPage(page, '审计日志');
      await page.getByTestId('audit-page').waitFor();
      expect(new URL(page.url()).pathname).toBe('/system/audit');

      await page.getByTestId('audit-page').getByLabel('账号').fill(user.account);
      await choose(page, page.getByLabel('结果'), '失败');
      await page.getByTestId('audit-search').click();
      const row = rowOf(page, 'audit-table', user.account);
      await row.getByText('登录').waitFor();
      await expect.poll(() => page.getByTestId('audit-table').locator('tbody tr.ant-table-row').count()).toBe(1);
      await row.locator('.ant-tag', { hasText: '失败' }).waitFor();
      await row.getByText('127.0.0.1').waitFor();
      await row.getByText(/^(HeadlessChrome|Chrome) \d+ · Linux$/).waitFor();
      await row.locator('.ant-table-row-expand-icon').click();
      const detail = JSON.parse((await page.getByTestId('audit-detail').textContent()) ?? '{}');
      expect(detail).toEqual({ method: 'password', reason: 'auth.wrongPassword' });

      // Only failures: the administrator's own successful sign-in is not among them.
      await page.getByTestId('audit-page').getByLabel('账号').fill(ADMIN.account);
      await page.getByTestId('audit-search').click();
      await page.getByTestId('audit-table').getByText('没有符合条件的记录').waitFor();
      expect(unexpected(problems, /HTTP 400: .*\/authz\/login$/)).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('registrations awaiting review', () => {
  it('holds a Device Cloud registration until the administrator approves it, then it signs in', async () => {
    const admin = await visit(suite.browser);
    const person = await visit(suite.browser);
    try {
      await signInOnPortal(admin.page, suite.server.url, ADMIN);
      await admin.page.goto(`${suite.server.url}/system/users/review`);
      await admin.page.getByTestId('review-page').waitFor();
      const iotSwitch = admin.page.getByTestId('review-iot');
      await expect.poll(() => iotSwitch.getAttribute('aria-checked')).toBe('false');
      await iotSwitch.click();
      await admin.page.getByText('设备云的新注册账号将需要审核').waitFor();
      await expect.poll(() => iotSwitch.getAttribute('aria-checked')).toBe('true');

      const { page } = person;
      await page.goto(`${suite.server.url}/register`);
      const form = page.getByTestId('register-page');
      await form.getByLabel('用户名').fill('reviewed_li');
      await form.getByLabel('登录密码').fill(NEW_PASSWORD);
      await form.getByLabel('确认密码').fill(NEW_PASSWORD);
      await form.getByLabel('手机号').fill('13700137001');
      await page.getByTestId('send-code').click();
      await form.getByPlaceholder('6 位验证码').fill(suite.server.sms.codeFor('13700137001'));
      await page.getByTestId('app-choice-iot').click();
      await form.getByRole('checkbox').check();
      await page.getByTestId('register').click();
      await page.getByTestId('register-review').waitFor();
      await page.goto(`${suite.server.url}/login`);
      await submitPassword(page, 'reviewed_li', NEW_PASSWORD);
      await page.getByTestId('form-error').getByText('请联系管理员审核账号').waitFor();

      await admin.page.reload();
      const row = rowOf(admin.page, 'review-table', 'reviewed_li');
      await row.getByText('设备云').waitFor();
      await row.getByRole('button', { name: spaced('通过') }).click();
      await question(admin.page)
        .getByText(/^通过 .*\(reviewed_li\) 的注册？$/)
        .waitFor();
      await dialog(admin.page)
        .getByRole('button', { name: spaced('通过') })
        .click();
      await admin.page.getByText(/^已通过 .*\(reviewed_li\) 的注册$/).waitFor();
      await admin.page.getByTestId('review-table').getByText('没有待审核的注册').waitFor();

      await submitPassword(page, 'reviewed_li', NEW_PASSWORD);
      await page.getByTestId('portal-home').waitFor();

      // A rejection, with its reason: the account stays out.
      const refused = await buildUser(suite.server.db, { roleIds: [IOT_MAIN_ROLE], status: 'pending' });
      await admin.page.reload();
      await rowOf(admin.page, 'review-table', refused.account)
        .getByRole('button', { name: spaced('拒绝') })
        .click();
      await question(admin.page).getByText(`拒绝 Nick ${refused.account} (${refused.account}) 的注册？`).waitFor();
      await dialog(admin.page).getByTestId('reject-reason').fill('不是本单位员工');
      await dialog(admin.page)
        .getByRole('button', { name: spaced('拒绝') })
        .click();
      await admin.page.getByText(`已拒绝 Nick ${refused.account} (${refused.account}) 的注册`).waitFor();
      await admin.page.getByTestId('review-table').getByText('没有待审核的注册').waitFor();
      await page.getByTestId('user-menu').click();
      await page.getByRole('menuitem', { name: '退出登录' }).click();
      await submitPassword(page, refused.account, refused.password);
      await page.getByTestId('form-error').getByText('账号已停用，请联系管理员').waitFor();

      // Back as it was, so that the other walks register without review.
      await iotSwitch.click();
      await admin.page.getByText('设备云的新注册账号将无需审核').waitFor();
      expect(unexpected(admin.problems)).toEqual([]);
      expect(unexpected(person.problems, /HTTP 403: .*\/authz\/login$/)).toEqual([]);
    } finally {
      await admin.close();
      await person.close();
    }
  });
});

describe('account actions', () => {
  it("resets a user's password to the default one, which they must change at their next sign-in", async () => {
    const user = await buildUser(suite.server.db, { roleIds: [IOT_MAIN_ROLE] });
    const admin = await visit(suite.browser);
    const person = await visit(suite.browser);
    try {
      await signInOnPortal(admin.page, suite.server.url, ADMIN);
      await admin.page.goto(`${suite.server.url}/system/users`);
      await admin.page.getByPlaceholder('账号 / 姓名 / 手机号').fill(user.account);
      await admin.page.getByTestId('users-search').click();
      const row = rowOf(admin.page, 'users-table', user.account);
      await row.getByText('主账号').waitFor();
      await row.getByRole('button', { name: /更多/ }).click();
      await admin.page.getByRole('menuitem', { name: '重置密码' }).click();
      const note = dialog(admin.page).getByTestId('reset-note');
      await note.getByText('密码将重置为密码策略中的默认密码').waitFor();
      await note.getByText('Meridian@2026').waitFor();
      await settledShot(admin.page, 'portal-admin-users-reset-zh-CN');
      await dialog(admin.page).getByRole('button', { name: '重置密码' }).click();
      await admin.page.getByText(`已重置 Nick ${user.account} (${user.account}) 的密码`).waitFor();

      await person.page.goto(`${suite.server.url}/login`);
      await submitPassword(person.page, user.account, user.password);
      await person.page.getByTestId('form-error').getByText('用户名或密码错误').waitFor();
      await submitPassword(person.page, user.account, 'Meridian@2026');
      await person.page.getByTestId('force-password').waitFor();
      expect(new URL(person.page.url()).pathname).toBe('/accountCenter');
      expect(unexpected(admin.problems)).toEqual([]);
      expect(unexpected(person.problems, /HTTP 400: .*\/authz\/login$/)).toEqual([]);
    } finally {
      await admin.close();
      await person.close();
    }
  });

  it('acts as a user under a banner, and signing out returns to the administrator', async () => {
    // A class teacher: a role that grants no administration page.
    const user = await buildUser(suite.server.db, { roleIds: [IOT_SUB_ROLE] });
    const { page, problems, close } = await visit(suite.browser);
    try {
      await signInOnPortal(page, suite.server.url, ADMIN);
      await page.goto(`${suite.server.url}/system/users`);
      await page.getByPlaceholder('账号 / 姓名 / 手机号').fill(user.account);
      await page.getByTestId('users-search').click();
      await rowOf(page, 'users-table', user.account).getByRole('button', { name: /更多/ }).click();
      await page.getByRole('menuitem', { name: '代登录' }).click();
      await question(page).getByText(`以 Nick ${user.account} (${user.account}) 的身份登录？`).waitFor();
      await dialog(page).getByRole('button', { name: '代登录' }).click();

      const banner = page.getByTestId('run-as-banner');
      await banner.getByText(`您正在以 Nick ${user.account}（${user.account}）的身份操作`, { exact: false }).waitFor();
      await banner.getByText('退出登录即返回您自己的账号', { exact: false }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      await page.getByTestId('user-menu').getByText(`Nick ${user.account}`).waitFor();
      // The run-as user's role grants no administration: no way in, and the page refuses.
      await page.getByTestId('user-menu').click();
      await page.getByRole('menuitem', { name: '个人中心' }).waitFor();
      expect(await page.getByRole('menuitem', { name: '系统管理' }).count()).toBe(0);
      await page.keyboard.press('Escape');
      const { local } = await storedSession(page);
      expect(JSON.parse(local.userInfo ?? '{}').account).toBe(user.account);
      await screenshot(page, 'portal-admin-run-as-zh-CN');

      await page.getByTestId('user-menu').click();
      await page.getByRole('menuitem', { name: '退出登录' }).click();
      await page.getByTestId('users-page').waitFor();
      expect(new URL(page.url()).pathname).toBe('/system/users');
      await page.getByTestId('user-menu').getByText('平台管理员').waitFor();
      expect(await page.getByTestId('run-as-banner').count()).toBe(0);
      const after = await storedSession(page);
      expect(after.session['meridian.runAsReturn']).toBeUndefined();

      // The audit log names the run-as, and what was done in it.
      await openSystemPage(page, '审计日志');
      await choose(page, page.getByTestId('audit-page').getByLabel('操作'), '代登录');
      await page.getByTestId('audit-search').click();
      await rowOf(page, 'audit-table', 'admin').getByText(`用户 #${user.id}`).waitFor();
      expect(unexpected(problems)).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('account status and membership', () => {
  it('disables an account, which is signed out at once, enables it again, and sets its membership', async () => {
    const user = await buildUser(suite.server.db, { roleIds: [IOT_MAIN_ROLE] });
    const name = `Nick ${user.account} (${user.account})`;
    const admin = await visit(suite.browser);
    const person = await visit(suite.browser);
    try {
      await signInOnPortal(person.page, suite.server.url, user);
      await signInOnPortal(admin.page, suite.server.url, ADMIN);
      const { page } = admin;
      await page.goto(`${suite.server.url}/system/users`);
      await page.getByPlaceholder('账号 / 姓名 / 手机号').fill(user.account);
      await page.getByTestId('users-search').click();
      const row = rowOf(page, 'users-table', user.account);
      const more = async (action: string) => {
        await row.getByRole('button', { name: /更多/ }).click();
        await page.getByRole('menuitem', { name: action }).click();
      };

      await more('停用');
      await question(page).getByText(`停用 ${name}？`).waitFor();
      await dialog(page).getByText('停用后该账号立即退出所有会话，且不能再登录，直到重新启用。').waitFor();
      await dialog(page)
        .getByRole('button', { name: spaced('停用') })
        .click();
      await page.getByText(`已停用 ${name}`).waitFor();
      await row.getByText('已停用').waitFor();

      // The person's open session ends: the next page load asks them to sign in, which is refused.
      await person.page.reload();
      await person.page.getByTestId('login-page').waitFor();
      await submitPassword(person.page, user.account, user.password);
      await person.page.getByTestId('form-error').getByText('账号已停用，请联系管理员').waitFor();

      await more('启用');
      await question(page).getByText(`启用 ${name}？`).waitFor();
      await dialog(page)
        .getByRole('button', { name: spaced('启用') })
        .click();
      await page.getByText(`已启用 ${name}`).waitFor();
      await row.getByText('正常').waitFor();
      await submitPassword(person.page, user.account, user.password);
      await person.page.getByTestId('portal-home').waitFor();

      await more('设置会员等级');
      await question(page).getByText(`设置 ${name} 的会员等级`).waitFor();
      await dialog(page).getByRole('radio', { name: '一级会员' }).check();
      await dialog(page)
        .getByRole('button', { name: spaced('保存') })
        .click();
      await page.getByText(`${name} 的会员等级已设为一级会员`).waitFor();
      await row.getByText('一级会员').waitFor();
      expect(unexpected(admin.problems)).toEqual([]);
      expect(
        // A dead session: whatever the page was asking is refused (or cut short as it leaves for sign-in).
        unexpected(person.problems, /HTTP 401: .*\/api\//, /HTTP 403: .*\/authz\/login$/),
      ).toEqual([]);
    } finally {
      await admin.close();
      await person.close();
    }
  });
});
