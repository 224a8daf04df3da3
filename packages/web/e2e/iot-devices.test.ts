import fs from 'node:fs';
import * as XLSX from '@e965/xlsx';
import { formulaProblem, translate } from '@meridian/contracts';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../server/test/factories.ts';
import { screenshot, visit } from './browser.ts';
import { choose, fieldError, IOT_MAIN_ROLE, iotSuite, openFromMenu, signInToIot, tempFile } from './iot-walks.ts';
import { settledShot } from './portal-admin-walks.ts';
import { unexpected } from './portal-walks.ts';

const suite = iotSuite();
const zh = (key: string, params?: Record<string, string | number>) => translate(key, 'zh-CN', params);

/** An xlsx of devices as a person fills the import template: name, SN, MAC, where the device is, and its model. */
function importFile(rows: Array<[string, string, string, number, number, string?]>): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet([['*设备名称', 'SN', 'MAC', '纬度', '经度', '设备型号(模板名称)'], ...rows]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, '设备导入');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

const sn = (n: number) => `IMP${String(n).padStart(17, '0')}`;
const mac = (n: number) => `D8B04C${n.toString(16).toUpperCase().padStart(6, '0')}`;

describe('a new Device Cloud user', () => {
  it('creates a template, imports 100 devices, applies the template and finds them on the map', async () => {
    const user = await buildUser(suite.server.db, { roleIds: [IOT_MAIN_ROLE], userType: 'main' });
    // A neutral member (1,000 slaves): a two-slave template on 100 devices is 200 slaves, beyond a
    // non-member's 10 and a level-1 member's 100 (decision 0079).
    await suite.server.db.updateTable('users').set({ vip_level: 2 }).where('id', '=', user.id).execute();
    const { page, problems, close } = await visit(suite.browser);
    try {
      await signInToIot(page, suite.server.url, user);

      // ---- Add Template: two slaves, points of several formats, one float32 CD AB.
      await openFromMenu(page, '设备模板', '我的模板');
      await page.getByTestId('templates-page').getByText('还没有模板').waitFor();
      await settledShot(page, 'iot-templates-empty-zh-CN');
      await page.getByTestId('template-add').click();
      const editor = page.getByTestId('template-editor');
      await editor.getByLabel('模板名称').fill('锅炉房 DTU 模板');
      const slaves = page.getByTestId('slaves-editor');
      await slaves.locator('tbody tr').nth(0).locator('input').nth(1).fill('温湿度变送器');
      await page.getByTestId('slave-add').click();
      await slaves.locator('tbody tr').nth(1).locator('input').nth(1).fill('电磁流量计A');
      const points = page.getByTestId('points-editor');
      const row = (n: number) => points.locator('.ant-table-tbody tr.ant-table-row').nth(n);
      await page.getByTestId('point-add').click();
      await row(0).locator('input').nth(1).fill('环境温度值');
      await row(0).getByPlaceholder('x * 0.1').fill('x * 0.1');
      await page.getByTestId('point-add').click();
      await row(1).locator('input').nth(1).fill('环境湿度值');
      // A formula that does not parse is named where it goes wrong, as the server would.
      await row(1).getByPlaceholder('x * 0.1').fill('x * (0.1');
      const problem = formulaProblem('x * (0.1');
      expect(problem).not.toBeNull();
      await fieldError(points, zh(problem?.key ?? '', problem?.params)).waitFor();
      await row(1).getByPlaceholder('x * 0.1').fill('x * 0.1');
      await page.getByTestId('point-add').click();
      await choose(page, row(2).locator('.ant-select').nth(0), '2 电磁流量计A');
      await row(2).locator('input').nth(1).fill('瞬时流量值');
      await row(2).getByPlaceholder('0x0000').fill('0x1010');
      await choose(page, row(2).getByTestId('point-variant-2'), '32 位浮点 CD AB');
      expect(await row(2).locator('.ant-input-number input').nth(0).inputValue()).toBe('2');
      await page.getByTestId('point-add').click();
      await row(3).locator('input').nth(1).fill('累计流量值');
      await choose(page, row(3).getByTestId('point-variant-3'), '32 位无符号 CD AB');
      await settledShot(page, 'iot-template-editor-zh-CN');
      await page.getByTestId('template-save').click();
      await page.getByText('模板已保存').waitFor();
      await page.waitForURL(/\/iot\/templates\/\d+$/);

      // ---- The built-in device library: browse, view the points, copy one into my templates.
      await openFromMenu(page, '设备模板', '内置设备库');
      const library = page.getByTestId('library-table');
      await library.locator('tbody tr.ant-table-row').first().waitFor();
      expect(await library.locator('tbody tr.ant-table-row').count()).toBeGreaterThanOrEqual(4);
      await settledShot(page, 'iot-library-zh-CN');
      await library.locator('tbody tr.ant-table-row').first().getByRole('button', { name: '查看数据点' }).click();
      await page.locator('.ant-drawer').getByTestId('points-view').locator('tbody tr.ant-table-row').first().waitFor();
      await settledShot(page, 'iot-library-points-zh-CN');
      await page
        .locator('.ant-drawer')
        .getByRole('button', { name: /复制到我的模板/ })
        .click();
      await page
        .getByText(/已复制为/)
        .first()
        .waitFor();
      await page.waitForURL(/\/iot\/templates\/\d+$/);
      await openFromMenu(page, '设备模板', '我的模板');
      // The list refetches after the copy: on a busy machine that takes longer than the poll's default second.
      await expect
        .poll(() => page.getByTestId('templates-table').locator('tbody tr.ant-table-row').count(), { timeout: 15_000 })
        .toBe(2);

      // ---- Add Device by SN, with the form's rules: a 7-character communication password is refused.
      await openFromMenu(page, '设备管理', '设备列表');
      await page.getByTestId('devices-table').getByText('还没有设备').waitFor();
      await page.getByTestId('device-add').click();
      const form = page.getByTestId('device-form');
      await form.getByLabel('设备名称').fill('锅炉房 DTU');
      await form.getByLabel('SN', { exact: true }).fill('BOILER00000000000001');
      await form.getByLabel('通讯密码').fill('Pa55wor');
      await fieldError(form, zh('device.password.length')).waitFor();
      await page.getByTestId('device-save').click();
      await fieldError(form, zh('device.sn.needsMacOrImei')).waitFor();
      await form.getByLabel('SN', { exact: true }).fill('BOILER-1');
      await fieldError(form, zh('device.sn.format')).waitFor();
      await form.getByLabel('SN', { exact: true }).fill('BOILER00000000000001');
      await form.getByLabel('MAC', { exact: true }).fill('D8:B0:4C:00:00:01');
      await form.getByLabel('通讯密码').fill('Pa55word');
      await form.getByLabel('纬度').fill('31.2304');
      await form.getByLabel('经度').fill('121.4737');
      await settledShot(page, 'iot-device-add-zh-CN');
      await page.getByTestId('device-save').click();
      await page.getByText('设备已添加').waitFor();
      await page.getByTestId('devices-table').getByRole('link', { name: '锅炉房 DTU' }).waitFor();

      // ---- Excel Batch Import: a file with bad rows imports nothing and reports each one.
      await page.getByTestId('device-import').click();
      const dialog = page.getByTestId('import-dialog');
      // The downloaded template lists my templates by name on its second sheet.
      const [sample] = await Promise.all([page.waitForEvent('download'), page.getByTestId('import-template').click()]);
      const book = XLSX.read(fs.readFileSync(await sample.path()));
      expect(book.SheetNames[1]).toBe('模板');
      const listed = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[1] ?? ''] ?? {}, { header: 1 });
      expect(listed[0]).toEqual(['模板名称', '模板ID']);
      expect(listed.map((r) => r[0])).toContain('锅炉房 DTU 模板');
      const bad = importFile([
        ['好设备', sn(1), mac(1), 31.1, 121.1],
        ['短SN设备', 'SHORT', mac(2), 31.2, 121.2],
        ['', sn(3), mac(3), 31.3, 121.3],
        ['错型号设备', sn(4), mac(4), 31.4, 121.4, '锅炉模板'],
      ]);
      await dialog.locator('input[type=file]').setInputFiles(tempFile('bad.xlsx', bad));
      const report = page.getByTestId('import-report');
      await report.locator('tbody tr', { hasText: zh('device.sn.format') }).waitFor();
      expect(await report.locator('tbody tr').filter({ hasText: /^3/ }).count()).toBeGreaterThanOrEqual(1);
      // A model named wrong: the report names the templates there are.
      await report
        .locator('tbody tr', { hasText: '没有名为“锅炉模板”的模板，可填写的模板：' })
        .filter({ hasText: '锅炉房 DTU 模板' })
        .filter({ hasText: '设备型号（模板）' })
        .waitFor();
      await page.getByTestId('import-refused').getByText(zh('device.import.invalid')).waitFor();
      await settledShot(page, 'iot-import-report-zh-CN');

      const good = importFile(
        Array.from({ length: 100 }, (_v, i) => [
          `导入设备-${i + 1}`,
          sn(i + 1),
          mac(i + 1),
          30 + (i % 10) * 0.3,
          114 + Math.floor(i / 10) * 0.4,
        ]),
      );
      await dialog.locator('input[type=file]').setInputFiles(tempFile('devices.xlsx', good));
      await page.getByTestId('import-done').getByText('导入成功：100 台设备').waitFor();
      await page.keyboard.press('Escape');
      await page.getByTestId('devices-page').getByText('共 101 条').waitFor();

      // ---- Template Application: the new template on the 100 imported devices.
      await openFromMenu(page, '设备模板', '我的模板');
      await page
        .getByTestId('templates-table')
        .locator('tbody tr', { hasText: '锅炉房 DTU 模板' })
        .getByRole('button', { name: '模板应用' })
        .click();
      const apply = page.getByTestId('apply-dialog');
      await apply.getByPlaceholder('设备名称 / SN / 编号').fill('导入设备');
      await apply.getByPlaceholder('设备名称 / SN / 编号').press('Enter');
      await apply.getByText('共 100 条').waitFor();
      await choose(page, apply.locator('.ant-pagination-options .ant-select'), '100 条/页');
      await apply.locator('tbody tr.ant-table-row').nth(99).waitFor();
      await apply.locator('thead .ant-checkbox-input').check();
      await apply.getByText('已选 100 台').waitFor();
      await settledShot(page, 'iot-template-application-zh-CN');
      await page.getByRole('button', { name: '应用到 100 台设备' }).click();
      await page.getByText('已为 100 台设备应用模板').waitFor();
      await page
        .getByTestId('templates-table')
        .locator('tbody tr', { hasText: '锅炉房 DTU 模板' })
        .getByText('100', { exact: true })
        .waitFor();

      // ---- The device list: 101 devices, paged, filtered by status.
      await openFromMenu(page, '设备管理', '设备列表');
      const list = page.getByTestId('devices-page');
      await list.getByText('共 101 条').waitFor();
      expect(await page.getByTestId('devices-table').locator('tbody tr.ant-table-row').count()).toBe(20);
      await settledShot(page, 'iot-devices-zh-CN');
      await choose(page, list.getByLabel('状态', { exact: true }), '在线');
      await page.getByTestId('devices-search').click();
      await page.getByTestId('devices-table').getByText('没有符合条件的设备').waitFor();
      await choose(page, list.getByLabel('状态', { exact: true }), '离线');
      await page.getByTestId('devices-search').click();
      await list.getByText('共 101 条').waitFor();
      // The filtered list, exported to Excel: a header and one row per device.
      const download = page.waitForEvent('download');
      await page.getByTestId('device-export').click();
      const saved = await (await download).path();
      const exported = XLSX.read(fs.readFileSync(saved));
      const sheet = exported.Sheets[exported.SheetNames[0] ?? ''];
      expect(sheet && XLSX.utils.sheet_to_json(sheet).length).toBe(101);

      // ---- A device's detail: its fields, its template's points with an honest "no data".
      await list.getByPlaceholder('设备名称 / SN / 编号').fill(sn(1));
      await page.getByTestId('devices-search').click();
      await list.getByText('共 1 条').waitFor();
      await page.getByTestId('devices-table').getByRole('link', { name: '导入设备-1', exact: true }).click();
      const detail = page.getByTestId('device-detail');
      await detail.getByText(sn(1)).waitFor();
      await detail.getByText('锅炉房 DTU 模板').waitFor();
      await detail.getByRole('tab', { name: '实时数据' }).click();
      await detail.getByText('瞬时流量值').waitFor();
      expect(await detail.getByText('暂无数据', { exact: true }).count()).toBe(4);
      await settledShot(page, 'iot-device-detail-zh-CN');
      await detail.getByRole('tab', { name: '历史数据' }).click();
      await page.getByTestId('tab-empty-history').waitFor();

      // ---- Devices Map: tiles from the local tile server, one marker per located device.
      const tilesBefore = suite.tiles.served();
      await openFromMenu(page, '设备管理', '设备地图');
      await page.getByTestId('map-count').getByText('地图上 101 台设备').waitFor();
      await expect.poll(() => page.locator('path.device-marker').count()).toBe(101);
      await expect.poll(() => suite.tiles.served()).toBeGreaterThan(tilesBefore);
      // A click while the map still settles can land nowhere: click again until the popup opens (bounded).
      const popupLink = page.getByTestId('map-popup').getByText('查看设备');
      for (let attempt = 0; attempt < 10 && !(await popupLink.isVisible()); attempt++) {
        await page.locator('path.device-marker').first().click({ force: true });
        await popupLink.waitFor({ timeout: 2_000 }).catch(() => undefined);
      }
      await popupLink.waitFor();
      await settledShot(page, 'iot-map-zh-CN');
      await page.getByTestId('map-popup').getByText('查看设备').click();
      await page.getByTestId('device-detail').waitFor();

      // ---- The other pages open with their data.
      await openFromMenu(page, '设备管理', '设备概览');
      await page.getByTestId('count-total').getByText('101').waitFor();
      await settledShot(page, 'iot-overview-zh-CN');
      await openFromMenu(page, '设备管理', '保修期管理');
      await page.getByTestId('warranty-page').waitFor();
      await settledShot(page, 'iot-warranty-zh-CN');

      // Leaflet drops the tiles it no longer needs when the view moves on (fitting the markers, leaving the page).
      const settledTiles = problems.filter((p) => !/\/api\/iot\/map\/tiles\/.* net::ERR_ABORTED$/.test(p));
      expect(unexpected(settledTiles, /HTTP 400: .*\/api\/iot\/devices\/import$/)).toEqual([]);
    } catch (error) {
      // Where the walk stopped, and what the page met on the way, for whoever reads the failure.
      await screenshot(page, 'iot-devices-failure');
      console.error(problems);
      throw error;
    } finally {
      await close();
    }
  }, 300_000);
});
