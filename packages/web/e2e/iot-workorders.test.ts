import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { buildAlarm } from '../../server/src/iot/alarms/testing.ts';
import { samplePoint } from '../../server/src/iot/templates/testing.ts';
import { insertJob } from '../../server/src/platform/jobs/repository.ts';
import { buildUser } from '../../server/test/factories.ts';
import { png } from '../../server/test/files.ts';
import { phone, screenshot, visit } from './browser.ts';
import { pickOption } from './dropdowns.ts';
import { api } from './iot-live-walks.ts';
import { IOT_MAIN_ROLE, openFromMenu, signInToIot } from './iot-walks.ts';
import { settledShot } from './portal-admin-walks.ts';
import { portalSuite } from './portal-server.ts';
import { unexpected } from './portal-walks.ts';

// The job worker runs too: a maintenance plan makes its orders through the jobs table.
const suite = portalSuite({ services: ['api', 'jobs'] });
const ENGINEER_ROLE = 16;

/** A Device Cloud main account and an engineer sub-account under it. */
async function ownerAndEngineer() {
  const { db } = suite.server;
  const owner = await buildUser(db, { roleIds: [IOT_MAIN_ROLE], userType: 'main', identityId: null });
  const engineer = await buildUser(db, {
    roleIds: [ENGINEER_ROLE],
    userType: 'sub',
    parentId: owner.id,
    identityId: null,
  });
  return { owner, engineer };
}

describe('a repair work order from an alarm to the owner’s confirmation', () => {
  it('is created in one click from the alarm a reporting pump fires, assigned, accepted and completed by the engineer, confirmed, and kept in the service record', async () => {
    const { url } = suite.server;
    const { owner, engineer } = await ownerAndEngineer();
    const ownerVisit = await visit(suite.browser);
    const engineerVisit = await visit(suite.browser, {
      ...phone,
      geolocation: { latitude: 31.23042, longitude: 121.47377, accuracy: 10 },
      permissions: ['geolocation'],
    });
    const page = ownerVisit.page;
    try {
      await signInToIot(page, url, owner);
      // A cellular pump reporting over HTTP, with a trigger on its outlet pressure.
      const template = await api<{ id: number; points: Array<{ id: number }> }>(page, url, 'POST', 'iot/templates', {
        name: '水泵监测',
        protocol: 'httpJson',
        slaves: [{ index: 1, name: '水泵控制器', address: 1 }],
        points: [
          samplePoint({
            name: '出口压力',
            registerAddress: '0',
            readWrite: 'readOnly',
            precision: 1,
            unit: 'bar',
            storage: 'timed',
          }),
        ],
      });
      const device = await api<{ id: number }>(page, url, 'POST', 'iot/devices', {
        name: '三号水泵',
        sn: 'SNWORKORDERWALKAAAAA',
        mac: 'D8B04C123457',
        protocol: 'httpJson',
        templateId: template.id,
      });
      await api(page, url, 'POST', 'iot/triggers', {
        name: '出口压力过高',
        scope: 'device',
        deviceId: device.id,
        conditions: [{ kind: 'gt', pointId: template.points[0]?.id, value: 8 }],
        deadZone: 0,
        pushInterval: 0,
      });
      // ---- The pump reports 9.2 bar: the trigger fires an alarm.
      const { token } = await api<{ token: string }>(page, url, 'POST', `iot/devices/${device.id}/ingest-token`);
      const res = await fetch(`${url}/api/iot/ingest`, {
        method: 'POST',
        headers: { authorization: `Device ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ values: { 出口压力: 9.2 } }),
      });
      expect(res.status).toBe(200);

      // ---- One click on the alarm: the order opens on the alarm's device with its content.
      await openFromMenu(page, '报警与触发器', '报警记录');
      const fromAlarm = page.locator('[data-testid^="alarm-work-order-"]');
      await fromAlarm.first().waitFor({ timeout: 15_000 });
      expect(await fromAlarm.count()).toBe(1);
      await fromAlarm.first().click();
      const detail = page.getByTestId('work-order-detail');
      await detail.getByText('三号水泵 出口压力 报警，当前值 9.2 bar', { exact: false }).waitFor();
      await detail.getByText('三号水泵 (SNWORKORDERWALKAAAAA)').waitFor();
      await expect.poll(() => detail.getByTestId('work-order-state').innerText()).toBe('待处理');

      // ---- The owner (a work-order administrator too) assigns it to the engineer.
      await page.getByTestId('work-order-assign').click();
      await page.getByTestId('work-order-engineer').click();
      await pickOption(page, `Nick ${engineer.account}`);
      await page.getByTestId('work-order-submit').click();
      await expect.poll(() => detail.getByTestId('work-order-state').innerText()).toBe('已派单');
      const orderUrl = page.url();

      // ---- The home page: today's alarm and the open order, each card opening its page.
      await page.goto(`${url}/iot/`);
      const alarmsCard = page.getByTestId('home-alarms');
      await expect.poll(() => alarmsCard.innerText()).toMatch(/今日报警\s+1/);
      await alarmsCard.locator('[data-testid="home-alarm-week"][data-drawn="true"]').waitFor();
      const ordersCard = page.getByTestId('home-orders');
      await expect.poll(() => ordersCard.innerText()).toMatch(/未完成\s+1\s+已超时\s+0/);
      await page.getByTestId('home-status-chart').and(page.locator('[data-drawn="true"]')).waitFor();
      await settledShot(page, 'iot-home-zh-CN');
      await ordersCard.getByRole('link', { name: '查看' }).click();
      await page.getByTestId('work-orders-table').getByText('已派单').waitFor();

      // ---- The engineer, on a phone, accepts, checks in on site and completes it with a photo.
      const other = engineerVisit.page;
      await other.goto(`${url}/h5/login`);
      await other.getByTestId('h5-account').fill(engineer.account);
      await other.getByTestId('h5-password').fill(engineer.password);
      await other.getByTestId('h5-sign-in').click();
      // A Device Cloud account's phone home is its work orders.
      await other.getByTestId('h5-orders').getByText('三号水泵', { exact: true }).waitFor();
      await settledShot(other, 'h5-workorders-list-zh-CN');
      await other.getByTestId('h5-orders').getByText('三号水泵', { exact: true }).click();
      await expect.poll(() => other.getByTestId('h5-order-state').innerText()).toContain('待接单');
      await other.getByTestId('h5-order-accept').click();
      await expect.poll(() => other.getByTestId('h5-order-state').innerText()).toContain('处理中');
      await other.getByTestId('h5-order-check-in').click();
      const phoneTimeline = other.getByTestId('h5-order-timeline');
      await phoneTimeline.getByText('31.23042, 121.47377').waitFor();
      await other.getByTestId('h5-order-result').fill('更换出口阀门密封圈，压力恢复 6 bar');
      await other
        .getByTestId('h5-order-photo')
        .setInputFiles({ name: 'seal.png', mimeType: 'image/png', buffer: png(8, 8) });
      await other.locator('.ant-image').first().waitFor();
      await settledShot(other, 'h5-workorder-phone-zh-CN');
      await other.getByTestId('h5-order-complete').click();
      await expect.poll(() => other.getByTestId('h5-order-state').innerText()).toContain('已完成');
      await other.getByText('更换出口阀门密封圈，压力恢复 6 bar', { exact: false }).first().waitFor();
      await settledShot(other, 'h5-workorder-done-zh-CN');

      // ---- The owner confirms: six steps (the check-in among them) on the timeline, and the list shows it submitted.
      await page.goto(orderUrl);
      await page.getByTestId('work-order-confirm').click();
      await expect.poll(() => detail.getByTestId('work-order-state').innerText()).toBe('已交付用户');
      const steps = page.getByTestId('work-order-timeline').locator('.ant-timeline-item');
      await expect.poll(() => steps.count()).toBe(6);
      await page.getByTestId('work-order-check-in').waitFor();
      await settledShot(page, 'iot-workorder-detail-zh-CN');
      await page.locator('.ant-drawer-close').click();
      await page.getByTestId('work-orders-table').getByText('已交付用户').waitFor();
      await settledShot(page, 'iot-workorder-list-zh-CN');

      // ---- The device's service record keeps the repair.
      await page.goto(`${url}/iot/devices/${device.id}`);
      await page.getByRole('tab', { name: '维保记录' }).click();
      const record = page.getByTestId('service-record-orders');
      await record.getByText('当前值 9.2 bar', { exact: false }).waitFor();
      await record.getByText('已交付用户').waitFor();
      await settledShot(page, 'iot-workorder-service-record-zh-CN');

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

describe('a maintenance plan', () => {
  it('makes its work order ahead of time, seen in the list and in the device’s service record', async () => {
    const { url } = suite.server;
    const { owner, engineer } = await ownerAndEngineer();
    const ownerVisit = await visit(suite.browser);
    const page = ownerVisit.page;
    try {
      await signInToIot(page, url, owner);
      const device = await api<{ id: number }>(page, url, 'POST', 'iot/devices', {
        name: '五号风机',
        sn: 'SNPLANWALKAAAAAAAAAA',
        mac: 'D8B04C123458',
      });

      // ---- A monthly plan from three days on, its order made a week ahead: due at once.
      await openFromMenu(page, '维保与工单', '维保计划');
      await page.getByTestId('plan-add').click();
      await page.getByTestId('plan-name').fill('风机季度保养');
      await page.getByTestId('plan-start').click();
      await page.getByTestId('plan-start').fill(dayjs().add(3, 'day').format('YYYY-MM-DD'));
      await page.getByTestId('plan-start').press('Enter');
      await page.getByTestId('plan-devices').click();
      await page.keyboard.type('五号');
      await pickOption(page, '五号风机');
      await page.keyboard.press('Escape');
      await page.getByTestId('plan-engineer').click();
      await pickOption(page, `Nick ${engineer.account}`);
      await page.getByTestId('plan-content').fill('检查轴承润滑与皮带张紧');
      await settledShot(page, 'iot-plan-form-zh-CN');
      await page.getByTestId('plan-save').click();

      // ---- The worker makes the order: the plan waits for maintenance, the order is in the list.
      const table = page.getByTestId('plans-table');
      await table.getByText('风机季度保养').waitFor();
      await expect
        .poll(
          async () => {
            await page.getByTestId('plans-search').click();
            return table.locator('[data-testid^="plan-state-"]').first().innerText();
          },
          { timeout: 15_000 },
        )
        .toBe('待维保');
      await settledShot(page, 'iot-plan-list-zh-CN');
      await openFromMenu(page, '维保与工单', '维修工单');
      const orders = page.getByTestId('work-orders-table');
      await orders.getByText('检查轴承润滑与皮带张紧', { exact: false }).waitFor();
      await orders.getByText('保养', { exact: true }).waitFor();
      await orders.getByText('已派单').waitFor();

      // ---- The device's service record shows the order and the plan.
      await page.goto(`${url}/iot/devices/${device.id}`);
      await page.getByRole('tab', { name: '维保记录' }).click();
      const record = page.getByTestId('service-record');
      await record.getByTestId('service-record-orders').getByText('检查轴承润滑与皮带张紧', { exact: false }).waitFor();
      await record.getByTestId('service-record-plans').getByText('风机季度保养').waitFor();
      await settledShot(page, 'iot-service-record-zh-CN');

      await page.getByText('English', { exact: true }).click();
      await record.getByText('Waiting for maintenance').waitFor();
      await settledShot(page, 'iot-service-record-en');
      await openFromMenu(page, 'Maintenance and work orders', 'Maintenance plans');
      await page.getByTestId('plans-table').getByText('Monthly', { exact: true }).waitFor();
      await settledShot(page, 'iot-plan-list-en');
      await page.getByTestId('plans-table').locator('[data-testid^="plan-edit-"]').first().click();
      await page.getByTestId('plan-name').waitFor();
      await settledShot(page, 'iot-plan-form-en');

      expect(unexpected(ownerVisit.problems)).toEqual([]);
    } catch (error) {
      await screenshot(page, 'iot-plan-failure');
      console.error(ownerVisit.problems);
      throw error;
    } finally {
      await ownerVisit.close();
    }
  }, 60_000);
});

describe('a warranty running out', () => {
  it('gets a maintenance work order from its row on the warranty page', async () => {
    const { url } = suite.server;
    const { owner } = await ownerAndEngineer();
    const ownerVisit = await visit(suite.browser);
    const page = ownerVisit.page;
    try {
      await signInToIot(page, url, owner);
      const ends = dayjs().add(10, 'day').startOf('day');
      const device = await api<{ id: number }>(page, url, 'POST', 'iot/devices', {
        name: '六号空压机',
        sn: 'SNWARRANTYWALKAAAAAA',
        mac: 'D8B04C12345A',
        warrantyStart: ends.subtract(1, 'year').valueOf(),
        warrantyEnd: ends.valueOf(),
      });
      await openFromMenu(page, '设备管理', '保修期管理');
      const row = page.getByTestId('warranty-table').locator('tr', { hasText: '六号空压机' });
      await row.getByText('剩余 10 天').waitFor();
      await row.getByTestId(`warranty-order-${device.id}`).click();
      // The order opens on the device, as maintenance, saying when the warranty ends.
      await expect
        .poll(() => page.getByTestId('work-order-device').inputValue())
        .toBe('六号空压机 (SNWARRANTYWALKAAAAAA)');
      await expect
        .poll(() => page.getByTestId('work-order-description').inputValue())
        .toBe(`保修期 ${ends.format('YYYY-MM-DD')} 到期：请安排维保检查`);
      await settledShot(page, 'iot-warranty-order-zh-CN');
      await page.getByTestId('work-order-save').click();
      const detail = page.getByTestId('work-order-detail');
      await detail.getByText(`保修期 ${ends.format('YYYY-MM-DD')} 到期：请安排维保检查`).waitFor();
      await detail.getByText('保养', { exact: true }).waitFor();
      expect(unexpected(ownerVisit.problems)).toEqual([]);
    } finally {
      await ownerVisit.close();
    }
  });
});

describe('the operation center', () => {
  it('shows yesterday’s figures once the nightly job has run, as charts, a table and an Excel file', async () => {
    const { db, url } = suite.server;
    const { owner } = await ownerAndEngineer();
    const ownerVisit = await visit(suite.browser);
    const page = ownerVisit.page;
    try {
      await signInToIot(page, url, owner);
      // ---- Before the job has counted this account's days: the page says when it will.
      await openFromMenu(page, '运营中心', '运营统计');
      await page.getByTestId('ops-through').waitFor();

      // ---- Yesterday: a device added three days ago raised two alarms, one restored the same day.
      const device = await api<{ id: number }>(page, url, 'POST', 'iot/devices', {
        name: '七号水泵',
        sn: 'SNOPSWALKAAAAAAAAAAA',
        mac: 'D8B04C123459',
      });
      const yesterday = dayjs().subtract(1, 'day').startOf('day').add(9, 'hour').valueOf();
      await db
        .updateTable('devices')
        .set({ created_at: dayjs().subtract(3, 'day').valueOf() })
        .where('id', '=', device.id)
        .execute();
      for (const restored of [yesterday + 3_600_000, null]) {
        const alarm = await buildAlarm(db, {
          deviceId: device.id,
          ownerId: owner.id,
          triggerName: '压力',
          content: '压力高',
        });
        await db
          .updateTable('alarms')
          .set({ fired_at: yesterday, restored_at: restored })
          .where('id', '=', alarm)
          .execute();
      }

      // ---- The job runs through the jobs table, as at 01:00, and counts the days since the device came:
      // the alarms' day among them (17:00 in Beijing, whose next 01:00 has passed at any hour of the walk).
      await db.deleteFrom('ops_runs').execute();
      await insertJob(db, { kind: 'iot.operations.count' });
      const alarmDay = dayjs(yesterday).format('YYYY-MM-DD');
      await expect
        .poll(
          async () =>
            (await db.selectFrom('ops_runs').select('start').where('period', '=', 'day').execute()).map((r) => r.start),
          { timeout: 20_000 },
        )
        .toContain(alarmDay);

      await page.reload();
      await page.getByTestId('ops-total-alarmsRaised').getByText('2').waitFor();
      await page.getByTestId('ops-total-recoveryRate').getByText('50%').waitFor();
      await page.getByTestId('ops-chart-recovery').locator('canvas').waitFor();
      await page.getByTestId('ops-table').getByText(alarmDay).waitFor();
      await settledShot(page, 'iot-operations-zh-CN', { fullPage: true });
      const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('ops-export').click()]);
      expect(file.suggestedFilename()).toMatch(/\.xlsx$/);

      await openFromMenu(page, '运营中心', '日故障恢复率');
      await page.getByTestId('recovery-overall').getByText('50%').waitFor();
      await settledShot(page, 'iot-recovery-zh-CN');

      await page.getByText('English', { exact: true }).click();
      await openFromMenu(page, 'Operation center', 'Operation statistics');
      await page.getByTestId('ops-window').getByText('Last 12 months').click();
      await page.getByTestId('ops-through').getByText('Counted through', { exact: false }).waitFor();
      await settledShot(page, 'iot-operations-months-en', { fullPage: true });
      expect(unexpected(ownerVisit.problems)).toEqual([]);
    } catch (error) {
      await screenshot(page, 'iot-operations-failure');
      console.error(ownerVisit.problems);
      throw error;
    } finally {
      await ownerVisit.close();
    }
  }, 60_000);
});

describe('network monitoring', () => {
  it('lists the weakest device of the fleet and charts its signal on the device page', async () => {
    const { url } = suite.server;
    const { owner } = await ownerAndEngineer();
    const ownerVisit = await visit(suite.browser);
    const page = ownerVisit.page;
    try {
      await signInToIot(page, url, owner);
      // Two cellular devices report over HTTP: a weak CSQ modem and a strong dBm one.
      const report = async (name: string, imei: string, status: { signal: number; battery: number }) => {
        const device = await api<{ id: number }>(page, url, 'POST', 'iot/devices', {
          name,
          sn: `SNNET${imei}`,
          imei,
          protocol: 'httpJson',
        });
        const { token } = await api<{ token: string }>(page, url, 'POST', `iot/devices/${device.id}/ingest-token`);
        const res = await fetch(`${url}/api/iot/ingest`, {
          method: 'POST',
          headers: { authorization: `Device ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ values: {}, status }),
        });
        expect(res.status).toBe(200);
        return device.id;
      };
      const weak = await report('四号井水表', '861234567890123', { signal: 6, battery: 15 });
      await report('五号井水表', '861234567890124', { signal: -61, battery: 90 });

      await openFromMenu(page, '网络监控', '网络概览');
      const weakest = page.getByTestId('network-weakest');
      // The weakest first: the CSQ modem's 6 is -101 dBm.
      await weakest.locator('tbody tr').first().getByText('四号井水表').waitFor();
      await weakest.getByText('-101 dBm').waitFor();
      await page.getByTestId('network-lowBattery').getByText('四号井水表').waitFor();
      await settledShot(page, 'iot-network-fleet-zh-CN');

      await weakest.getByRole('link', { name: '四号井水表' }).click();
      await page.waitForURL(`**/iot/devices/${weak}`);
      await page.getByRole('tab', { name: '网络监控' }).click();
      await page.locator('[data-testid="network-history-chart"][data-drawn="true"]').waitFor();
      expect(new URL(page.url()).pathname).toBe(`/iot/devices/${weak}`);
      await settledShot(page, 'iot-network-device-zh-CN');
      expect(unexpected(ownerVisit.problems)).toEqual([]);
    } catch (error) {
      await screenshot(page, 'iot-network-failure');
      console.error(ownerVisit.problems);
      throw error;
    } finally {
      await ownerVisit.close();
    }
  }, 60_000);
});
