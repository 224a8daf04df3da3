import type { DataPushAlarmBody } from '@meridian/contracts';
import type { Kysely } from 'kysely';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PushReceiver, startPushReceiver } from '../../server/src/iot/datapush/testing.ts';
import type { Database } from '../../server/src/platform/db/schema.ts';
import { buildUser } from '../../server/test/factories.ts';
import { startTestServer } from '../../server/test/server.ts';
import { launchBrowser, visit } from './browser.ts';
import { api, plcWorld } from './iot-live-walks.ts';
import { IOT_MAIN_ROLE, openFromMenu, signInToIot } from './iot-walks.ts';
import { tokenOf } from './mind-assess-world.ts';
import { settledShot } from './portal-admin-walks.ts';

const SN = 'PUSHWALK000000000001';
let server: { url: string; db: Kysely<Database>; dtuPort: number; close(): Promise<void> };
let browser: Browser;
let receiver: PushReceiver;
let alarmReceiver: PushReceiver;

beforeAll(async () => {
  receiver = await startPushReceiver();
  alarmReceiver = await startPushReceiver();
  // The outbox runs in this server too (`jobs`), so a report reaches the receiver on its own.
  const started = await startTestServer(
    { ADMIN_PASSWORD: 'Admin#2026', DATA_PUSH_URL_PREFIX: 'http://127.0.0.1' },
    { services: ['api', 'gateway', 'jobs'] },
  );
  server = { url: started.url, db: started.db, dtuPort: started.dtuPort ?? 0, close: started.close };
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await receiver?.close();
  await alarmReceiver?.close();
});

/** A call of the API as `token`, in Chinese; returns the envelope whatever its code. */
async function call(token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.url}/api/${path}`, {
    method,
    headers: { 'x-authorization': token, 'accept-language': 'zh-CN', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as { code: number; message: string; data: { id: number; secret: string } };
}

describe("a Device Cloud customer's data push", () => {
  it('sees the push an administrator made, a device reports, the receiver gets signed values, the page shows the delivery', async () => {
    const user = await buildUser(server.db, { roleIds: [IOT_MAIN_ROLE], userType: 'main' });
    const admin = await buildUser(server.db, { roleIds: [5], superAdmin: true });
    const target = { ownerId: user.id, name: '工厂 ERP', url: receiver.url };

    // ---- The customer may not make one; the platform's administrator makes it for them.
    const refused = await call(await tokenOf(server.url, user), 'POST', 'iot/data-push', target);
    expect(refused.message).toBe('数据推送已不再支持新建（请联系销售）');
    const created = await call(await tokenOf(server.url, admin), 'POST', 'iot/data-push', target);
    expect(created.code, created.message).toBe(200);
    receiver.state.secret = created.data.secret;

    const { page, close } = await visit(browser);
    try {
      await signInToIot(page, server.url, user);
      await openFromMenu(page, '系统设置', '数据推送');
      await page.getByTestId('datapush-page').waitFor();
      const row = page.getByTestId('datapush-list').locator('tbody tr', { hasText: '工厂 ERP' });
      await row.getByText('推送中').waitFor();
      await row.getByText('尚未发送').waitFor();

      // ---- The pump station's DTU reports; its values reach the receiver, signed.
      const world = await plcWorld(page, server.url, server.dtuPort, SN);
      world.dtu.start();
      try {
        await world.dtu.ready();
        await expect.poll(() => receiver.state.received.length, { timeout: 20_000 }).toBeGreaterThan(0);
      } finally {
        world.dtu.stop();
      }
      const [first] = receiver.state.received;
      expect(first?.signed).toBe(true);
      expect(first?.body.devices[0]).toMatchObject({ deviceId: world.deviceId, sn: SN, name: '一号泵站' });
      expect(first?.body.devices[0]?.values.map((v) => v.name)).toContain('出水温度');

      // ---- The page shows the delivery and when the push last delivered.
      await row.getByText('尚未发送').waitFor({ state: 'detached', timeout: 15_000 });
      await row.locator('.ant-table-row-expand-icon').click();
      const deliveries = page.getByTestId('datapush-deliveries');
      await deliveries.getByTestId('datapush-delivery-sent').first().waitFor();
      await expect(deliveries.getByText('HTTP 200').first().isVisible()).resolves.toBe(true);
      await settledShot(page, 'datapush-page-zh-CN');

      // ---- Paused by the customer: the page says so.
      await row.getByTestId('datapush-toggle').click();
      await row.getByText('已由用户暂停').waitFor();
      await expect(row.getByTestId('datapush-toggle').innerText()).resolves.toContain('恢复');
      await settledShot(page, 'datapush-paused-zh-CN');
    } finally {
      await close();
    }
  });
});

describe("a platform administrator's data push form", () => {
  it('adds a push of alarms for an account; the alarm raised on its device reaches the receiver, signed', async () => {
    const user = await buildUser(server.db, { roleIds: [IOT_MAIN_ROLE], userType: 'main' });
    const admin = await buildUser(server.db, { roleIds: [IOT_MAIN_ROLE], superAdmin: true });
    const adminPage = await visit(browser);
    const userPage = await visit(browser);
    try {
      // ---- The administrator adds the target from the page: account, URL, alarms only.
      const page = adminPage.page;
      await signInToIot(page, server.url, admin);
      await openFromMenu(page, '系统设置', '数据推送');
      await page.getByTestId('datapush-add').click();
      const form = page.getByTestId('datapush-form');
      await form.getByTestId('user-picker').click();
      await page.keyboard.type(user.account);
      await page.locator('.ant-select-item-option', { hasText: user.account }).click();
      await form.getByTestId('datapush-name').fill('告警接收');
      // A URL outside the prefix is refused under its field, in words.
      await form.getByTestId('datapush-url').fill('https://elsewhere.example.com/push');
      await form.getByTestId('datapush-values').uncheck();
      await form.getByTestId('datapush-alarms').check();
      await page.getByTestId('datapush-save').click();
      await form.getByText('数据推送地址必须以 http://127.0.0.1 开头').waitFor();
      await settledShot(page, 'datapush-admin-form-zh-CN');
      await form.getByTestId('datapush-url').fill(alarmReceiver.url);
      await page.getByTestId('datapush-save').click();
      const secret = page.getByTestId('datapush-secret');
      await secret.waitFor();
      alarmReceiver.state.secret = (await secret.innerText()).trim();
      await page.getByTestId('datapush-secret-done').click();
      const row = page.getByTestId('datapush-list').locator('tbody tr', { hasText: '告警接收' });
      await row.getByTestId('datapush-what').getByText('告警（产生、恢复）').waitFor();
      await row.getByText(user.account, { exact: true }).waitFor();
      await expect(row.getByTestId('datapush-what').innerText()).resolves.not.toContain('设备数据');

      // ---- The account's device crosses its trigger: the alarm is pushed.
      await signInToIot(userPage.page, server.url, user);
      const world = await plcWorld(userPage.page, server.url, server.dtuPort, 'PUSHWALK000000000002');
      await api(userPage.page, server.url, 'POST', 'iot/triggers', {
        name: '出水温度告警',
        pushInterval: 0,
        scope: 'device',
        deviceId: world.deviceId,
        conditions: [{ kind: 'gt', pointId: world.points.temperature, value: -1000 }],
      });
      world.dtu.start();
      try {
        await world.dtu.ready();
        await expect.poll(() => alarmReceiver.state.received.length, { timeout: 20_000 }).toBeGreaterThan(0);
      } finally {
        world.dtu.stop();
      }
      const [pushed] = alarmReceiver.state.received;
      expect(pushed?.signed).toBe(true);
      const body = pushed?.body as unknown as DataPushAlarmBody;
      expect(body.kind).toBe('alarm');
      expect(body.alarm).toMatchObject({ event: 'raised', deviceId: world.deviceId, trigger: '出水温度告警' });

      // ---- The administrator's page lists the delivery as an alarm event, delivered.
      await row.locator('.ant-table-row-expand-icon').click();
      const deliveries = page.getByTestId('datapush-deliveries');
      await deliveries.getByTestId('datapush-delivery-sent').first().waitFor({ timeout: 15_000 });
      await deliveries.getByText('告警事件').first().waitFor();
      await settledShot(page, 'datapush-admin-alarms-zh-CN');
    } finally {
      await userPage.close();
      await adminPage.close();
    }
  });
});
