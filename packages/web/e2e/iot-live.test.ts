import fs from 'node:fs';
import * as XLSX from '@e965/xlsx';
import { translate } from '@meridian/contracts';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../server/test/factories.ts';
import { visit } from './browser.ts';
import { liveSuite, plcWorld } from './iot-live-walks.ts';
import { choose, fieldError, IOT_MAIN_ROLE, openFromMenu, signInToIot } from './iot-walks.ts';
import { dialog, settledShot, spaced } from './portal-admin-walks.ts';
import { awaitText, unexpected } from './portal-walks.ts';

const suite = liveSuite();
const zh = (key: string, params?: Record<string, string | number>) => translate(key, 'zh-CN', params);

describe('a Device Cloud user watching a DTU', () => {
  it('sees it come online, its values change live, writes a set point, debugs it, charts and exports its history', async () => {
    const user = await buildUser(suite.server.db, { roleIds: [IOT_MAIN_ROLE], userType: 'main' });
    const { page, problems, close } = await visit(suite.browser);
    const world = await (async () => {
      await signInToIot(page, suite.server.url, user);
      return plcWorld(page, suite.server.url, suite.server.dtuPort, 'LIVEWALK000000000001');
    })();
    try {
      world.dtu.start();
      await world.dtu.ready();

      // ---- The device page: online, and the Real-time tab fills and moves without a reload.
      await page.goto(`${suite.server.url}/iot/devices/${world.deviceId}`);
      await page.getByTestId('device-detail').getByText('在线').waitFor({ timeout: 15_000 });
      await page.getByRole('tab', { name: '实时数据' }).click();
      await page.locator('[data-testid="live-indicator"][data-state="live"]').waitFor({ timeout: 10_000 });
      const counter = page.getByTestId(`point-value-${world.points.counter}`);
      await expect.poll(async () => Number(await counter.textContent()), { timeout: 10_000 }).toBeGreaterThan(0);
      const first = await counter.textContent();
      const requests: string[] = [];
      page.on('request', (request) => requests.push(request.url()));
      await expect.poll(async () => await counter.textContent(), { timeout: 10_000 }).not.toBe(first);
      // Live values arrive over the socket: the page did not ask the API for them again.
      expect(requests.filter((address) => address.includes('/latest'))).toEqual([]);
      expect(await page.getByTestId(`point-value-${world.points.temperature}`).textContent()).toMatch(/^\d+\.\d$/);
      await settledShot(page, 'iot-live-realtime-zh-CN');

      // ---- Write the set point and see the device's value come back with the next poll.
      const input = `point-input-${world.points.setPoint}`;
      await page.locator(`input[data-testid="${input}"], [data-testid="${input}"] input`).fill('75');
      await page.getByTestId(`point-write-${world.points.setPoint}`).click();
      await dialog(page).getByText('将“压力设定值”设置为 75？').waitFor();
      await dialog(page)
        .getByRole('button', { name: spaced('下发') })
        .click();
      await awaitText(page, '已下发，设备回读后更新显示', problems);
      await expect
        .poll(async () => page.getByTestId(`point-value-${world.points.setPoint}`).textContent(), { timeout: 10_000 })
        .toBe('75');
      // A switch: the pump turns on.
      await page.getByTestId(`point-switch-${world.points.pump}`).click();
      await dialog(page)
        .getByRole('button', { name: spaced('下发') })
        .click();
      await expect
        .poll(async () => page.getByTestId(`point-value-${world.points.pump}`).textContent(), { timeout: 10_000 })
        .toBe('开');

      // A slave that does not answer: the gateway says so in the spec's words, and the value stays.
      await page.locator(`input[data-testid="${input}"], [data-testid="${input}"] input`).fill('80');
      await page.getByTestId(`point-write-${world.points.setPoint}`).click();
      world.dtu.inject('noReply', 4);
      await dialog(page)
        .getByRole('button', { name: spaced('下发') })
        .click();
      await page.getByText(zh('gateway.command.noReply')).waitFor({ timeout: 15_000 });
      // (Polled: a poll the injected faults also hit may blank the cell for a moment, never show 80.)
      await expect
        .poll(async () => page.getByTestId(`point-value-${world.points.setPoint}`).textContent(), { timeout: 10_000 })
        .toBe('75');

      // ---- Data Debugging: the form checks the spec's three rules, then the device answers.
      await page.getByRole('tab', { name: '数据调试' }).click();
      const debug = page.getByTestId('debug-panel');
      await page.getByTestId('debug-send').click();
      await fieldError(debug, zh('gateway.debug.empty')).waitFor();
      await page.getByTestId('debug-payload').fill('01 03 ZZ');
      await fieldError(debug, zh('gateway.debug.notHex')).waitFor();
      await page.getByTestId('debug-payload').fill('0'.repeat(258));
      await fieldError(debug, zh('gateway.debug.tooLong')).waitFor();
      // Read holding register 2 (the set point) of slave 1: 01 03 00 02 00 01 25 CA.
      await page.getByTestId('debug-payload').fill('01 03 00 02 00 01 25 CA');
      await page.getByTestId('debug-send').click();
      await page.getByTestId('debug-reply-hex').getByText('01 03 02 00 4B', { exact: false }).waitFor();
      await settledShot(page, 'iot-live-debug-zh-CN');

      // ---- DTU settings: a registration packet that is not hex is refused beside the field; a merge length saves.
      await page.getByRole('tab', { name: 'DTU 设置' }).click();
      const settings = page.getByTestId('dtu-settings');
      await page.getByTestId('dtu-registration-packet').fill('MERIDIAN');
      await fieldError(settings, zh('gateway.settings.registrationPacket')).waitFor();
      await page.getByTestId('dtu-registration-packet').fill('');
      await page.locator('input[data-testid="dtu-merge-length"], [data-testid="dtu-merge-length"] input').fill('200');
      await fieldError(settings, zh('gateway.settings.mergeLength')).waitFor();
      await page.locator('input[data-testid="dtu-merge-length"], [data-testid="dtu-merge-length"] input').fill('16');
      await page.getByTestId('dtu-save').click();
      await page.getByText('DTU 设置已保存，设备下次连接时生效').waitFor();
      await page.getByRole('tab', { name: '协议' }).click();
      await page.getByText('寄存器合并包长').locator('..').locator('..').getByText('16', { exact: true }).waitFor();

      // ---- Network monitoring: the bytes the gateway counted on this connection.
      await page.getByRole('tab', { name: '网络监控' }).click();
      await page.getByTestId('network-stats').getByText('接收流量').waitFor();
      await settledShot(page, 'iot-live-network-zh-CN');

      // ---- Historical Data: the chart draws, the raw rows page, the export is a real workbook.
      await openFromMenu(page, '设备管理', '历史数据');
      await page.getByTestId('history-page').waitFor();
      await page.getByText('请选择设备').waitFor();
      await choose(
        page,
        page.getByTestId('history-page').locator('.ant-select').first(),
        '一号泵站 (LIVEWALK000000000001)',
      );
      await page.getByTestId('history-quick').getByText('最近 1 小时').click();
      await page.locator('[data-testid="history-chart"][data-drawn="true"]').waitFor({ timeout: 15_000 });
      await page.getByTestId('history-rows').locator('tbody tr.ant-table-row').first().waitFor();
      await settledShot(page, 'iot-live-history-zh-CN');
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('history-export').click()]);
      const file = await download.path();
      const book = XLSX.read(fs.readFileSync(file));
      const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0] ?? ''] ?? {}, { header: 1 });
      expect(rows.length).toBeGreaterThan(2);
      expect(JSON.stringify(rows)).toContain('批次计数');

      // ---- Devices Online/Offline records: the online record is listed.
      await openFromMenu(page, '设备管理', '设备上下线记录');
      const records = page.getByTestId('online-records');
      await records.locator('tbody tr.ant-table-row', { hasText: '一号泵站' }).first().waitFor();
      expect(await records.locator('tbody tr.ant-table-row', { hasText: '上线' }).count()).toBeGreaterThan(0);
      await settledShot(page, 'iot-live-records-zh-CN');

      // ---- DTU manage: the registration is logged with the DTU's address.
      await openFromMenu(page, '网络监控', 'DTU 管理');
      await page
        .getByTestId('dtu-list')
        .locator('tbody tr', { hasText: '一号泵站' })
        .getByText('127.0.0.1', { exact: false })
        .waitFor();
      await page.getByRole('tab', { name: '注册日志' }).click();
      await page.getByTestId('registration-log').getByText(zh('gateway.registration.accepted')).first().waitFor();
      await settledShot(page, 'iot-live-dtu-manage-zh-CN');

      // ---- The same tab in English.
      await page.getByText('English', { exact: true }).click();
      await page.getByRole('tab', { name: 'Registration log' }).waitFor();
      await page.goto(`${suite.server.url}/iot/devices/${world.deviceId}`);
      await page.getByRole('tab', { name: 'Real-time data' }).click();
      await page.getByTestId('live-indicator').getByText('Live').waitFor({ timeout: 10_000 });
      await page.getByRole('columnheader', { name: 'Collected at' }).waitFor();
      await settledShot(page, 'iot-live-realtime-en');
      await page.getByRole('tab', { name: 'Data Debugging' }).click();
      await page.getByTestId('debug-payload').fill('01 0');
      await fieldError(page.getByTestId('debug-panel'), translate('gateway.debug.oddLength', 'en')).waitFor();
      await page.getByText('中文', { exact: true }).click();

      // ---- The DTU drops: the record says why, in the spec's words.
      world.dtu.stop();
      await openFromMenu(page, '设备管理', '设备上下线记录');
      await page.getByTestId('records-search').click();
      await expect
        .poll(
          async () => {
            await page.getByTestId('records-search').click();
            return records.getByText(zh('telemetry.reason.disconnected')).count();
          },
          { timeout: 10_000 },
        )
        .toBeGreaterThan(0);

      // ---- DTU online rate: a bar per day.
      await openFromMenu(page, '网络监控', 'DTU 在线率');
      await choose(
        page,
        page.getByTestId('online-rate-page').locator('.ant-select').first(),
        '一号泵站 (LIVEWALK000000000001)',
      );
      await page.locator('[data-testid="online-rate-chart"][data-drawn="true"]').waitFor({ timeout: 15_000 });
      await settledShot(page, 'iot-live-online-rate-zh-CN');

      // The write the slave did not answer is refused with 504, on purpose.
      expect(
        unexpected(problems, /HTTP 504: .*\/points\/\d+\/write$/, /Failed to load resource: .* status of 504/),
      ).toEqual([]);
    } finally {
      world.dtu.stop();
      await close();
    }
  }, 120_000);
});
