import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWechatPay, type WechatPayStandIn } from '../../server/src/iot/billing/wechatpay-stand-in.ts';
import { buildUser } from '../../server/test/factories.ts';
import { freePort } from '../../server/test/processes.ts';
import { launchBrowser, visit } from './browser.ts';
import { IOT_MAIN_ROLE, openFromMenu, signInToIot } from './iot-walks.ts';
import { settledShot } from './portal-admin-walks.ts';
import { type PortalServer, startPortalServer } from './portal-server.ts';
import { unexpected } from './portal-walks.ts';

let wechat: WechatPayStandIn;
let server: PortalServer;
let browser: Browser;

beforeAll(async () => {
  wechat = await startWechatPay();
  // WeChat Pay must be told where to notify before the server starts: a port chosen first.
  const port = await freePort();
  server = await startPortalServer({
    PORT: String(port),
    ...wechat.env(`http://127.0.0.1:${port}/api/iot/billing/wechatpay/notify`),
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await wechat?.close();
});

describe('buying a level-1 membership with WeChat Pay', () => {
  it('shows the QR code, marks the order paid, raises the limit, and credits a replayed notification once', async () => {
    const { db, url } = server;
    const owner = await buildUser(db, { roleIds: [IOT_MAIN_ROLE], userType: 'main', identityId: null });
    const { page, problems, close } = await visit(browser);
    try {
      await signInToIot(page, url, owner);
      await openFromMenu(page, '订单与充值', '会员服务');
      const shows = (testId: string, text: string) =>
        page.getByTestId(testId).getByText(text, { exact: true }).waitFor();
      await shows('membership-level', '非会员');
      await shows('membership-slaves', '0 / 10');
      await settledShot(page, 'iot-billing-membership-zh');

      // ---- Buy a year of level-1 membership: the order opens with WeChat Pay's code.
      await page.getByTestId('buy-level-1').click();
      const modal = page.getByTestId('pay-modal');
      await modal.getByTestId('pay-qr').waitFor();
      const codeUrl = (await modal.getByTestId('pay-code-url').innerText()).trim();
      expect(codeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
      await settledShot(page, 'iot-billing-pay-zh');

      // ---- The payer scans and pays; WeChat Pay notifies Meridian, and the page sees it paid.
      const placed = wechat.orderOfCode(codeUrl);
      if (!placed) throw new Error('the stand-in holds no order for the code shown');
      expect(placed.total).toBe(99_900);
      const { notification, reply } = await wechat.pay(placed.outTradeNo);
      expect(reply.status).toBe(200);
      await modal.getByTestId('pay-done').waitFor();
      await page.keyboard.press('Escape');
      await shows('membership-level', '一级会员');
      await shows('membership-slaves', '0 / 100');

      await openFromMenu(page, '订单与充值', '订单');
      const orders = page.getByTestId('orders-table');
      await orders.getByText(placed.outTradeNo).waitFor();
      await orders.locator('.ant-tag').getByText('已支付', { exact: true }).waitFor();
      await settledShot(page, 'iot-billing-orders-zh');

      // ---- WeChat Pay sends the notification again: taken, nothing credited twice.
      const replay = await wechat.deliver(notification);
      expect(replay.status).toBe(200);
      await openFromMenu(page, '订单与充值', '结算明细');
      const ledger = page.getByTestId('ledger-table');
      await ledger.getByText('-¥999.00').waitFor();
      await expect.poll(() => ledger.locator('tbody tr.ant-table-row').count()).toBe(2);
      await expect.poll(() => ledger.getByText('+¥999.00').count()).toBe(1);
      await settledShot(page, 'iot-billing-settlement-zh');
      await openFromMenu(page, '订单与充值', '充值记录');
      const recharges = page.getByTestId('ledger-page').filter({ hasText: '充值记录' }).getByTestId('ledger-table');
      await recharges.getByText('+¥999.00').waitFor();
      expect(await recharges.locator('tbody tr.ant-table-row').count()).toBe(1);
      await settledShot(page, 'iot-billing-recharge-zh');

      // ---- The same pages in English.
      await page.evaluate(() => localStorage.setItem('meridian.lang', 'en'));
      await page.goto(`${url}/iot/billing/membership`);
      await shows('membership-level', 'Level-1 member');
      await settledShot(page, 'iot-billing-membership-en');
      await page.goto(`${url}/iot/billing/orders`);
      await page.getByTestId('orders-table').locator('.ant-tag').getByText('Paid', { exact: true }).waitFor();
      await settledShot(page, 'iot-billing-orders-en');
      expect(unexpected(problems)).toEqual([]);
    } finally {
      await close();
    }
  });
});
