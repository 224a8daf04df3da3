import { translate } from '@meridian/contracts';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../server/test/factories.ts';
import { screenshot, visit } from './browser.ts';
import { choose, fieldError, IOT_MAIN_ROLE, iotSuite, openFromMenu, signInToIot } from './iot-walks.ts';
import { dialog, settledShot } from './portal-admin-walks.ts';
import { unexpected } from './portal-walks.ts';

const suite = iotSuite();
const zh = (key: string, params?: Record<string, string | number>) => translate(key, 'zh-CN', params);

describe('Device Cloud device groups, projects and batches', () => {
  it('groups devices, runs projects, adds in batches and applies a template to one device', async () => {
    const user = await buildUser(suite.server.db, { roleIds: [IOT_MAIN_ROLE], userType: 'main' });
    const { page, problems, close } = await visit(suite.browser);
    try {
      await signInToIot(page, suite.server.url, user);

      // ---- Device Group: a category and a tag in it; a description over 200 characters is refused.
      await openFromMenu(page, '设备管理', '设备分组');
      await page.getByTestId('tags-page').getByText('已有 0 个分类，最多 5 个').waitFor();
      await page.getByTestId('category-add').click();
      await page.locator('.ant-modal:visible').getByLabel('分类名称').fill('厂区');
      await page
        .locator('.ant-modal:visible')
        .getByRole('button', { name: /确\s?定|OK/ })
        .click();
      await page.getByTestId('tags-page').getByText('已有 1 个分类，最多 5 个').waitFor();
      await page.getByTestId('tag-add').click();
      const tagForm = page.locator('.ant-modal:visible');
      await tagForm.getByLabel('标签名称').fill('一号车间');
      await choose(page, tagForm.getByLabel('分类'), '厂区');
      await tagForm.getByLabel('分组描述').fill('很'.repeat(201));
      await fieldError(tagForm, zh('v.tag.description')).waitFor();
      await tagForm.getByLabel('分组描述').fill('冲压与焊接设备');
      await tagForm.getByRole('button', { name: /确\s?定|OK/ }).click();
      await page.getByText('标签已保存').waitFor();
      await page.getByTestId('tags-table').getByText('一号车间').waitFor();
      await settledShot(page, 'iot-tags-zh-CN');

      // ---- Projects: a manager must be dismissed before the project is deleted.
      await openFromMenu(page, '项目管理', '项目');
      await page.getByTestId('projects-table').getByText('还没有项目').waitFor();
      await page.getByTestId('project-add').click();
      const projectForm = page.locator('.ant-modal:visible');
      await projectForm.getByLabel('项目名称').fill('一号厂区');
      await projectForm.getByLabel('项目经理姓名').fill('张工');
      await projectForm.getByLabel('联系电话').fill('1380013');
      await fieldError(projectForm, zh('v.phone')).waitFor();
      await projectForm.getByLabel('联系电话').fill('13800138000');
      await projectForm.getByRole('button', { name: /确\s?定|OK/ }).click();
      await page.getByText('项目已保存').waitFor();
      const projectRow = page.getByTestId('projects-table').locator('tbody tr', { hasText: '一号厂区' });
      await projectRow.getByText('张工').waitFor();
      await settledShot(page, 'iot-projects-zh-CN');
      await projectRow.getByRole('button', { name: /更多/ }).click();
      await page.getByRole('menuitem', { name: '删除' }).click();
      await dialog(page)
        .getByRole('button', { name: /删\s?除/ })
        .click();
      await page.getByText(zh('project.managerSet')).waitFor();
      await projectRow.getByRole('button', { name: /更多/ }).click();
      await page.getByRole('menuitem', { name: '解除项目经理' }).click();
      await dialog(page).getByRole('button', { name: '解除项目经理' }).click();
      await projectRow.getByText('未设置').waitFor();

      // ---- Add in Batches: 1-100 at once.
      await openFromMenu(page, '设备管理', '设备列表');
      await page.getByTestId('device-batch').click();
      const batch = page.locator('.ant-modal:visible');
      await batch.getByLabel('添加数量').fill('101');
      await fieldError(batch, zh('device.batch.count')).waitFor();
      await batch.getByLabel('添加数量').fill('5');
      await batch.getByLabel('名称前缀').fill('水泵');
      await choose(page, batch.getByLabel('项目分组'), '一号厂区');
      await choose(page, batch.getByLabel('设备标签'), '一号车间');
      await page.keyboard.press('Escape');
      await settledShot(page, 'iot-batch-zh-CN');
      await batch.getByRole('button', { name: /添\s?加/ }).click();
      await page.getByText('已添加 5 台设备').waitFor();
      await page.getByTestId('devices-page').getByText('共 5 条').waitFor();
      const devicesPage = page.getByTestId('devices-page');
      await devicesPage.locator('tbody tr', { hasText: '水泵1' }).getByText('一号车间').waitFor();
      await choose(page, devicesPage.getByLabel('设备标签'), '一号车间');
      await page.getByTestId('devices-search').click();
      await devicesPage.getByText('共 5 条').waitFor();
      await page
        .getByTestId('devices-page')
        .getByRole('button', { name: /重\s?置/ })
        .click();

      // ---- Project Quantity Statistics counts them.
      await openFromMenu(page, '项目管理', '项目数量统计');
      await page
        .getByTestId('project-stats-table')
        .locator('tbody tr', { hasText: '一号厂区' })
        .getByText('5', { exact: true })
        .first()
        .waitFor();
      await settledShot(page, 'iot-project-stats-zh-CN');

      // ---- Single Application: a library template on one device.
      await openFromMenu(page, '设备模板', '内置设备库');
      await page
        .getByTestId('library-table')
        .locator('tbody tr.ant-table-row')
        .first()
        .getByRole('button', { name: /复制到我的模板/ })
        .click();
      await page.waitForURL(/\/iot\/templates\/\d+$/);
      const copied = await page.getByTestId('template-editor').getByLabel('模板名称').inputValue();

      // A template name is checked as it is typed, and one already used is refused beside the name.
      await openFromMenu(page, '设备模板', '我的模板');
      await page.getByTestId('template-add').click();
      const editor = page.getByTestId('template-editor');
      await editor.getByLabel('模板名称').fill('泵站');
      await fieldError(editor, zh('template.name')).waitFor();
      await editor.getByLabel('模板名称').fill(copied);
      await page.getByTestId('slaves-editor').locator('tbody tr').nth(0).locator('input').nth(1).fill('一号从机站');
      await page.getByTestId('template-save').click();
      await fieldError(editor, zh('template.nameTaken', { name: copied })).waitFor();
      await openFromMenu(page, '设备管理', '设备列表');
      await page.getByTestId('devices-table').getByRole('link', { name: '水泵1', exact: true }).click();
      await page.getByTestId('device-apply-template').click();
      await choose(page, page.getByTestId('single-apply-template'), copied);
      await page
        .locator('.ant-modal:visible')
        .getByRole('button', { name: /应\s?用/ })
        .click();
      await page.getByText('模板已应用').waitFor();
      await page.getByTestId('device-fields').getByText(copied).waitFor();

      // Disable, then delete, each after a question.
      await openFromMenu(page, '设备管理', '设备列表');
      const pump = page.getByTestId('devices-table').locator('tbody tr', { hasText: '水泵5' });
      await pump.getByRole('button', { name: /更多/ }).click();
      await page.getByRole('menuitem', { name: '禁用' }).click();
      await dialog(page).getByText('禁用后设备不能上线，也不再采集数据。').waitFor();
      await dialog(page)
        .getByRole('button', { name: /禁\s?用/ })
        .click();
      await pump.getByText('已禁用').waitFor();
      await pump.getByRole('button', { name: /更多/ }).click();
      await page.getByRole('menuitem', { name: '删除' }).click();
      await dialog(page)
        .getByRole('button', { name: /删\s?除/ })
        .click();
      await page.getByTestId('devices-page').getByText('共 4 条').waitFor();

      // ---- The same pages read in English.
      await page.getByText('English', { exact: true }).click();
      await page.getByTestId('devices-page').getByText('4 in all').waitFor();
      await settledShot(page, 'iot-devices-en');
      await page.getByTestId('devices-table').getByRole('link', { name: '水泵1', exact: true }).click();
      await page.getByTestId('device-detail').getByText('Apply template').waitFor();
      await settledShot(page, 'iot-device-detail-en');
      await openFromMenu(page, 'Device templates', 'My templates');
      await page.getByTestId('templates-table').getByRole('link', { name: copied }).click();
      await page.getByTestId('points-editor').locator('tbody tr.ant-table-row').first().waitFor();
      await settledShot(page, 'iot-template-editor-en');

      expect(unexpected(problems, /HTTP 409: .*\/api\/iot\/(projects\/\d+|templates)$/)).toEqual([]);
    } catch (error) {
      // Where the walk stopped, and what the page met on the way, for whoever reads the failure.
      await screenshot(page, 'iot-pages-failure');
      console.error(problems);
      throw error;
    } finally {
      await close();
    }
  }, 300_000);
});
