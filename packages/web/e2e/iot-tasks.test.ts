import { translate } from '@meridian/contracts';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../server/test/factories.ts';
import { visit } from './browser.ts';
import { pickOption, pickTitled } from './dropdowns.ts';
import { alarmSuite, input, rows } from './iot-alarms-walks.ts';
import { api, plcWorld } from './iot-live-walks.ts';
import { fieldError, IOT_MAIN_ROLE, openFromMenu, signInToIot } from './iot-walks.ts';
import { settledShot, spaced } from './portal-admin-walks.ts';
import { unexpected } from './portal-walks.ts';

// The gateway and the job worker (which carries out each run) with it: what a deployment runs.
const suite = alarmSuite();
const zh = (key: string, params?: Record<string, string | number>) => translate(key, 'zh-CN', params);

describe('a Device Cloud user with a timed task on a simulated DTU', () => {
  it('makes a task that writes a set point every second, sees its runs in the Execution Record, pauses it and reads its log', async () => {
    const user = await buildUser(suite.server.db, { roleIds: [IOT_MAIN_ROLE], userType: 'main' });
    const { page, problems, close } = await visit(suite.browser);
    await signInToIot(page, suite.server.url, user);
    const world = await plcWorld(page, suite.server.url, suite.server.dtuPort, 'TASKWALK000000000001');
    const setPoint = () => world.dtu.options.slaves?.[0]?.value('Set point');
    try {
      world.dtu.start();
      await world.dtu.ready();

      // ---- Timed Tasks: empty, then the form refuses what is missing, in the spec's words.
      await openFromMenu(page, '定时任务', '定时任务');
      await page.getByTestId('tasks-table').getByText('还没有定时任务').waitFor();
      await settledShot(page, 'iot-tasks-list-empty-zh-CN');
      await page.getByTestId('task-add').click();
      const form = page.getByTestId('task-form');
      await page.getByTestId('task-save').click();
      await fieldError(form, '请输入任务名称').waitFor();
      await fieldError(form, zh('timedTask.target.device')).waitFor();

      // ---- Every second from now, the set point to 55.
      await input(page, 'task-name').fill('夜间压力设定');
      await page.getByTestId('task-device-0').click();
      await pickOption(page, '一号泵站');
      await page.getByTestId('task-point-0').click();
      await pickTitled(page, '压力设定值 (kPa)');
      await input(page, 'task-value-0').fill('55');
      await page.getByTestId('task-unit').click();
      await pickTitled(page, '秒');
      await settledShot(page, 'iot-tasks-form-zh-CN');
      await page.getByTestId('task-save').click();
      await page.getByText('定时任务已保存').waitFor();
      const task = rows(page, 'tasks-table').filter({ hasText: '夜间压力设定' });
      await task.getByText('每 1 秒').waitFor();
      await task.getByText('执行中').waitFor();

      // ---- The runs reach the PLC, and the Execution Record lists them with the outcome.
      await expect.poll(setPoint, { timeout: 15_000 }).toBe(55);
      await openFromMenu(page, '定时任务', '执行记录');
      const records = rows(page, 'task-records-table').filter({ hasText: '成功' });
      await expect
        .poll(
          async () => {
            await page.getByTestId('task-records-search').click();
            await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached' });
            return records.count();
          },
          { timeout: 20_000 },
        )
        .toBeGreaterThanOrEqual(3);
      await records.first().getByText('压力设定值').waitFor();
      await settledShot(page, 'iot-tasks-records-zh-CN');

      await openFromMenu(page, '定时任务', '任务监控');
      await rows(page, 'task-monitor-table').filter({ hasText: '夜间压力设定' }).getByText('0%').waitFor();
      await settledShot(page, 'iot-tasks-monitor-zh-CN');
      await page.getByTestId('monitor-outcome').click();
      await pickOption(page, '最近执行失败');
      await page.getByTestId('monitor-search').click();
      await page.getByTestId('task-monitor-page').getByText('没有执行中的任务').waitFor();
      await page.getByTestId('monitor-outcome').click();
      await pickOption(page, '最近执行成功');
      await page.getByTestId('monitor-search').click();
      await rows(page, 'task-monitor-table').filter({ hasText: '夜间压力设定' }).waitFor();

      // ---- Cloud configuration off: the list says why the task does not act; then pause.
      await api(page, suite.server.url, 'PUT', `iot/devices/${world.deviceId}`, { cloudConfig: false });
      await openFromMenu(page, '定时任务', '定时任务');
      await page.getByTestId('tasks-search').click();
      await task.getByText(zh('timedTask.suspended', { devices: '一号泵站' })).waitFor();
      await task.getByRole('button', { name: spaced('暂停') }).click();
      await task.getByText('已暂停').waitFor();
      await settledShot(page, 'iot-tasks-list-zh-CN');

      await openFromMenu(page, '定时任务', '执行日志');
      const log = rows(page, 'task-log-table');
      await log.filter({ hasText: '暂停任务' }).waitFor();
      await log.filter({ hasText: '创建任务' }).waitFor();
      await settledShot(page, 'iot-tasks-log-zh-CN');

      // ---- The same pages in English.
      await page.getByText('English', { exact: true }).click();
      // The area stays open across the switch: its pages are there, now in English.
      const recordItem = page.getByTestId('iot-menu').getByRole('menuitem', { name: 'Execution Record', exact: true });
      await recordItem.waitFor();
      await recordItem.click();
      await rows(page, 'task-records-table').first().getByText('Success').waitFor();
      await settledShot(page, 'iot-tasks-records-en');
      await openFromMenu(page, 'Timed tasks', 'Timed Tasks');
      await rows(page, 'tasks-table').getByText('Paused').waitFor();
      // What the server words (the schedule, why a task does not act) follows the switch too.
      const suspendedEn = translate('timedTask.suspended', 'en', { devices: '一号泵站' });
      await rows(page, 'tasks-table').getByText(suspendedEn).waitFor();
      await settledShot(page, 'iot-tasks-list-en');
      await rows(page, 'tasks-table').getByRole('button', { name: 'Edit' }).click();
      await page.getByTestId('task-suspended').getByText(suspendedEn).waitFor();
      await settledShot(page, 'iot-tasks-form-en');
      await page.locator('.ant-drawer').getByRole('button', { name: 'Cancel' }).click();
      expect(unexpected(problems)).toEqual([]);
    } finally {
      world.dtu.stop();
      await close();
    }
  }, 60_000);
});
