import { describe, expect, it } from 'vitest';
import { writeSetting } from '../../server/src/platform/settings/repository.ts';
import { grantIdentity, grantRole } from '../../server/src/portal/accounts/repository.ts';
import { DEFAULT_POLICY } from '../../server/src/portal/policy/service.ts';
import { buildOrg, buildUser } from '../../server/test/factories.ts';
import { screenshot, visit } from './browser.ts';
import { portalSuite } from './portal-server.ts';
import { storedSession, submitPassword, unexpected } from './portal-walks.ts';

const suite = portalSuite();

const NEW_PASSWORD = 'Fresh#2027';

describe('registering', () => {
  it('checks every field as it is typed, then creates a Device Cloud account that signs in at once', async () => {
    const { page, problems, close } = await visit(suite.browser);
    try {
      await page.goto(`${suite.server.url}/login`);
      await page.getByTestId('to-register').click();
      await page.getByTestId('register-page').waitFor();
      const form = page.getByTestId('register-page');
      await form.getByLabel('用户名').fill('ab');
      await form.getByText('用户名为 3-20 位中文、字母、数字或下划线').waitFor();
      await form.getByLabel('登录密码').fill('abcdefg');
      await form.getByText('密码为 6-20 位，至少包含字母、数字、符号中的两种，不能有空格').waitFor();
      await form.getByLabel('确认密码').fill('abcdefg1');
      await form.getByText('两次输入的密码不一致').waitFor();
      await form.getByLabel('手机号').fill('1390013900');
      await form.getByText('手机号格式不正确').waitFor();
      await page.getByTestId('register').click();
      await form.getByText('请阅读并同意用户协议').waitFor();
      await screenshot(page, 'portal-register-errors-zh-CN');

      await form.getByLabel('用户名').fill('李工_2026');
      await form.getByLabel('登录密码').fill(NEW_PASSWORD);
      await form.getByLabel('确认密码').fill(NEW_PASSWORD);
      await form.getByLabel('手机号').fill('13900139001');
      await page.getByTestId('send-code').click();
      await page.getByText(/\d+ 秒后重新获取/).waitFor();
      await form.getByPlaceholder('6 位验证码').fill(suite.server.sms.codeFor('13900139001'));
      await page.getByTestId('app-choice-iot').click();
      await form.getByRole('checkbox').check();
      await page.getByTestId('register').click();
      await page.getByTestId('register-done').getByText('注册成功').waitFor();

      await page.getByRole('button', { name: '去登录' }).click();
      await submitPassword(page, '李工_2026', NEW_PASSWORD);
      await page.getByTestId('portal-home').waitFor();
      expect(unexpected(problems)).toEqual([]);
    } finally {
      await close();
    }
  });

  it("says a Mind registration waits for the administrator's review", async () => {
    const { page, problems, close } = await visit(suite.browser);
    try {
      await page.goto(`${suite.server.url}/register`);
      const form = page.getByTestId('register-page');
      await form.getByLabel('用户名').fill('wang_teacher');
      await form.getByLabel('登录密码').fill(NEW_PASSWORD);
      await form.getByLabel('确认密码').fill(NEW_PASSWORD);
      await form.getByLabel('手机号').fill('13900139003');
      await page.getByTestId('send-code').click();
      await form.getByPlaceholder('6 位验证码').fill(suite.server.sms.codeFor('13900139003'));
      await page.getByTestId('app-choice-mind').click();
      await form.getByRole('checkbox').check();
      await page.getByTestId('register').click();
      await page
        .getByTestId('register-review')
        .getByText(/请联系管理员审核账号/)
        .waitFor();
      await screenshot(page, 'portal-register-review-zh-CN');
      expect(unexpected(problems)).toEqual([]);
    } finally {
      await close();
    }
  });

  it('offers to release a phone bound to another user, then registers with it', async () => {
    await buildUser(suite.server.db, { phone: '13900139002' });
    const { page, problems, close } = await visit(suite.browser);
    try {
      await page.goto(`${suite.server.url}/register`);
      const form = page.getByTestId('register-page');
      await form.getByLabel('用户名').fill('zhao_new');
      await form.getByLabel('登录密码').fill(NEW_PASSWORD);
      await form.getByLabel('确认密码').fill(NEW_PASSWORD);
      await form.getByLabel('手机号').fill('13900139002');
      await page.getByTestId('send-code').click();
      await form.getByPlaceholder('6 位验证码').fill(suite.server.sms.codeFor('13900139002'));
      await page.getByTestId('app-choice-iot').click();
      await form.getByRole('checkbox').check();
      await page.getByTestId('register').click();
      await page.getByTestId('phone-bound').getByText('该手机号已绑定其他用户').waitFor();

      const registerCode = suite.server.sms.codeFor('13900139002');
      await page.getByTestId('release-phone').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByTestId('send-code').click();
      await expect.poll(() => suite.server.sms.codeFor('13900139002')).not.toBe(registerCode);
      await dialog.getByPlaceholder('6 位验证码').fill(suite.server.sms.codeFor('13900139002'));
      await dialog.getByRole('button', { name: '确认解除' }).click();
      await page.getByText('手机号已解除绑定，请继续注册').waitFor();

      // The code of the sign-up was not used up by the refusal: the same form goes through now.
      await page.getByTestId('register').click();
      await page.getByTestId('register-done').waitFor();
      expect(unexpected(problems, /HTTP 409: .*\/auth\/user\/register$/)).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('a forgotten password', () => {
  it('is reset with a code sent by SMS, and the new one signs in', async () => {
    const user = await buildUser(suite.server.db, { roleIds: [10], phone: '13700137001' });
    const { page, problems, close } = await visit(suite.browser);
    try {
      await page.goto(`${suite.server.url}/login`);
      await page.getByRole('link', { name: '忘记密码？' }).click();
      const form = page.getByTestId('forgot-page');
      await form.getByLabel('手机号', { exact: true }).fill('13700137001');
      await page.getByTestId('send-code').click();
      await page.getByText('验证码已发送至 13700137001，5 分钟内有效').waitFor();
      await form.getByPlaceholder('6 位验证码').fill(suite.server.sms.codeFor('13700137001'));
      await form.getByLabel('新密码').fill(NEW_PASSWORD);
      await form.getByLabel('确认密码').fill(NEW_PASSWORD);
      await screenshot(page, 'portal-forgot-zh-CN');
      await page.getByTestId('reset-password').click();
      await page.getByText('密码已重置，请使用新密码登录').waitFor();
      await page.getByTestId('login-page').waitFor();
      await submitPassword(page, user.account, NEW_PASSWORD);
      await page.getByTestId('portal-home').waitFor();
      expect(unexpected(problems)).toEqual([]);
    } finally {
      await close();
    }
  });

  it('is reset with a code sent by email too', async () => {
    const user = await buildUser(suite.server.db, { roleIds: [10], email: 'liu@example.com' });
    const { page, problems, close } = await visit(suite.browser);
    try {
      await page.goto(`${suite.server.url}/forgot`);
      const form = page.getByTestId('forgot-page');
      await form.getByText('邮箱找回').click();
      await form.getByLabel('邮箱', { exact: true }).fill('liu@example');
      await form.getByText('邮箱格式不正确').waitFor();
      await form.getByLabel('邮箱', { exact: true }).fill('liu@example.com');
      await page.getByTestId('send-code').click();
      await expect.poll(() => suite.server.mail.mails.length).toBeGreaterThan(0);
      await form.getByPlaceholder('6 位验证码').fill(suite.server.mail.codeFor('liu@example.com'));
      await form.getByLabel('新密码').fill(NEW_PASSWORD);
      await form.getByLabel('确认密码').fill(NEW_PASSWORD);
      await page.getByTestId('reset-password').click();
      await page.getByTestId('login-page').waitFor();
      await submitPassword(page, user.account, NEW_PASSWORD);
      await page.getByTestId('portal-home').waitFor();
      expect(unexpected(problems)).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('a password that must change', () => {
  it('sends a default password to the account centre first, then on to the app that asked', async () => {
    const user = await buildUser(suite.server.db, { roleIds: [10], defaultPass: true });
    const { page, problems, close } = await visit(suite.browser);
    try {
      await page.goto(`${suite.server.url}/iot/`);
      await submitPassword(page, user.account, user.password);
      await page.getByTestId('force-password').waitFor();
      expect(new URL(page.url()).pathname).toBe('/accountCenter');
      // Nothing else is open until the password changes.
      await expect.poll(() => page.getByRole('tab', { name: '基本资料' }).getAttribute('aria-disabled')).toBe('true');
      await page.goto(`${suite.server.url}/`);
      await page.getByTestId('force-password').waitFor();
      await page.goBack();
      await page.getByTestId('force-password').waitFor();
      expect(new URL(page.url()).searchParams.get('target')).toBe(`${suite.server.url}/iot/`);
      await screenshot(page, 'portal-force-password-zh-CN');

      const form = page.getByTestId('account-center');
      await form.getByLabel('当前密码（初始密码）').fill(user.password);
      await form.getByLabel('新密码').fill(NEW_PASSWORD);
      await form.getByLabel('确认密码').fill(NEW_PASSWORD);
      await page.getByTestId('change-password').click();
      await page.getByTestId('iot-home').waitFor();
      expect(page.url()).toBe(`${suite.server.url}/iot/`);
      expect((await storedSession(page)).local.token).toBeTruthy();
      expect(unexpected(problems)).toEqual([]);
    } finally {
      await close();
    }
  });

  it('changes an expired password at sign-in, then signs in', async () => {
    const hint = '请勿使用生日、手机号等易被猜到的密码';
    await writeSetting(suite.server.db, 'password.policy', { ...DEFAULT_POLICY, expireDays: 90, hint }, null);
    const user = await buildUser(suite.server.db, { roleIds: [10], passwordChangedAt: Date.now() - 100 * 86_400_000 });
    const { page, problems, close } = await visit(suite.browser);
    try {
      await page.goto(`${suite.server.url}/login`);
      await submitPassword(page, user.account, user.password);
      const form = page.getByTestId('expired-password');
      await form.getByText('密码已过期').first().waitFor();
      // The administrator's hint stands beside the new password.
      await form.getByText(hint).waitFor();
      await screenshot(page, 'portal-expired-password-zh-CN');
      await form.getByLabel('新密码').fill(user.password);
      await form.getByLabel('确认密码').fill(user.password);
      await page.getByTestId('change-expired').click();
      await form.getByTestId('form-error').getByText('新密码不能与原密码相同').waitFor();
      await form.getByLabel('新密码').fill(NEW_PASSWORD);
      await form.getByLabel('确认密码').fill(NEW_PASSWORD);
      await page.getByTestId('change-expired').click();
      await page.getByTestId('portal-home').waitFor();
      expect(unexpected(problems, /HTTP 403: .*\/authz\/login$/, /HTTP 400: .*\/forceUpdatePassword$/)).toEqual([]);
    } finally {
      await writeSetting(suite.server.db, 'password.policy', DEFAULT_POLICY, null);
      await close();
    }
  });
});

describe('identities', () => {
  it('lists the identities with their organisations, without the operator identity, and switches', async () => {
    const school = await buildOrg(suite.server.db, { type: 'school', name: '实验中学' });
    const user = await buildUser(suite.server.db, { roleIds: [4], identityId: 1, orgId: school.id });
    await grantIdentity(suite.server.db, user.id, 5, null);
    await grantIdentity(suite.server.db, user.id, 4, null);
    await grantRole(suite.server.db, user.id, 10, null);
    const { page, problems, close } = await visit(suite.browser);
    try {
      await page.goto(`${suite.server.url}/login?target=${encodeURIComponent('/accountCenter?tab=identities')}`);
      await submitPassword(page, user.account, user.password);
      const staff = page.getByTestId('identity-1');
      await staff.getByText('当前').waitFor();
      await staff.getByText('实验中学 · 学校').waitFor();
      expect(await page.getByTestId('identity-4').count()).toBe(0);
      await screenshot(page, 'portal-identities-zh-CN');

      await page
        .getByTestId('identity-5')
        .getByRole('button', { name: /切\s?换/ })
        .click();
      await page.getByText('已切换，页面数据已按新身份刷新').waitFor();
      await page.getByTestId('identity-5').getByText('当前').waitFor();
      expect(await staff.getByText('当前').count()).toBe(0);

      await page
        .getByTestId('role-10')
        .getByRole('button', { name: /切\s?换/ })
        .click();
      await page.getByTestId('role-10').getByText('当前').waitFor();
      expect(unexpected(problems)).toEqual([]);
    } finally {
      await close();
    }
  });
});
