import { translate } from '@meridian/contracts';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../server/test/factories.ts';
import { screenshot, visit } from './browser.ts';
import { plcTemplate } from './iot-live-walks.ts';
import { fieldError, IOT_MAIN_ROLE, iotSuite, openFromMenu, signInToIot } from './iot-walks.ts';
import { choose, dialog, settledShot } from './portal-admin-walks.ts';
import { submitPassword, unexpected } from './portal-walks.ts';

const suite = iotSuite();
const zh = (key: string, params?: Record<string, string | number>) => translate(key, 'zh-CN', params);

/** Calls the API as `token` and answers the envelope's data; a refusal fails the test at once. */
async function call<T>(method: string, path: string, token: string, body?: unknown): Promise<T> {
  const response = await fetch(`${suite.server.url}/api/${path}`, {
    method,
    headers: { 'x-authorization': token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code: number; message: string; data: T };
  if (envelope.code !== 200) throw new Error(`${method} ${path}: ${envelope.code} ${envelope.message}`);
  return envelope.data;
}

const SUB = { account: 'fitter_li', password: 'Fitter#2026', changed: 'Fitter#2027' };

describe('Subordinate User', () => {
  it('adds a sub-user, grants devices and a device level, and the sub-user sees and edits just those', async () => {
    const main = await buildUser(suite.server.db, { roleIds: [IOT_MAIN_ROLE], userType: 'main' });
    const { token } = await call<{ token: string }>('POST', 'apis-authz/authz/login', '', {
      account: main.account,
      password: main.password,
    });
    // By SN plus MAC, as most devices arrive.
    const add = (name: string, n: number, templateId?: number) =>
      call<{ id: number }>('POST', 'iot/devices', token, {
        name,
        sn: `USR${String(n).padStart(17, '0')}`,
        mac: `D8B04C0001${String(n).padStart(2, '0')}`,
        templateId,
      });
    // Two templates of the main account: the sub-user's device form offers them for the valve.
    const valveModel = await call<{ id: number }>('POST', 'iot/templates', token, plcTemplate('阀门执行器模板'));
    const spareModel = await call<{ id: number }>('POST', 'iot/templates', token, plcTemplate('备用执行器模板'));
    const pump = await add('一号水泵', 1);
    const valve = await add('二号阀门', 2, valveModel.id);
    await add('三号电表', 3);

    const owner = await visit(suite.browser);
    const { page } = owner;
    try {
      await signInToIot(page, suite.server.url, main);
      await openFromMenu(page, '项目管理', '下级用户');
      const table = page.getByTestId('sub-users-table');
      await table.getByText(main.account, { exact: true }).waitFor();
      await page.getByTestId('sub-users-page').getByText('还没有下级用户').waitFor();
      await settledShot(page, 'iot-users-empty-zh-CN');

      // ---- Add a sub-user: the spec's password rule and the two entries' match, as the user types.
      await page.getByTestId('sub-user-add').click();
      const form = page.getByTestId('sub-user-form');
      await form.getByLabel('用户名').fill('li');
      await fieldError(form, zh('v.account')).waitFor();
      await form.getByLabel('用户名').fill(SUB.account);
      await form.getByLabel('姓名').fill('李工');
      await form.getByLabel('手机号').fill('1380013');
      await fieldError(form, zh('v.phone')).waitFor();
      await form.getByLabel('手机号').fill('13800138001');
      await form.getByLabel('密码', { exact: true }).fill('abcdefg');
      await fieldError(form, zh('v.password')).waitFor();
      await form.getByLabel('确认密码').fill('abcdefgh');
      await fieldError(form, zh('v.passwordMismatch')).waitFor();
      await settledShot(page, 'iot-users-add-zh-CN');
      await form.getByLabel('密码', { exact: true }).fill(SUB.password);
      await form.getByLabel('确认密码').fill(SUB.password);
      await page
        .locator('.ant-modal:visible')
        .getByRole('button', { name: /保\s?存/ })
        .click();
      await page.getByText('下级用户已添加').waitFor();
      const row = table.locator('tbody tr', { hasText: SUB.account });
      await row.getByText('李工').waitFor();
      await settledShot(page, 'iot-users-tree-zh-CN');

      // ---- Device permissions: view on the pump; edit on the valve ticks its view too.
      await row.getByRole('button', { name: '设备权限' }).click();
      const drawer = page.locator('.ant-drawer', { has: page.getByTestId('grants-table') });
      const tick = (device: string, right: string) => drawer.getByRole('checkbox', { name: `${device} ${right}` });
      await tick('一号水泵', '查看').check();
      await tick('二号阀门', '编辑').check();
      await expect.poll(() => tick('二号阀门', '查看').isChecked()).toBe(true);
      expect(await tick('三号电表', '查看').isChecked()).toBe(false);
      await drawer.getByText('已授权 2 台设备').waitFor();
      // The search narrows the list without losing what was ticked on the way.
      await drawer.getByPlaceholder('设备名称或 SN').fill('阀门');
      await drawer.getByPlaceholder('设备名称或 SN').press('Enter');
      await expect.poll(() => drawer.locator('tbody tr.ant-table-row').count(), { timeout: 10_000 }).toBe(1);
      await drawer.getByText('已授权 2 台设备').waitFor();
      await settledShot(page, 'iot-users-grants-zh-CN');
      await drawer.getByTestId('grants-save').click();
      await page.getByText('设备权限已保存').waitFor();
      const grants = await call<{ list: Array<{ deviceId: number; view: boolean; edit: boolean; delete: boolean }> }>(
        'GET',
        `iot/users/${(await subUserId()) ?? 0}/device-grants`,
        token,
      );
      expect(grants.list.map((g) => [g.deviceId, g.view, g.edit, g.delete])).toEqual([
        [pump.id, true, false, false],
        [valve.id, true, true, false],
      ]);

      // ---- Device authorization: level 4 and a slave count of 0 are refused in the spec's words.
      await row.getByRole('button', { name: /更多/ }).click();
      await page.getByRole('menuitem', { name: '设备授权' }).click();
      const authorization = page.getByTestId('authorization-form');
      await authorization.getByLabel('设备等级').fill('4');
      await fieldError(authorization, zh('v.deviceLevel')).waitFor();
      await authorization.getByLabel('从机数量授权').fill('0');
      await fieldError(authorization, zh('v.slaveQuota')).waitFor();
      await settledShot(page, 'iot-users-authorization-zh-CN');
      await authorization.getByLabel('设备等级').fill('2');
      await authorization.getByLabel('从机数量授权').fill('10');
      await page
        .locator('.ant-modal:visible')
        .getByRole('button', { name: /保\s?存/ })
        .click();
      await page.getByText('设备授权已保存').waitFor();
      const level = await call<{ deviceLevel: number; slaveQuota: number }>(
        'GET',
        `iot/users/${(await subUserId()) ?? 0}/device-authorization`,
        token,
      );
      expect([level.deviceLevel, level.slaveQuota]).toEqual([2, 10]);

      // ---- Edit, disable and enable again, and delete (another sub-user) after the question.
      await row.getByRole('button', { name: /编\s?辑/ }).click();
      const editForm = page.getByTestId('sub-user-form');
      await editForm.getByLabel('姓名').fill('李工程师');
      await editForm.getByLabel('邮箱').fill('li@example');
      await fieldError(editForm, zh('v.email')).waitFor();
      await editForm.getByLabel('邮箱').fill('li@example.com');
      await page
        .locator('.ant-modal:visible')
        .getByRole('button', { name: /保\s?存/ })
        .click();
      await page.getByText('下级用户已保存').waitFor();
      await row.getByText('李工程师').waitFor();
      const answer = async (name: RegExp) => {
        await dialog(page).getByRole('button', { name }).click();
        await expect.poll(() => dialog(page).count(), { timeout: 10_000 }).toBe(0);
      };
      await row.getByRole('button', { name: /更多/ }).click();
      await page.getByRole('menuitem', { name: '停用' }).click();
      await dialog(page).getByText('停用后该用户立即下线').waitFor();
      await answer(/停\s?用/);
      await row.getByText('已停用').waitFor();
      await row.getByRole('button', { name: /更多/ }).click();
      await page.getByRole('menuitem', { name: '启用' }).click();
      await answer(/启\s?用/);
      await row.getByText('已启用').waitFor();
      await call('POST', 'iot/users', token, {
        account: 'temp_worker',
        password: 'Temp#2026',
        confirmPassword: 'Temp#2026',
      });
      await page.getByTestId('sub-users-page').locator('.ant-input-search input').fill('temp');
      await page.getByTestId('sub-users-page').locator('.ant-input-search input').press('Enter');
      const temp = table.locator('tbody tr', { hasText: 'temp_worker' });
      await temp.waitFor();
      expect(await table.locator('tbody tr', { hasText: SUB.account }).count()).toBe(0);
      await temp.getByRole('button', { name: /更多/ }).click();
      await page.getByRole('menuitem', { name: '删除' }).click();
      await answer(/删\s?除/);
      await page.getByText('用户已删除').waitFor();
      await table.getByText('没有符合条件的用户').waitFor();
      await page.getByTestId('sub-users-page').locator('.ant-input-search input').fill('');
      await page.getByTestId('sub-users-page').locator('.ant-input-search input').press('Enter');
      await row.waitFor();

      // ---- The page in English.
      // The Chinese notices fade first, so that the English screenshot shows only English.
      await expect.poll(() => page.locator('.ant-message-notice').count(), { timeout: 10_000 }).toBe(0);
      await page.getByText('English', { exact: true }).click();
      await page.getByTestId('sub-users-page').getByText('Subordinate User').first().waitFor();
      await table.getByText('Sub-user').waitFor();
      await settledShot(page, 'iot-users-en');
      await row.getByRole('button', { name: 'Device permissions' }).click();
      await drawer.getByText('2 devices granted').waitFor();
      await settledShot(page, 'iot-users-grants-en');
      expect(unexpected(owner.problems)).toEqual([]);
    } catch (error) {
      await screenshot(page, 'iot-users-failure');
      console.error(owner.problems);
      throw error;
    } finally {
      await owner.close();
    }

    // ---- The sub-user: only the pump and the valve, and only the valve can be changed.
    const sub = await visit(suite.browser);
    try {
      await sub.page.goto(`${suite.server.url}/iot/`);
      await submitPassword(sub.page, SUB.account, SUB.password);
      // A password a superior chose is changed at the first sign-in.
      const center = sub.page.getByTestId('account-center');
      await sub.page.getByTestId('force-password').waitFor();
      await center.getByLabel('当前密码（初始密码）').fill(SUB.password);
      await center.getByLabel('新密码').fill(SUB.changed);
      await center.getByLabel('确认密码').fill(SUB.changed);
      await sub.page.getByTestId('change-password').click();
      await sub.page.getByTestId('iot-home').waitFor();
      await openFromMenu(sub.page, '设备管理', '设备列表');
      const devices = sub.page.getByTestId('devices-table');
      await sub.page.getByTestId('devices-page').getByText('共 2 条').waitFor();
      const names = await devices.locator('tbody tr.ant-table-row').allInnerTexts();
      expect(names.some((text) => text.includes('一号水泵'))).toBe(true);
      expect(names.some((text) => text.includes('二号阀门'))).toBe(true);
      expect(names.some((text) => text.includes('三号电表'))).toBe(false);
      await settledShot(sub.page, 'iot-users-sub-devices-zh-CN');

      // Edit right on the valve: disabling it (an edit) goes through; the same on the pump is refused.
      const disable = async (name: string) => {
        await devices.locator('tbody tr', { hasText: name }).getByRole('button', { name: /更多/ }).click();
        await sub.page.getByRole('menuitem', { name: '禁用' }).click();
        await dialog(sub.page)
          .getByRole('button', { name: /禁\s?用/ })
          .click();
        // The question closes (after the call) before the next one may open.
        await expect.poll(() => dialog(sub.page).count(), { timeout: 10_000 }).toBe(0);
      };
      await disable('二号阀门');
      await devices.locator('tbody tr', { hasText: '二号阀门' }).getByText('已禁用').waitFor();
      await disable('一号水泵');
      await sub.page.getByText(zh('auth.forbidden')).first().waitFor();
      expect(await devices.locator('tbody tr', { hasText: '一号水泵' }).getByText('已禁用').count()).toBe(0);
      // The edit form of the pump: the server refuses the change in its words.
      await devices
        .locator('tbody tr', { hasText: '一号水泵' })
        .getByRole('button', { name: /编\s?辑/ })
        .click();
      await sub.page.getByTestId('device-form').getByLabel('设备名称').fill('一号水泵-改');
      await sub.page.getByTestId('device-save').click();
      await sub.page.getByText(zh('auth.forbidden')).first().waitFor();
      // At once, while the refusal is on screen.
      await screenshot(sub.page, 'iot-users-sub-refused-zh-CN');
      await sub.page
        .locator('.ant-drawer:visible')
        .getByRole('button', { name: /取\s?消/ })
        .click();
      await expect.poll(() => sub.page.getByTestId('device-form').count(), { timeout: 10_000 }).toBe(0);

      // The valve's form: its owner and template are named, and the owner's templates are offered,
      // though the sub-user's role opens neither the template nor the account screens.
      const valveRow = devices.locator('tbody tr', { hasText: '二号阀门' });
      await valveRow.getByText('阀门执行器模板').waitFor();
      await valveRow.getByRole('button', { name: /编\s?辑/ }).click();
      const valveForm = sub.page.getByTestId('device-form');
      const item = (label: string) =>
        valveForm.locator('.ant-form-item', { has: sub.page.getByText(label, { exact: true }) });
      await item('设备模板').getByText('阀门执行器模板').waitFor();
      await item('所属用户').getByText(`(${main.account})`).waitFor();
      await valveForm.getByLabel('设备名称').fill('二号阀门-检修');
      await choose(sub.page, item('设备模板').locator('.ant-select'), '备用执行器模板');
      await settledShot(sub.page, 'iot-users-sub-device-form-zh-CN');
      await sub.page.getByTestId('device-save').click();
      await sub.page.getByText('设备已保存').first().waitFor();
      const subToken = (
        await call<{ token: string }>('POST', 'apis-authz/authz/login', '', {
          account: SUB.account,
          password: SUB.changed,
        })
      ).token;
      const saved = await call<{ name: string; templateId: number }>('GET', `iot/devices/${valve.id}`, subToken);
      expect([saved.name, saved.templateId]).toEqual(['二号阀门-检修', spareModel.id]);
      await expect(call('PUT', `iot/devices/${pump.id}`, subToken, { name: '一号水泵-改' })).rejects.toThrow(/403/);
      expect(
        unexpected(
          sub.problems,
          // The pump's edit form: the save and its choices are refused (view right only).
          new RegExp(`HTTP 403: .*/api/iot/devices/(${pump.id}(/disable)?|choices\\?deviceId=${pump.id})$`),
          // The device pages' choice lists the sub-user role may not read (they fall back to empty).
          /HTTP 403: .*\/api\/iot\/(projects|templates|users\/tree)\?page=1&size=\d+$/,
        ),
      ).toEqual([]);
    } catch (error) {
      await screenshot(sub.page, 'iot-users-sub-failure');
      console.error(sub.problems);
      throw error;
    } finally {
      await sub.close();
    }
  }, 300_000);

  it("shows the server's refusal when a sub-user grants more than they hold", async () => {
    const main = await buildUser(suite.server.db, { roleIds: [IOT_MAIN_ROLE], userType: 'main' });
    // A sub-user who runs sub-users of their own (the main-account role, below the main account).
    const foreman = await buildUser(suite.server.db, { roleIds: [IOT_MAIN_ROLE], userType: 'sub', parentId: main.id });
    const login = async (user: { account: string; password: string }) =>
      (
        await call<{ token: string }>('POST', 'apis-authz/authz/login', '', {
          account: user.account,
          password: user.password,
        })
      ).token;
    const mainToken = await login(main);
    const meter = await call<{ id: number }>('POST', 'iot/devices', mainToken, {
      name: '四号流量计',
      sn: `USR${String(4).padStart(17, '0')}`,
      mac: 'D8B04C000104',
    });
    await call('PUT', `iot/users/${foreman.id}/device-grants`, mainToken, {
      grants: [{ deviceId: meter.id, view: true, edit: false, delete: false }],
    });
    await call('POST', 'iot/users', await login(foreman), {
      account: 'helper_wang',
      password: 'Helper#2026',
      confirmPassword: 'Helper#2026',
    });
    const { page, problems, close } = await visit(suite.browser);
    try {
      await signInToIot(page, suite.server.url, foreman);
      await openFromMenu(page, '项目管理', '下级用户');
      const row = page.getByTestId('sub-users-table').locator('tbody tr', { hasText: 'helper_wang' });
      await row.getByRole('button', { name: '设备权限' }).click();
      const drawer = page.locator('.ant-drawer', { has: page.getByTestId('grants-table') });
      await drawer.getByRole('checkbox', { name: '四号流量计 编辑' }).check();
      await drawer.getByTestId('grants-save').click();
      const refusal = zh('grant.beyondOwn', { id: meter.id, right: zh('grant.right.edit') });
      await drawer.getByTestId('grants-refused').getByText(refusal).waitFor();
      await settledShot(page, 'iot-users-grants-refused-zh-CN');
      // Nothing was saved; view alone goes through.
      await drawer.getByRole('checkbox', { name: '四号流量计 编辑' }).uncheck();
      await expect.poll(() => drawer.getByTestId('grants-refused').count()).toBe(0);
      await drawer.getByTestId('grants-save').click();
      await page.getByText('设备权限已保存').waitFor();
      expect(unexpected(problems, /HTTP 403: .*\/api\/iot\/users\/\d+\/device-grants$/)).toEqual([]);
    } catch (error) {
      await screenshot(page, 'iot-users-refusal-failure');
      console.error(problems);
      throw error;
    } finally {
      await close();
    }
  }, 120_000);
});

/** The new sub-user's id, as the database holds it. */
async function subUserId(): Promise<number | undefined> {
  const found = await suite.server.db
    .selectFrom('users')
    .select('id')
    .where('account', '=', SUB.account)
    .executeTakeFirst();
  return found?.id;
}
