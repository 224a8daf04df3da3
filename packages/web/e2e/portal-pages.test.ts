import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { buildOrg, buildUser } from '../../server/test/factories.ts';
import { screenshot, visit } from './browser.ts';
import { portalSuite } from './portal-server.ts';
import { submitPassword, unexpected } from './portal-walks.ts';

const suite = portalSuite();

/** A real 1x1 PNG: what the server's content check accepts. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkaPhfDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function signIn(page: Page, account: string, password: string, target = '/') {
  await page.goto(`${suite.server.url}/login?target=${encodeURIComponent(target)}`);
  await submitPassword(page, account, password);
}

describe('the launcher', () => {
  it('groups the apps by category, pins a favourite on top for good, and searches', async () => {
    const user = await buildUser(suite.server.db, { roleIds: [10, 4], identityId: 1 });
    const { page, problems, close } = await visit(suite.browser);
    try {
      await signIn(page, user.account, user.password);
      await page.getByTestId('portal-home').waitFor();
      await page.getByTestId('favourites').getByText('点击应用右上角的星标').waitFor();
      const iot = page.getByTestId('group-iot').getByTestId('app-iot');
      await iot.waitFor();
      expect(await iot.locator('a').getAttribute('href')).toBe('/iot/');

      await iot.getByTestId('favourite-iot').click();
      await page.getByTestId('favourites').getByTestId('app-iot').waitFor();
      await page.reload();
      await page.getByTestId('favourites').getByTestId('app-iot').waitFor();
      expect(await page.getByTestId('favourite-iot').first().getAttribute('aria-pressed')).toBe('true');

      await page.getByTestId('app-search').fill('没有这个应用');
      await page.getByTestId('no-match').waitFor();
      await page.getByTestId('app-search').fill('');
      await page.getByTestId('favourites').getByTestId('app-iot').locator('a').click();
      await page.getByTestId('iot-home').waitFor();
      expect(unexpected(problems)).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('the account centre', () => {
  it('checks a head image before sending it, then shows the new one', async () => {
    const user = await buildUser(suite.server.db, { roleIds: [10] });
    const { page, problems, close } = await visit(suite.browser);
    try {
      await signIn(page, user.account, user.password, '/accountCenter');
      await page.getByTestId('account-center').waitFor();
      const input = page.locator('input[type=file]');
      await input.setInputFiles({
        name: 'photo.png',
        mimeType: 'image/png',
        buffer: Buffer.from('not an image at all'),
      });
      await page.getByText('只能上传 jpg、png 格式的图片').waitFor();
      const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]);
      await input.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: big });
      await page.getByText('超出上传限制：单个文件不能超过 1 MB').waitFor();
      await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
      await page.getByText('头像已更新').waitFor();
      await expect
        .poll(() => page.getByTestId('user-menu').locator('img').getAttribute('src'))
        .toMatch(/^\/api\/apis-third\/file\/getByPath\?path=avatar%2F/);

      await page.getByLabel('姓名').fill('');
      await page.getByText('请输入姓名').waitFor();
      await page.getByLabel('姓名').fill('王工程师');
      await page.getByTestId('save-profile').click();
      await page.getByText('资料已保存').waitFor();
      await page.getByTestId('user-menu').getByText('王工程师').waitFor();
      expect(unexpected(problems)).toEqual([]);
    } finally {
      await close();
    }
  });

  it('changes the password, refusing a wrong current one', async () => {
    const user = await buildUser(suite.server.db, { roleIds: [10] });
    const { page, problems, close } = await visit(suite.browser);
    try {
      await signIn(page, user.account, user.password, '/accountCenter?tab=password');
      const form = page.getByTestId('account-center');
      await form.getByLabel('原密码').fill('Not#Mine1');
      await form.getByLabel('新密码').fill('Fresh#2027');
      await form.getByLabel('确认密码').fill('Fresh#2027');
      await page.getByTestId('change-password').click();
      await form.getByTestId('form-error').getByText('原密码错误').waitFor();
      await form.getByLabel('原密码').fill(user.password);
      await page.getByTestId('change-password').click();
      await page.getByText('密码已修改').waitFor();
      // This session stays; the next sign-in takes the new password.
      await page.reload();
      await page.getByTestId('account-center').waitFor();
      expect(unexpected(problems, /HTTP 400: .*\/updatePassword$/)).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('every page', () => {
  it.each(['zh-CN', 'en'] as const)('looks right in %s', async (lang) => {
    const school = await buildOrg(suite.server.db, {
      type: 'school',
      name: lang === 'en' ? 'Riverside High School' : '实验中学',
    });
    const user = await buildUser(suite.server.db, {
      roleIds: [10, 4],
      identityId: 1,
      orgId: school.id,
      email: `li.${lang}@example.com`,
    });
    const { page, problems, close } = await visit(suite.browser);
    try {
      await page.goto(`${suite.server.url}/login`);
      await page.getByTestId('login-page').waitFor();
      if (lang === 'en') {
        await page.getByTestId('lang-switch').getByText('English').click();
        await page.getByText('Use your Meridian account for Device Cloud and Mind').waitFor();
      }
      await screenshot(page, `portal-login-${lang}`);
      for (const [path, testId] of [
        ['/register', 'register-page'],
        ['/forgot', 'forgot-page'],
        ['/agreement', 'agreement-page'],
      ]) {
        await page.goto(suite.server.url + path);
        await page.getByTestId(testId).waitFor();
        await screenshot(page, `portal${path.replace('/', '-')}-${lang}`);
      }
      await signIn(page, user.account, user.password);
      await page.getByTestId('portal-home').getByTestId('app-iot').first().waitFor();
      await screenshot(page, `portal-launcher-${lang}`);
      for (const tab of ['profile', 'password', 'bindings', 'identities']) {
        await page.goto(`${suite.server.url}/accountCenter?tab=${tab}`);
        await page.getByTestId('account-center').waitFor();
        await page.waitForLoadState('networkidle');
        await screenshot(page, `portal-account-${tab}-${lang}`);
      }
      await page.getByTestId('user-menu').click();
      await page.getByRole('menu').waitFor();
      await screenshot(page, `portal-user-menu-${lang}`);
      expect(unexpected(problems)).toEqual([]);
    } finally {
      await close();
    }
  });
});
