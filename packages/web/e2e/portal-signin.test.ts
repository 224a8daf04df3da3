import { describe, expect, it } from 'vitest';
import { buildOrg, buildUser } from '../../server/test/factories.ts';
import { phone, screenshot, visit } from './browser.ts';
import { portalSuite } from './portal-server.ts';
import { callWithToken, storedSession, submitPassword, unexpected } from './portal-walks.ts';

const suite = portalSuite();

const IOT_MAIN_ROLE = 10;
/** A unit's logo as the sign-in answers it; inline, so that the page loads it without a stored file. */
const UNIT_LOGO =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkaPhfDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

describe('signing in with a password', () => {
  it('says "wrong user name or password", then lands on the launcher with the session stored', async () => {
    const user = await buildUser(suite.server.db, { roleIds: [IOT_MAIN_ROLE] });
    const { page, problems, close } = await visit(suite.browser);
    try {
      let signInCalls = 0;
      page.on('request', (request) => {
        if (request.url().endsWith('/authz/login')) signInCalls += 1;
      });
      await page.goto(`${suite.server.url}/`);
      // Not signed in: the launcher sends the visitor to sign in.
      await page.getByTestId('login-page').waitFor();
      expect(new URL(page.url()).pathname).toBe('/login');
      await expect.poll(() => page.title()).toBe('登录 - Meridian 统一门户');
      await page.getByTestId('system-status').getByText('运行正常').waitFor();
      await screenshot(page, 'portal-login-zh-CN');

      // Nothing typed: each field says what it needs and nothing is sent.
      await page.getByTestId('sign-in').click();
      await page.getByTestId('login-page').getByText('请输入用户名、手机号或邮箱').waitFor();
      await page.getByTestId('login-page').getByText('请输入密码').waitFor();
      await screenshot(page, 'portal-login-empty-zh-CN');
      await page.getByPlaceholder('用户名 / 手机号 / 邮箱').fill('   ');
      await page.getByTestId('login-page').getByText('请输入用户名、手机号或邮箱').waitFor();
      expect(signInCalls).toBe(0);

      await submitPassword(page, user.account, 'Wrong#Pass1');
      await page.getByTestId('form-error').getByText('用户名或密码错误').waitFor();
      await screenshot(page, 'portal-login-wrong-zh-CN');

      await submitPassword(page, user.account, user.password);
      await page.getByTestId('portal-home').waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      const { local } = await storedSession(page);
      expect(local.token).toMatch(/.{20,}/);
      expect(JSON.parse(local.userInfo ?? '{}')).toMatchObject({ account: user.account, roleId: IOT_MAIN_ROLE });
      expect(local).toMatchObject({ name: `Nick ${user.account}`, roleId: String(IOT_MAIN_ROLE) });
      // The account is offered again next time; the password never is.
      expect(local['meridian.lastAccount']).toBe(user.account);
      expect(JSON.stringify(local)).not.toContain(user.password);
      expect(unexpected(problems, /HTTP 400: .*\/authz\/login$/)).toEqual([]);
    } finally {
      await close();
    }
  });

  it('shows why an account without a role, or one awaiting review, cannot sign in', async () => {
    const noRole = await buildUser(suite.server.db, { roleIds: [] });
    const pending = await buildUser(suite.server.db, { status: 'pending' });
    const { page, problems, close } = await visit(suite.browser);
    try {
      await page.goto(`${suite.server.url}/login`);
      await submitPassword(page, noRole.account, noRole.password);
      await page.getByTestId('form-error').getByText('该账号未分配角色，请联系管理员').waitFor();
      await submitPassword(page, pending.account, pending.password);
      await page.getByTestId('form-error').getByText('请联系管理员审核账号').waitFor();
      expect(new URL(page.url()).pathname).toBe('/login');
      expect((await storedSession(page)).local.token).toBeUndefined();
      expect(unexpected(problems, /HTTP 403: .*\/authz\/login$/)).toEqual([]);
    } finally {
      await close();
    }
  });

  it('says why a locked account is refused: from this address, or from any new one', async () => {
    const user = await buildUser(suite.server.db, { roleIds: [IOT_MAIN_ROLE] });
    const { page, problems, close } = await visit(suite.browser);
    const lock = (key: string) =>
      suite.server.db
        .updateTable('login_attempts')
        .set({ failures: 10, locked_until: Date.now() + 15 * 60_000 })
        .where('key', '=', key)
        .execute();
    try {
      await page.goto(`${suite.server.url}/login`);
      // One failure writes the counters under the address the server sees for this browser.
      await submitPassword(page, user.account, 'Wrong#Pass1');
      await page.getByTestId('form-error').getByText('用户名或密码错误').waitFor();
      const [pair] = await suite.server.db
        .selectFrom('login_attempts')
        .select('key')
        .where('key', 'like', `user:${user.id}@%`)
        .execute();
      expect(pair?.key).toBeDefined();

      // Locked from this address (five failures here): the right password is refused.
      await lock(pair?.key ?? '');
      await submitPassword(page, user.account, user.password);
      await page.getByTestId('form-error').getByText('尝试次数过多，账号已锁定，请 15 分钟后再试').waitFor();
      await screenshot(page, 'portal-login-locked-zh-CN');

      // Locked for addresses it never signed in from (failures from many): this browser is one.
      await suite.server.db
        .deleteFrom('login_attempts')
        .where('key', '=', pair?.key ?? '')
        .execute();
      await lock(`user:${user.id}`);
      await submitPassword(page, user.account, user.password);
      await page
        .getByTestId('form-error')
        .getByText('该账号登录失败次数过多：请在曾登录过的设备上登录，或使用短信验证码登录，或 15 分钟后再试')
        .waitFor();
      expect(new URL(page.url()).pathname).toBe('/login');
      expect((await storedSession(page)).local.token).toBeUndefined();
      expect(unexpected(problems, /HTTP 400: .*\/authz\/login$/, /HTTP 429: .*\/authz\/login$/)).toEqual([]);
    } finally {
      await close();
    }
  });

  it('signs in with a phone and the code sent to it', async () => {
    const user = await buildUser(suite.server.db, { roleIds: [IOT_MAIN_ROLE], phone: '13800138001' });
    const { page, problems, close } = await visit(suite.browser);
    try {
      await page.goto(`${suite.server.url}/login`);
      await page.getByRole('tab', { name: '手机验证码登录' }).click();
      await page.getByPlaceholder('手机号').fill('1380013800');
      await page.getByTestId('send-code').click();
      await page.getByText('手机号格式不正确').waitFor();
      await page.getByPlaceholder('手机号').fill('13800138001');
      await page.getByTestId('send-code').click();
      await page.getByText(/\d+ 秒后重新获取/).waitFor();
      await page.getByText('验证码已发送至 13800138001，5 分钟内有效').waitFor();
      const code = suite.server.sms.codeFor('13800138001');

      // A reload forgets the countdown, not the server: it says how long to wait, and the button counts it.
      await page.reload();
      await page.getByRole('tab', { name: '手机验证码登录' }).click();
      await page.getByPlaceholder('手机号').fill('13800138001');
      await page.getByTestId('send-code').click();
      await page
        .getByTestId('form-error')
        .getByText(/^请 \d+ 秒后再试$/)
        .waitFor();
      await page.getByText(/\d+ 秒后重新获取/).waitFor();
      await page.getByPlaceholder('6 位验证码').fill('12345');
      await page.getByText('验证码为 6 位数字').waitFor();
      await page.getByPlaceholder('6 位验证码').fill(code);
      await page.getByTestId('sign-in-phone').click();
      await page.getByTestId('portal-home').waitFor();
      expect(JSON.parse((await storedSession(page)).local.userInfo ?? '{}').account).toBe(user.account);
      expect(unexpected(problems, /HTTP 429: .*\/sendPhoneCodeOfLoginConfirm$/)).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('single sign-on', () => {
  it('takes a visitor of Device Cloud through the portal sign-in and back, the token out of the address', async () => {
    const unit = await buildOrg(suite.server.db, { type: 'department', name: '华东工厂' });
    await suite.server.db.updateTable('orgs').set({ logo: UNIT_LOGO }).where('id', '=', unit.id).execute();
    const user = await buildUser(suite.server.db, { roleIds: [IOT_MAIN_ROLE], orgId: unit.id });
    const { page, problems, close } = await visit(suite.browser);
    try {
      await page.goto(`${suite.server.url}/iot/`);
      await page.getByTestId('login-page').waitFor();
      const login = new URL(page.url());
      expect(login.pathname).toBe('/login');
      expect(login.searchParams.get('target')).toBe(`${suite.server.url}/iot/`);
      await page.getByText('登录后将返回您刚才访问的应用').waitFor();

      await submitPassword(page, user.account, user.password);
      await page.getByTestId('iot-home').waitFor();
      const back = new URL(page.url());
      expect(back.pathname).toBe('/iot/');
      expect(back.search).toBe('');
      await page.getByTestId('user-menu').getByText(`Nick ${user.account}`).waitFor();
      // The unit's logo from the sign-in answer stands in the header.
      expect(await page.getByTestId('unit-logo').getAttribute('src')).toBe(UNIT_LOGO);
      expect(await page.evaluate(() => window.location.href)).not.toContain('token=');
      await screenshot(page, 'portal-iot-signed-in-zh-CN');

      // Another app on the same origin, or the same one later: the sign-in page hands over at once.
      await page.goto(
        `${suite.server.url}/api/apis-authz/authz/login/cas?target=${encodeURIComponent(`${suite.server.url}/iot/`)}`,
      );
      await page.getByTestId('iot-home').waitFor();
      expect(page.url()).toBe(`${suite.server.url}/iot/`);
      expect(unexpected(problems)).toEqual([]);
    } finally {
      await close();
    }
  });

  it('signs out: the token is revoked, every session value and session storage are gone', async () => {
    const user = await buildUser(suite.server.db, { roleIds: [IOT_MAIN_ROLE] });
    const { page, problems, close } = await visit(suite.browser);
    try {
      await page.goto(`${suite.server.url}/iot/`);
      await submitPassword(page, user.account, user.password);
      await page.getByTestId('iot-home').waitFor();
      await page.evaluate(() => sessionStorage.setItem('scaleInfo', '{"id":1}'));
      const { local: before } = await storedSession(page);
      const token = before.token ?? '';
      expect(token).not.toBe('');

      await page.getByTestId('user-menu').click();
      await page.getByRole('menuitem', { name: '退出登录' }).click();
      await page.getByTestId('login-page').waitFor();
      expect(new URL(page.url()).searchParams.get('target')).toBe(`${suite.server.url}/iot/`);

      const { local, session } = await storedSession(page);
      for (const key of ['token', 'userInfo', 'name', 'roleId', 'unitDeptId', 'logo'])
        expect(local[key], key).toBeUndefined();
      expect(session).toEqual({});
      expect(local['meridian.lastAccount']).toBe(user.account);
      expect((await callWithToken(suite.server.url, token)).code).toBe(10022);
      expect(unexpected(problems)).toEqual([]);
    } finally {
      await close();
    }
  });

  it('signs out of the portal too, and the launcher then asks to sign in', async () => {
    const user = await buildUser(suite.server.db, { roleIds: [IOT_MAIN_ROLE] });
    const { page, problems, close } = await visit(suite.browser);
    try {
      await page.goto(`${suite.server.url}/login`);
      await submitPassword(page, user.account, user.password);
      await page.getByTestId('portal-home').waitFor();
      await page.getByTestId('user-menu').click();
      await page.getByRole('menuitem', { name: '退出登录' }).click();
      await page.getByTestId('login-page').waitFor();
      expect((await storedSession(page)).local.token).toBeUndefined();
      await page.goto(`${suite.server.url}/`);
      await page.getByTestId('login-page').waitFor();
      expect(unexpected(problems)).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('the sign-in page', () => {
  it('fits a phone', async () => {
    const { page, problems, close } = await visit(suite.browser, phone);
    try {
      await page.goto(`${suite.server.url}/login`);
      await page.getByTestId('login-page').waitFor();
      // The brand panel gives way to the form on a narrow screen.
      expect(await page.getByTestId('brand-panel').count()).toBe(0);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
      await screenshot(page, 'portal-login-phone-zh-CN');
      expect(unexpected(problems)).toEqual([]);
    } finally {
      await close();
    }
  });
});
