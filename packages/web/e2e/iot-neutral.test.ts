import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildNeutralMember } from '../../server/src/portal/brands/testing.ts';
import { png } from '../../server/test/files.ts';
import { launchBrowser, screenshot, visit } from './browser.ts';
import { type PortalServer, startPortalServer } from './portal-server.ts';
import { submitPassword, unexpected } from './portal-walks.ts';

const DOMAIN = 'console.test.localhost';
let server: PortalServer;
let browser: Browser;

beforeAll(async () => {
  server = await startPortalServer();
  // The neutral member's custom domain reaches the test server, as its DNS record would.
  browser = await launchBrowser([`--host-resolver-rules=MAP ${DOMAIN} 127.0.0.1`]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('neutral operation on a custom domain', () => {
  it('sets a brand, shows only it on the domain, and lists who signs up there', async () => {
    const member = await buildNeutralMember(server.db);
    const onDomain = server.url.replace('127.0.0.1', DOMAIN);
    const owner = await visit(browser);
    const customer = await visit(browser);
    try {
      // The neutral member reads the introduction and sets its brand on the platform's own address.
      const { page } = owner;
      await page.goto(`${server.url}/login?target=${encodeURIComponent('/iot/neutral')}`);
      await submitPassword(page, member.account, member.password);
      await page.getByTestId('neutral-intro').getByText('¥10,000 起').waitFor();
      await page.getByTestId('neutral-intro').getByText('您已是中性会员').waitFor();
      await screenshot(page, 'neutral-intro');
      await page.getByRole('button', { name: '配置品牌' }).click();
      const form = page.getByTestId('brand-page');
      await form.getByTestId('brand-name').fill('Acme IoT');
      await form
        .locator('input[type=file]')
        .nth(0)
        .setInputFiles({ name: 'wide.png', mimeType: 'image/png', buffer: png(120, 60) });
      await page.getByText('图片尺寸应为 106×60 像素，当前为 120×60').waitFor();
      await form
        .locator('input[type=file]')
        .nth(0)
        .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png(106, 60) });
      await form.getByTestId('brand-logo-preview').waitFor();
      await form.getByTestId('brand-icp').fill('沪ICP备20260001号');
      await form.getByTestId('brand-domain').fill('console.a.b.com');
      await page.getByText('自定义域名最多三级，例如 console.example.com').waitFor();
      await form.getByTestId('brand-domain').fill(DOMAIN);
      await page.getByTestId('brand-save').click();
      await page.getByText('品牌已保存').waitFor();
      await screenshot(page, 'neutral-brand');

      // It writes its customers' announcement; the platform has one of its own, for its own customers.
      const now = Date.now();
      await server.db
        .insertInto('articles')
        .values({
          title: 'Meridian 平台维护',
          type: 'announcement',
          content: '<p>Meridian 周六维护</p>',
          published: true,
          pinned: false,
          show_from: null,
          show_until: null,
          published_at: now,
          author_id: member.id,
          owner_id: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await page.getByRole('menu').getByText('品牌公告').click();
      await page.getByTestId('article-add').click();
      await page.getByTestId('article-title').fill('Acme 周末维护');
      await page.getByTestId('article-content').locator('.tiptap').click();
      await page.keyboard.type('周六 02:00–04:00 暂停数据上报。');
      await page.getByTestId('article-save').click();
      await page.getByTestId('articles-table').getByText('Acme 周末维护').waitFor();
      await screenshot(page, 'neutral-articles');

      // A customer on the domain sees the brand and never Meridian's name, not even in the page
      // as served, before its scripts run.
      const c = customer.page;
      await c.goto(`${onDomain}/login`);
      await c.getByTestId('login-page').waitFor();
      for (const path of ['/login', '/iot/', '/register']) {
        const served = await c.evaluate(async (p) => (await fetch(p)).text(), path);
        expect(served, path).toContain('Acme IoT');
        expect(served, path).not.toContain('Meridian');
      }
      await c.getByTestId('brand-logo').first().waitFor();
      await c.getByTestId('brand-icp').getByText('沪ICP备20260001号').waitFor();
      await expect.poll(() => c.title()).toContain('Acme IoT');
      expect(await c.title()).not.toContain('Meridian');
      expect(await c.locator('body').innerText()).not.toContain('Meridian');
      expect(await c.locator('link[rel="icon"]').getAttribute('href')).toContain('/api/apis-third/file/getByPath');
      await screenshot(c, 'neutral-domain-signin');

      // It signs up there.
      await c.goto(`${onDomain}/register`);
      const reg = c.getByTestId('register-page');
      await reg.getByLabel('用户名').fill('acme_customer');
      await reg.getByLabel('登录密码').fill('Secret#2026');
      await reg.getByLabel('确认密码').fill('Secret#2026');
      await reg.getByLabel('手机号').fill('13900139087');
      await c.getByTestId('send-code').click();
      await expect.poll(() => server.sms.countTo('13900139087')).toBe(1);
      await reg.getByPlaceholder('6 位验证码').fill(server.sms.codeFor('13900139087'));
      await c.getByTestId('app-choice-iot').click();
      await reg.getByRole('checkbox').check();
      await c.getByTestId('register').click();
      await c.getByTestId('register-done').waitFor();
      expect(await c.locator('body').innerText()).not.toContain('Meridian');

      // Signed in on the domain, Device Cloud carries the brand too.
      await c.goto(`${onDomain}/login?target=${encodeURIComponent('/iot/')}`);
      await submitPassword(c, 'acme_customer', 'Secret#2026');
      await c.waitForURL(/\/iot\//);
      await c.getByTestId('brand-logo').first().waitFor();
      await expect.poll(() => c.title()).toContain('Acme IoT');
      expect(await c.locator('body').innerText()).not.toContain('Meridian');
      // Its home page shows the brand's announcement, not the platform's.
      await c.getByTestId('home-announcements').getByText('Acme 周末维护').waitFor();
      expect(await c.getByTestId('home-announcements').innerText()).not.toContain('平台维护');
      // The platform's neutral operation is not offered to a neutral member's customer.
      await c.getByRole('menu').getByText('订单与充值').waitFor();
      expect(await c.getByRole('menu').innerText()).not.toContain('中性运营');
      await screenshot(c, 'neutral-domain-iot');

      // The neutral member sees its new customer.
      await page.goto(`${server.url}/iot/neutral/customers`);
      const row = page.getByTestId('customers-table').getByRole('row').filter({ hasText: '13900139087' });
      await row.waitFor();
      expect(await row.getByRole('cell').first().innerText()).toBe('acme_customer');
      expect(await row.getByRole('switch').getAttribute('aria-checked')).toBe('true');
      await screenshot(page, 'neutral-customers');
      expect(unexpected(owner.problems, /upload\/image/)).toEqual([]);
      expect(unexpected(customer.problems)).toEqual([]);
    } finally {
      await owner.close();
      await customer.close();
    }
  });
});
