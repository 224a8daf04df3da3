import { describe, expect, it } from 'vitest';
import { buildAlarm } from '../../server/src/iot/alarms/testing.ts';
import { buildUser } from '../../server/test/factories.ts';
import { screenshot, visit } from './browser.ts';
import { pickOption } from './dropdowns.ts';
import { api } from './iot-live-walks.ts';
import { IOT_MAIN_ROLE, openFromMenu, signInToIot } from './iot-walks.ts';
import { settledShot } from './portal-admin-walks.ts';
import { portalSuite } from './portal-server.ts';
import { unexpected } from './portal-walks.ts';

const suite = portalSuite();
const ENGINEER_ROLE = 16;

describe('a repair work order from an alarm to the owner’s confirmation', () => {
  it('is created from the alarm in one click, assigned, accepted and completed by the engineer, then confirmed', async () => {
    const { db, url } = suite.server;
    const owner = await buildUser(db, { roleIds: [IOT_MAIN_ROLE], userType: 'main', identityId: null });
    const engineer = await buildUser(db, {
      roleIds: [ENGINEER_ROLE],
      userType: 'sub',
      parentId: owner.id,
      identityId: null,
    });
    const ownerVisit = await visit(suite.browser);
    const engineerVisit = await visit(suite.browser);
    const page = ownerVisit.page;
    try {
      await signInToIot(page, url, owner);
      const device = await api<{ id: number }>(page, url, 'POST', 'iot/devices', {
        name: '三号水泵',
        sn: 'SNWORKORDERWALKAAAAA',
        mac: 'D8B04C123457',
      });
      const alarm = await buildAlarm(db, {
        deviceId: device.id,
        ownerId: owner.id,
        triggerName: '出口压力过高',
        content: '出口压力 9.2 bar，高于上限 8 bar',
        value: '9.2',
      });

      // ---- One click on the alarm: the order opens on the alarm's device with its content.
      await page.goto(`${url}/iot/alarms/record`);
      await page.getByTestId(`alarm-work-order-${alarm}`).click();
      const detail = page.getByTestId('work-order-detail');
      await detail.getByText('出口压力 9.2 bar，高于上限 8 bar').waitFor();
      await detail.getByText('三号水泵 (SNWORKORDERWALKAAAAA)').waitFor();
      await expect.poll(() => detail.getByTestId('work-order-state').innerText()).toBe('待处理');

      // ---- The owner (a work-order administrator too) assigns it to the engineer.
      await page.getByTestId('work-order-assign').click();
      await page.getByTestId('work-order-engineer').click();
      await pickOption(page, `Nick ${engineer.account}`);
      await page.getByTestId('work-order-submit').click();
      await expect.poll(() => detail.getByTestId('work-order-state').innerText()).toBe('已派单');
      const orderUrl = page.url();

      // ---- The engineer accepts and completes it with the result.
      const other = engineerVisit.page;
      await signInToIot(other, url, engineer);
      await other.goto(orderUrl);
      await other.getByTestId('work-order-accept').click();
      const theirs = other.getByTestId('work-order-detail');
      await expect.poll(() => theirs.getByTestId('work-order-state').innerText()).toBe('已接单');
      await other.getByTestId('work-order-complete').click();
      await other.getByTestId('work-order-result').fill('更换出口阀门密封圈，压力恢复 6 bar');
      await other.getByTestId('work-order-submit').click();
      await expect.poll(() => theirs.getByTestId('work-order-state').innerText()).toBe('已完成');

      // ---- The owner confirms: five steps on the timeline, and the list shows it submitted.
      await page.reload();
      await page.getByTestId('work-order-confirm').click();
      await expect.poll(() => detail.getByTestId('work-order-state').innerText()).toBe('已交付用户');
      const steps = page.getByTestId('work-order-timeline').locator('.ant-timeline-item');
      await expect.poll(() => steps.count()).toBe(5);
      await settledShot(page, 'iot-workorder-detail-zh-CN');
      await page.locator('.ant-drawer-close').click();
      await page.getByTestId('work-orders-table').getByText('已交付用户').waitFor();
      await settledShot(page, 'iot-workorder-list-zh-CN');

      await page.getByText('English', { exact: true }).click();
      await openFromMenu(page, 'Maintenance and work orders', 'Work orders');
      await page.getByTestId('work-orders-table').getByText('Submitted to user').waitFor();
      await settledShot(page, 'iot-workorder-list-en');
      await page.getByTestId('work-orders-table').locator('[data-testid^="work-order-open-"]').first().click();
      await page.getByTestId('work-order-timeline').getByText('Confirmed', { exact: false }).waitFor();
      await settledShot(page, 'iot-workorder-detail-en');

      expect(unexpected(ownerVisit.problems)).toEqual([]);
      expect(unexpected(engineerVisit.problems)).toEqual([]);
    } catch (error) {
      await screenshot(page, 'iot-workorder-failure');
      await screenshot(engineerVisit.page, 'iot-workorder-failure-engineer');
      console.error(ownerVisit.problems, engineerVisit.problems);
      throw error;
    } finally {
      await ownerVisit.close();
      await engineerVisit.close();
    }
  }, 60_000);
});
