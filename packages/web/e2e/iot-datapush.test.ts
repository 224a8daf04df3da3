import type { Kysely } from 'kysely';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PushReceiver, startPushReceiver } from '../../server/src/iot/datapush/testing.ts';
import type { Database } from '../../server/src/platform/db/schema.ts';
import { buildUser } from '../../server/test/factories.ts';
import { startTestServer } from '../../server/test/server.ts';
import { launchBrowser, visit } from './browser.ts';
import { plcWorld } from './iot-live-walks.ts';
import { IOT_MAIN_ROLE, openFromMenu, signInToIot } from './iot-walks.ts';
import { tokenOf } from './mind-assess-world.ts';
import { settledShot } from './portal-admin-walks.ts';

const SN = 'PUSHWALK000000000001';
let server: { url: string; db: Kysely<Database>; dtuPort: number; close(): Promise<void> };
let browser: Browser;
let receiver: PushReceiver;

beforeAll(async () => {
  receiver = await startPushReceiver();
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
