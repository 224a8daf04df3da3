import { describe, expect, it } from 'vitest';
import { buildUser } from '../../server/test/factories.ts';
import { phone, screenshot, visit } from './browser.ts';

import { portalSuite } from './portal-server.ts';
import { unexpected } from './portal-walks.ts';

const suite = portalSuite();

describe('signing in on H5 (issue 8)', () => {
  it('sends a visitor to the H5 sign-in, shows a refusal in place, then comes back to the page asked for', async () => {
    const student = await buildUser(suite.server.db, { roleIds: [], identityId: 2, orgId: null });
    const { page, problems, close } = await visit(suite.browser, phone);
    try {
      await page.goto(`${suite.server.url}/h5/tasks`);
      await page.getByTestId('h5-login').waitFor();
      expect(new URL(page.url()).pathname).toBe('/h5/login');
      // Empty fields are named before anything is sent.
      await page.getByTestId('h5-sign-in').click();
      await page.getByText('请输入账号').waitFor();
      await page.getByText('请输入密码').waitFor();

      await page.getByTestId('h5-account').fill(student.account);
      await page.getByTestId('h5-password').fill('Wrong#2026');
      await page.getByTestId('h5-sign-in').click();
      const refusal = page.getByTestId('form-error');
      await refusal.waitFor();
      await expect(refusal.textContent()).resolves.toMatch(/密码|账号/);
      await screenshot(page, 'h5-signin-refused');

      await page.getByTestId('h5-password').fill(student.password);
      await page.getByTestId('h5-sign-in').click();
      await page.getByTestId('h5-home').getByText('暂时没有待完成的任务').waitFor();
      expect(new URL(page.url()).pathname).toBe('/h5/tasks');

      // Signing out ends the session here too.
      await page.getByTestId('h5-sign-out').click();
      await page.getByTestId('h5-login').waitFor();
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
      expect(unexpected(problems, /HTTP 40\d: .*\/authz\/login$/)).toEqual([]);
    } finally {
      await close();
    }
  });

  it('switches to English while a student types, keeping what was typed, and fetches English only then', async () => {
    const { page, problems, close } = await visit(suite.browser, phone);
    try {
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('.js')) scripts.push(new URL(request.url()).pathname);
      });
      await page.goto(`${suite.server.url}/h5/login`);
      await page.getByTestId('h5-login').getByText('请使用学校发放的账号登录').waitFor();
      const before = scripts.length;
      await page.getByTestId('h5-account').fill('student-1');
      await page.getByTestId('h5-password').fill('half-typed');

      await page.getByTestId('lang-switch').getByText('English').click();
      await page.getByTestId('h5-login').getByText('Sign in with the account your school gave you').waitFor();
      // The English strings came as a fetch of their own, after the page showed.
      expect(scripts.length).toBeGreaterThan(before);
      await expect(page.getByTestId('h5-account').inputValue()).resolves.toBe('student-1');
      await expect(page.getByTestId('h5-password').inputValue()).resolves.toBe('half-typed');
      await expect.poll(() => page.title()).toBe('Sign in - Meridian Mobile');

      await page.getByTestId('lang-switch').getByText('中文').click();
      await page.getByTestId('h5-login').getByText('请使用学校发放的账号登录').waitFor();
      await expect(page.getByTestId('h5-account').inputValue()).resolves.toBe('student-1');
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });
});
