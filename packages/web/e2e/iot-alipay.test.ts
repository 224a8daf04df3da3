import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AlipayStandIn, startAlipay } from '../../server/src/iot/billing/alipay-stand-in.ts';
import { startWechatPay, type WechatPayStandIn } from '../../server/src/iot/billing/wechatpay-stand-in.ts';
import { buildUser } from '../../server/test/factories.ts';
import { freePort } from '../../server/test/processes.ts';
import { launchBrowser, visit } from './browser.ts';
import { IOT_MAIN_ROLE, openFromMenu, signInToIot } from './iot-walks.ts';
import { settledShot } from './portal-admin-walks.ts';
import { type PortalServer, startPortalServer } from './portal-server.ts';
import { unexpected } from './portal-walks.ts';

const IOT_ADMIN_ROLE = 12;
const PAYEE = '招商银行 杭州分行 · 子午线科技有限公司 · 5719 0000 1111 2222';
let alipay: AlipayStandIn;
let wechat: WechatPayStandIn;
let server: PortalServer;
let browser: Browser;

beforeAll(async () => {
  alipay = await startAlipay();
  wechat = await startWechatPay();
  const port = await freePort();
  const api = `http://127.0.0.1:${port}/api/iot/billing`;
  server = await startPortalServer({
    PORT: String(port),
    ...wechat.env(`${api}/wechatpay/notify`),
    ...alipay.env(`${api}/alipay/notify`),
    BANK_TRANSFER_PAYEE: PAYEE,
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await alipay?.close();
  await wechat?.close();
});

describe('paying Device Cloud orders by Alipay, by balance and by bank transfer', () => {
  it('buys an SMS pack with Alipay, pays another from the balance, and a replayed notification doubles nothing', async () => {
    const { db, url } = server;
    const owner = await buildUser(db, { roleIds: [IOT_MAIN_ROLE], userType: 'main', identityId: null });
    const { page, problems, close } = await visit(browser);
    try {
      await signInToIot(page, url, owner);
      await openFromMenu(page, '订单与充值', '会员服务');
      const modal = page.getByTestId('pay-modal');

      // ---- Top up ¥20 by Alipay: the QR code is Alipay's, the payer pays, the page sees it paid.
      await page.locator('input[data-testid="top-up-amount"], [data-testid="top-up-amount"] input').first().fill('20');
      await page.getByTestId('top-up').click();
      await modal.getByTestId('pay-method-alipay').click();
      await modal.getByTestId('pay-qr').waitFor();
      const topUpCode = (await modal.getByTestId('pay-code-url').innerText()).trim();
      expect(topUpCode).toMatch(/^https:\/\/qr\.alipay\.com\//);
      await settledShot(page, 'alipay-pay-alipay-zh');
      const topUp = alipay.tradeOfCode(topUpCode);
      if (!topUp) throw new Error('the Alipay stand-in holds no trade for the code shown');
      expect(topUp.total).toBe('20.00');
      const first = await alipay.pay(topUp.outTradeNo);
      expect(first.reply?.body).toBe('success');
      await modal.getByTestId('pay-done').waitFor();
      await page.keyboard.press('Escape');

      // ---- Buy an SMS pack with Alipay.
      await page.getByTestId('buy-sms100').click();
      await modal.getByTestId('pay-method-alipay').click();
      await modal.getByTestId('pay-qr').waitFor();
      const smsCode = (await modal.getByTestId('pay-code-url').innerText()).trim();
      const sms = alipay.tradeOfCode(smsCode);
      if (!sms) throw new Error('the Alipay stand-in holds no trade for the code shown');
      const paid = await alipay.pay(sms.outTradeNo);
      expect(paid.reply?.body).toBe('success');
      await modal.getByTestId('pay-done').waitFor();
      await page.keyboard.press('Escape');

      // ---- Buy another and pay it from the ¥20 balance.
      await page.getByTestId('buy-sms100').click();
      await modal.getByTestId('pay-method-balance').click();
      await modal.getByTestId('pay-balance-have').getByText('当前余额：¥20.00').waitFor();
      await settledShot(page, 'alipay-pay-balance-zh');
      await modal.getByTestId('pay-balance').click();
      await modal.getByTestId('pay-done').waitFor();
      await page.keyboard.press('Escape');

      // ---- Alipay sends the SMS pack's notification again: taken, nothing doubles.
      expect((await alipay.deliver(paid.notification)).body).toBe('success');
      await openFromMenu(page, '订单与充值', '订单');
      const orders = page.getByTestId('orders-table');
      const row = (number: string) => orders.locator('tr', { hasText: number });
      await row(sms.outTradeNo).getByText('支付宝', { exact: true }).waitFor();
      await expect.poll(() => orders.getByText('已支付', { exact: true }).count()).toBe(3);
      await orders.getByText('余额', { exact: true }).waitFor();
      await settledShot(page, 'alipay-orders-zh');
      await openFromMenu(page, '订单与充值', '结算明细');
      const ledger = page.getByTestId('ledger-table');
      await ledger.getByText('+¥20.00').waitFor();
      // The top-up in; the Alipay pack in and out; the balance pack out: four rows, ¥10 left.
      await expect.poll(() => ledger.locator('tbody tr.ant-table-row').count()).toBe(4);
      await expect.poll(() => ledger.getByText('+¥10.00').count()).toBe(1);
      await expect.poll(() => ledger.getByText('-¥10.00').count()).toBe(2);
      await settledShot(page, 'alipay-settlement-zh');
      await openFromMenu(page, '订单与充值', '会员服务');
      const money = page.getByTestId('membership-page');
      // The balance left: ¥20 in, ¥10 out for the pack paid from it.
      await money.locator('.ant-descriptions').first().getByText('¥10.00', { exact: true }).waitFor();
      await money.getByText('本月已用 0 / 0，消息包剩余 200 条', { exact: true }).waitFor();
      expect(unexpected(problems)).toEqual([]);
    } finally {
      await close();
    }
  });

  it('waits for a bank transfer until an administrator confirms it in the queue, or rejects one that never came', async () => {
    const { db, url } = server;
    const owner = await buildUser(db, { roleIds: [IOT_MAIN_ROLE], userType: 'main', identityId: null });
    const admin = await buildUser(db, { roleIds: [IOT_ADMIN_ROLE], identityId: null });
    const buyer = await visit(browser);
    const reviewer = await visit(browser);
    try {
      const page = buyer.page;
      await signInToIot(page, url, owner);
      await openFromMenu(page, '订单与充值', '会员服务');
      await page.getByTestId('buy-voice100').click();
      const modal = page.getByTestId('pay-modal');
      await modal.getByTestId('pay-method-transfer').click();
      await modal.getByTestId('pay-transfer').click();
      const details = modal.getByTestId('pay-transfer-details');
      await details.getByText(PAYEE).waitFor();
      const number = (await details.locator('.ant-typography').first().innerText()).trim();
      expect(number).toMatch(/^\d{20}$/);
      await settledShot(page, 'alipay-pay-transfer-zh');

      const review = reviewer.page;
      await signInToIot(review, url, admin);
      await openFromMenu(review, '订单与充值', '转账确认');
      const queued = review.getByTestId('transfer-queue-table').locator('tr', { hasText: number });
      await queued.getByText('¥30.00').waitFor();
      await settledShot(review, 'alipay-transfer-queue-zh');
      await queued.getByRole('button', { name: '确认到账' }).click();
      await review.getByTestId('transfer-reference').fill('CMB20261129-0042');
      await review.getByTestId('transfer-confirm-ok').click();
      await review.getByText(`订单 ${number} 已支付`).waitFor();
      await review.getByTestId('transfer-queue-table').getByText('暂无等待银行转账确认的订单').waitFor();
      await settledShot(review, 'alipay-transfer-queue-done-zh');

      // The buyer's open dialog sees the order paid.
      await modal.getByTestId('pay-done').waitFor();

      // A second transfer never comes: the administrator rejects it, and the buyer reads why.
      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'detached' });
      await page.getByTestId('buy-voice100').click();
      await modal.getByTestId('pay-method-transfer').click();
      await modal.getByTestId('pay-transfer').click();
      const second = (await details.locator('.ant-typography').first().innerText()).trim();
      await review.reload();
      const waiting = review.getByTestId('transfer-queue-table').locator('tr', { hasText: second });
      await waiting.getByRole('button', { name: '未到账' }).click();
      await review.getByTestId('transfer-reject-ok').click();
      await review.locator('.ant-form-item-explain-error', { hasText: '驳回原因' }).waitFor();
      await review.getByTestId('transfer-reason').fill('30 日前未收到此附言的转账');
      await settledShot(review, 'alipay-transfer-reject-zh');
      await review.getByTestId('transfer-reject-ok').click();
      await review.getByText(`订单 ${second} 已取消`).waitFor();
      await page.keyboard.press('Escape');
      await openFromMenu(page, '订单与充值', '订单');
      const row = page.locator('tr', { hasText: second });
      await row.getByText('已取消').waitFor();
      await row.getByText('取消原因：30 日前未收到此附言的转账').waitFor();
      await settledShot(page, 'alipay-order-rejected-zh');
      expect(unexpected(buyer.problems)).toEqual([]);
      expect(unexpected(reviewer.problems)).toEqual([]);
    } finally {
      await buyer.close();
      await reviewer.close();
    }
  });
});
