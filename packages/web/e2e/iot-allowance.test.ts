import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthOf } from '../../server/src/iot/billing/allowance.ts';
import { notifyAlarm, setTriggerRecipients } from '../../server/src/iot/notify/index.ts';
import { firing } from '../../server/src/iot/notify/testing.ts';
import { buildUser } from '../../server/test/factories.ts';
import { launchBrowser, visit } from './browser.ts';
import { api } from './iot-live-walks.ts';
import { IOT_MAIN_ROLE, openFromMenu, signInToIot } from './iot-walks.ts';
import { settledShot } from './portal-admin-walks.ts';
import { type PortalServer, startPortalServer } from './portal-server.ts';
import { unexpected } from './portal-walks.ts';

const PHONE = '13912345678';
const REFUSED = '本月短信已用完：请购买短信包';
let server: PortalServer;
let browser: Browser;

beforeAll(async () => {
  // The platform's Aliyun SMS (the signed stand-in) carries alarms of accounts without their own.
  server = await startPortalServer(
    { ALARM_SMS_TEMPLATE_CODE: 'SMS_ALARM' },
    { sms: 'aliyun', services: ['api', 'jobs'] },
  );
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe("a level-1 member's alarm SMS through the platform, counted against the month", () => {
  it('sends the last SMS of the month, refuses the next in words, and shows the use on the membership page', async () => {
    const { db, url } = server;
    const owner = await buildUser(db, { roleIds: [IOT_MAIN_ROLE], userType: 'main', identityId: null });
    await db.updateTable('users').set({ vip_level: 1 }).where('id', '=', owner.id).execute();
    // The member has sent 199 of its 200 alarm SMS this month already.
    await db
      .insertInto('iot_message_usage')
      .values({ account_id: owner.id, month: monthOf(Date.now()), channel: 'sms', used: 199 })
      .execute();
    const { page, problems, close } = await visit(browser);
    try {
      await signInToIot(page, url, owner);
      await openFromMenu(page, '订单与充值', '会员服务');
      const sms = page.getByTestId('membership-sms');
      await sms.getByText('本月已用 199 / 200，消息包剩余 0 条').waitFor();

      // ---- A device and a contact reached by SMS, with no SMS settings of the account's own.
      const device = await api<{ id: number }>(page, url, 'POST', 'iot/devices', {
        name: 'Pump DTU',
        sn: 'ALLOWANCE00000000001',
        mac: 'D8B04C123456',
      });
      const contact = await api<{ id: number }>(page, url, 'POST', 'iot/contacts', {
        name: 'Wang',
        phone: PHONE,
        channels: ['sms'],
      });
      // Two alarms of a trigger reaching the contact (the alarm engine's call, made here).
      const triggerId = 900_001;
      await db
        .transaction()
        .execute((trx) => setTriggerRecipients(trx, triggerId, owner.id, { contactIds: [contact.id], groupIds: [] }));
      for (const alarmId of [900_001, 900_002]) {
        await db.transaction().execute((trx) => notifyAlarm(trx, firing(alarmId, triggerId, device.id)));
      }
      const states = () =>
        db
          .selectFrom('notify_deliveries')
          .select('state')
          .where('owner_id', '=', owner.id)
          .orderBy('alarm_id')
          .execute()
          .then((rows) => rows.map((r) => r.state));
      await expect.poll(states, { timeout: 20_000 }).toEqual(['sent', 'failed']);
      expect(server.sms.countTo(PHONE)).toBe(1);

      // ---- The delivery log says why the second was not sent; the membership page shows the month used up.
      await page.goto(`${url}/iot/alarms/notifications`);
      await page.getByTestId('deliveries-table').getByText(REFUSED).first().waitFor();
      await settledShot(page, 'allowance-deliveries-zh');
      await openFromMenu(page, '订单与充值', '会员服务');
      await sms.getByText('本月已用 200 / 200，消息包剩余 0 条').waitFor();
      await settledShot(page, 'allowance-membership-zh');

      await page.evaluate(() => localStorage.setItem('meridian.lang', 'en'));
      await page.goto(`${url}/iot/billing/membership`);
      await sms.getByText('200 / 200 used this month, 0 pack credits left').waitFor();
      await settledShot(page, 'allowance-membership-en');
      expect(unexpected(problems)).toEqual([]);
    } finally {
      await close();
    }
  });
});
