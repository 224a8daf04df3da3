import { describe, expect, it } from 'vitest';
import { buildOrg, buildUser } from '../../server/test/factories.ts';
import { visit } from './browser.ts';
import { pickTitled, pickTreeNode } from './dropdowns.ts';
import {
  ADMIN,
  choose,
  dialog,
  IOT_SUB_ROLE,
  openSystemPage,
  question,
  rowOf,
  settledShot,
  signInOnPortal,
  spaced,
  tick,
} from './portal-admin-walks.ts';
import { portalSuite } from './portal-server.ts';
import { unexpected } from './portal-walks.ts';

const suite = portalSuite();

/** A search typed letter by letter: each new letter cancels the call of the one before. */
const STALE_SEARCH = /failed: .*\/queryAllAccount net::ERR_ABORTED$/;

describe('a school administrator', () => {
  it("sees only their school's users, and creates a role that belongs to their school", async () => {
    const mine = await buildOrg(suite.server.db, { type: 'school', name: '第一中学' });
    const other = await buildOrg(suite.server.db, { type: 'school', name: '第二中学' });
    const head = await buildUser(suite.server.db, { roleIds: [2], orgId: mine.id });
    const ours = await buildUser(suite.server.db, { roleIds: [4], orgId: mine.id });
    const theirs = await buildUser(suite.server.db, { roleIds: [4], orgId: other.id });
    const { page, problems, close } = await visit(suite.browser);
    try {
      await signInOnPortal(page, suite.server.url, head);
      await page.getByTestId('administration-link').click();
      await rowOf(page, 'users-table', ours.account).waitFor();
      expect(await rowOf(page, 'users-table', theirs.account).count()).toBe(0);
      await page.getByPlaceholder('账号 / 姓名 / 手机号').fill(theirs.account);
      await page.getByTestId('users-search').click();
      await page.getByTestId('users-table').getByText('没有符合条件的用户').waitFor();

      await openSystemPage(page, '角色权限');
      await page.getByTestId('new-role').click();
      const form = page.getByTestId('role-form');
      await form.getByLabel('角色名称').fill('心理辅导员');
      await page
        .getByRole('dialog')
        .getByRole('button', { name: spaced('保存') })
        .click();
      await form.getByText('请选择角色所属的组织').waitFor();
      await form.getByLabel('所属组织').click();
      await pickTreeNode(page, '第一中学 · 学校');
      await page
        .getByRole('dialog')
        .getByRole('button', { name: spaced('保存') })
        .click();
      // The new role's row, rather than the toast, which a slow machine may show after it has gone.
      await rowOf(page, 'roles-table', '心理辅导员').waitFor();
      await tick(page, '学生档案', '查看');
      await page.getByTestId('save-perms').click();
      await page.getByText('已保存 心理辅导员 的权限').waitFor();
      const role = rowOf(page, 'roles-table', '心理辅导员');
      await role.getByText('第一中学').waitFor();

      // A Mind role is held at an organisation: the person and the place are both chosen.
      await role.getByRole('button', { name: spaced('用户') }).click();
      const assign = page.getByTestId('assign-role');
      await page.getByTestId('user-picker').click();
      await page.keyboard.type(ours.account);
      await pickTitled(page, ours.account, true);
      await expect.poll(() => assign.getByRole('button', { name: spaced('分配') }).isDisabled()).toBe(true);
      await assign.locator('.ant-select', { hasText: '在哪个组织担任' }).click();
      await pickTreeNode(page, '第一中学 · 学校');
      await assign.getByRole('button', { name: spaced('分配') }).click();
      await page.getByText('已分配角色 心理辅导员').waitFor();
      const holder = rowOf(page, 'holders-table', ours.account);
      await holder.getByText('第一中学').waitFor();
      await holder.getByRole('button', { name: spaced('收回') }).click();
      await question(page).getByText(`收回 Nick ${ours.account} (${ours.account}) 的角色 心理辅导员？`).waitFor();
      await dialog(page)
        .getByRole('button', { name: spaced('收回') })
        .click();
      await page.getByText(`已收回 Nick ${ours.account} 的角色`).waitFor();
      await page.getByTestId('holders-table').getByText('还没有用户拥有该角色').waitFor();
      expect(unexpected(problems, STALE_SEARCH)).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('roles', () => {
  it('creates a role with two permissions; its holder sees only the granted page; removing it takes it back', async () => {
    const auditor = await buildUser(suite.server.db, { roleIds: [], identityId: null });
    const admin = await visit(suite.browser);
    const person = await visit(suite.browser);
    try {
      await signInOnPortal(admin.page, suite.server.url, ADMIN);
      const { page } = admin;
      await page.goto(`${suite.server.url}/system/roles`);
      await page.getByTestId('new-role').click();
      const form = page.getByTestId('role-form');
      await choose(page, form.getByLabel('所属应用'), '门户');
      await form.getByLabel('角色名称').fill('x'.repeat(31));
      await form.getByText('角色名称为 1-30 个字符').waitFor();
      await form.getByLabel('角色名称').fill('');
      await form.getByText('请输入角色名称').waitFor();
      await form.getByLabel('角色编码').fill('Auditor');
      await form.getByText('角色编码为 2-40 位小写字母、数字或下划线，以字母开头').waitFor();
      await form.getByLabel('角色编码').fill('auditor');
      // A name the portal already uses: the server says so in the form.
      await form.getByLabel('角色名称').fill('平台管理员');
      await page
        .getByRole('dialog')
        .getByRole('button', { name: spaced('保存') })
        .click();
      await page.getByRole('dialog').getByTestId('form-error').getByText('已有同名角色').waitFor();
      await form.getByLabel('角色名称').fill('审计员');
      await form.getByLabel('描述').fill('只读审计日志与密码策略');
      await page
        .getByRole('dialog')
        .getByRole('button', { name: spaced('保存') })
        .click();
      await page.getByText('已创建角色 审计员，请为其分配权限').waitFor();

      // The permission editor opens on the new role: tick two codes.
      const editor = page.getByTestId('permission-editor');
      await editor.waitFor();
      await tick(page, '审计日志', '查看');
      await tick(page, '密码策略', '查看');
      await settledShot(page, 'portal-admin-role-perms-zh-CN');
      await page.getByTestId('save-perms').click();
      await page.getByText('已保存 审计员 的权限').waitFor();

      const role = rowOf(page, 'roles-table', '审计员');
      await role.getByRole('button', { name: spaced('编辑') }).click();
      await expect.poll(() => form.getByLabel('所属应用').isDisabled()).toBe(true);
      await form.getByLabel('描述').fill('只读审计日志');
      await page
        .getByRole('dialog')
        .getByRole('button', { name: spaced('保存') })
        .click();
      await page.getByText('已保存角色 审计员').waitFor();
      await role.getByText('只读审计日志').waitFor();
      await role.getByRole('button', { name: spaced('用户') }).click();
      await page.getByTestId('user-picker').click();
      await page.keyboard.type(auditor.account);
      await pickTitled(page, auditor.account, true);
      await page
        .getByTestId('assign-role')
        .getByRole('button', { name: spaced('分配') })
        .click();
      await page.getByText('已分配角色 审计员').waitFor();
      await page.getByTestId('holders-table').getByText(auditor.account, { exact: true }).waitFor();
      await settledShot(page, 'portal-admin-role-users-zh-CN');
      await page.keyboard.press('Escape');

      await signInOnPortal(person.page, suite.server.url, auditor);
      await person.page.getByTestId('administration-link').click();
      await person.page.getByTestId('audit-page').waitFor();
      const menu = person.page.getByTestId('system-menu').getByRole('menuitem');
      expect(await menu.allTextContents()).toEqual(['审计日志']);
      await person.page.goto(`${suite.server.url}/system/users`);
      await person.page.getByTestId('no-permission').getByText('无权访问').waitFor();

      // Still held: the server keeps it and says so; the administrator may take it and remove it.
      await role.getByRole('button', { name: spaced('删除') }).click();
      await dialog(page)
        .getByRole('button', { name: spaced('删除') })
        .click();
      await question(page).getByText('该角色仍分配给 1 个用户，请先收回').waitFor();
      await dialog(page).getByRole('button', { name: '收回并删除' }).click();
      await page.getByText('已删除角色 审计员').waitFor();
      await expect.poll(() => role.count()).toBe(0);
      expect(unexpected(admin.problems, /HTTP 409: .*\/role\/(remove|new)$/, STALE_SEARCH)).toEqual([]);
      expect(unexpected(person.problems)).toEqual([]);
    } finally {
      await admin.close();
      await person.close();
    }
  });

  it('shows a role without administration rights no way in, and the no-permission page at the typed address', async () => {
    const teacher = await buildUser(suite.server.db, { roleIds: [IOT_SUB_ROLE] });
    const { page, problems, close } = await visit(suite.browser);
    try {
      await signInOnPortal(page, suite.server.url, teacher);
      await page.getByTestId('user-menu').click();
      await page.getByRole('menuitem', { name: '个人中心' }).waitFor();
      expect(await page.getByRole('menuitem', { name: '系统管理' }).count()).toBe(0);
      expect(await page.getByTestId('administration-link').count()).toBe(0);
      await page.goto(`${suite.server.url}/system/users`);
      await page
        .getByTestId('no-permission')
        .getByText('您当前的角色没有访问此页面的权限，如需访问请联系管理员。')
        .waitFor();
      expect(await page.getByTestId('system-menu').count()).toBe(0);
      expect(unexpected(problems)).toEqual([]);
    } finally {
      await close();
    }
  });
});
