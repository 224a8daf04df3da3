import { describe, expect, it } from 'vitest';
import { buildOrg, buildUser } from '../../server/test/factories.ts';
import { visit } from './browser.ts';
import { ADMIN, IOT_MAIN_ROLE, openSystemPage, rowOf, settledShot, spaced } from './portal-admin-walks.ts';
import { portalSuite } from './portal-server.ts';
import { submitPassword, unexpected } from './portal-walks.ts';

const suite = portalSuite();

describe('every administration page', () => {
  it.each(['zh-CN', 'en'] as const)('looks right in %s', async (lang) => {
    const en = lang === 'en';
    const school = await buildOrg(suite.server.db, { type: 'school', name: en ? 'Riverside High School' : '实验中学' });
    const head = await buildUser(suite.server.db, {
      roleIds: [2],
      orgId: school.id,
      phone: en ? '13600136001' : '13600136002',
      email: `head.${lang}@example.com`,
    });
    const teacher = await buildUser(suite.server.db, { roleIds: [4], orgId: school.id });
    await buildUser(suite.server.db, { roleIds: [IOT_MAIN_ROLE], status: 'pending' });
    await buildUser(suite.server.db, { roleIds: [IOT_MAIN_ROLE], status: 'disabled' });
    const { page, problems, close } = await visit(suite.browser);
    const shot = (name: string, fullPage = true) => settledShot(page, `portal-admin-${name}-${lang}`, { fullPage });
    try {
      await page.goto(`${suite.server.url}/login`);
      if (en) await page.getByTestId('lang-switch').getByText('English').click();
      await submitPassword(page, ADMIN.account, ADMIN.password);
      await page.getByTestId('portal-home').getByTestId('administration-link').waitFor();
      await shot('launcher');
      await page.getByTestId('user-menu').click();
      await page.getByRole('menuitem', { name: en ? 'Administration' : '系统管理' }).waitFor();
      await shot('user-menu', false);
      await page.getByRole('menuitem', { name: en ? 'Administration' : '系统管理' }).click();

      await rowOf(page, 'users-table', head.account).waitFor();
      await shot('users');
      await rowOf(page, 'users-table', head.account)
        .getByRole('button', { name: en ? 'Details' : spaced('详情') })
        .click();
      await page
        .getByTestId('account-detail')
        .getByText(en ? 'Riverside High School' : '实验中学')
        .first()
        .waitFor();
      await shot('user-detail', false);
      await page.keyboard.press('Escape');

      await openSystemPage(page, en ? 'Review queue' : '注册审核');
      await page.getByTestId('review-table').locator('tbody tr.ant-table-row').first().waitFor();
      await shot('review');

      await openSystemPage(page, en ? 'Roles' : '角色权限');
      await rowOf(page, 'roles-table', '学校管理员').waitFor();
      await shot('roles');
      await page.getByTestId('new-role').click();
      await page.getByTestId('role-form').waitFor();
      await shot('role-form', false);
      await page
        .getByRole('dialog')
        .getByRole('button', { name: en ? 'Cancel' : spaced('取消') })
        .click();
      await rowOf(page, 'roles-table', '班主任')
        .getByRole('button', { name: en ? 'Permissions' : spaced('权限') })
        .click();
      await page.getByTestId('permission-editor').getByRole('checkbox', { checked: true }).first().waitFor();
      await shot('role-permissions', false);
      await page.keyboard.press('Escape');

      await openSystemPage(page, en ? 'Audit log' : '审计日志');
      const first = page.getByTestId('audit-table').locator('tbody tr.ant-table-row').first();
      await first.waitFor();
      await first.locator('.ant-table-row-expand-icon').click();
      await page.getByTestId('audit-detail').first().waitFor();
      await shot('audit');

      // A class teacher who types the address is refused in place.
      await page.getByTestId('user-menu').click();
      await page.getByRole('menuitem', { name: en ? 'Sign out' : '退出登录' }).click();
      await submitPassword(page, teacher.account, teacher.password);
      await page.getByTestId('portal-home').waitFor();
      await page.goto(`${suite.server.url}/system/users`);
      await page.getByTestId('no-permission').waitFor();
      await shot('no-permission');
      expect(unexpected(problems)).toEqual([]);
    } finally {
      await close();
    }
  });
});
