import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWechatPay, type WechatPayStandIn } from '../../server/src/iot/billing/wechatpay-stand-in.ts';
import { buildUser } from '../../server/test/factories.ts';
import { freePort } from '../../server/test/processes.ts';
import { launchBrowser, phone, visit } from './browser.ts';
import { fieldError, IOT_MAIN_ROLE, openFromMenu, signInToIot } from './iot-walks.ts';
import { settledShot } from './portal-admin-walks.ts';
import { type PortalServer, startPortalServer } from './portal-server.ts';
import { unexpected } from './portal-walks.ts';

const IOT_ADMIN_ROLE = 12;
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

describe('an invoice for a paid order, from the application to the administrator’s shipment', () => {
  it('keeps the invoice info, applies for the paid order, and shows it arrived and shipped with its tracking number', async () => {
    const { db, url } = server;
    const owner = await buildUser(db, { roleIds: [IOT_MAIN_ROLE], userType: 'main', identityId: null });
    const admin = await buildUser(db, { roleIds: [IOT_ADMIN_ROLE], identityId: null });
    const buyer = await visit(browser);
    const reviewer = await visit(browser);
    try {
      const page = buyer.page;
      await signInToIot(page, url, owner);
      // ---- A paid order: an SMS pack paid by WeChat Pay.
      await openFromMenu(page, '订单与充值', '会员服务');
      await page.getByTestId('buy-sms100').click();
      const modal = page.getByTestId('pay-modal');
      const codeUrl = (await modal.getByTestId('pay-code-url').innerText()).trim();
      const placed = wechat.orderOfCode(codeUrl);
      if (!placed) throw new Error('the stand-in holds no order for the code shown');
      expect((await wechat.pay(placed.outTradeNo)).reply.status).toBe(200);
      await modal.getByTestId('pay-done').waitFor();
      await page.keyboard.press('Escape');

      // ---- Invoice info: a tax number of the wrong length is refused in words, then saved.
      await openFromMenu(page, '订单与充值', '发票管理');
      await page.getByTestId('invoice-info').getByText('尚未填写发票信息，填写后才能申请开票').waitFor();
      const fill = async (field: string, value: string) => page.getByTestId(`invoice-info-${field}`).fill(value);
      await fill('title', '杭州锅炉有限公司');
      await fill('taxNumber', '9133010012');
      await fill('email', 'finance@boiler.example.com');
      await page.getByTestId('invoice-info-save').click();
      await page.getByTestId('invoice-info').getByText('税号为 15、18 或 20 位字母和数字').first().waitFor();
      await fill('taxNumber', '91330100MA2H3XYZ1K');
      await fill('bankAccount', '6222000011112222');
      await page.getByTestId('invoice-info-save').click();
      await page.getByText('发票信息已保存').waitFor();

      // ---- Apply for the paid order.
      const apply = page.getByTestId('invoice-apply');
      await apply.getByText(placed.outTradeNo, { exact: false }).click();
      await page.getByTestId('invoice-apply-submit').click();
      const mine = page.getByTestId('invoices-table');
      await mine.getByText('已申请', { exact: true }).waitFor();
      await apply.getByText('没有可开票的已支付订单').waitFor();
      await settledShot(page, 'iot-billing-invoices-applied-zh');

      // ---- The administrator approves it, then ships it with a tracking number.
      const review = reviewer.page;
      await signInToIot(review, url, admin);
      await openFromMenu(review, '订单与充值', '发票审核');
      const row = review.getByTestId('invoice-queue-table').locator('tr', { hasText: owner.account });
      await row.getByText('已申请', { exact: true }).waitFor();
      await settledShot(review, 'iot-billing-invoice-queue-zh');
      await row.locator('[data-testid^="invoice-approve-"]').click();
      await review.locator('.ant-modal-confirm-btns .ant-btn-primary').click();
      await row.getByText('审核中', { exact: true }).waitFor();
      await row.locator('[data-testid^="invoice-ship-"]').click();
      await review.getByTestId('invoice-step-text').fill('SF1234567890');
      await review.getByTestId('invoice-step-ok').click();
      await row.getByText('已送达', { exact: true }).waitFor();
      await row.getByText('SF1234567890').waitFor();

      // ---- The account sees it arrived and shipped, with the tracking number, in both languages.
      await page.reload();
      await mine.getByText('已送达', { exact: true }).waitFor();
      await mine.getByText('已发货', { exact: true }).waitFor();
      await mine.getByText('SF1234567890').waitFor();
      await settledShot(page, 'iot-billing-invoices-arrived-zh', { fullPage: true });
      await page.evaluate(() => localStorage.setItem('meridian.lang', 'en'));
      await page.goto(`${url}/iot/billing/invoices`);
      await mine.getByText('Arrived', { exact: true }).waitFor();
      await mine.getByText('Shipped', { exact: true }).waitFor();
      await settledShot(page, 'iot-billing-invoices-arrived-en', { fullPage: true });
      // The refused tax number, and only it.
      expect(unexpected(buyer.problems, /HTTP 400: .*\/api\/iot\/billing\/invoice-info$/)).toEqual([]);
      expect(unexpected(reviewer.problems)).toEqual([]);
    } finally {
      await buyer.close();
      await reviewer.close();
    }
  });
});

describe('an announcement from the Article List to every user’s home page', () => {
  it('is written in the rich-text editor, refused empty, sanitised, and read from a customer’s home page', async () => {
    const { db, url } = server;
    const admin = await buildUser(db, { roleIds: [IOT_ADMIN_ROLE], identityId: null });
    const customer = await buildUser(db, { roleIds: [IOT_MAIN_ROLE], userType: 'main', identityId: null });
    const writer = await visit(browser);
    const reader = await visit(browser, phone);
    try {
      const page = writer.page;
      await signInToIot(page, url, admin);
      await openFromMenu(page, '文章管理', '文章列表');
      await page.getByTestId('articles-table').getByText('还没有文章').waitFor();

      // ---- Saved without content: refused under the field, nothing stored.
      await page.getByTestId('article-add').click();
      await page.getByTestId('article-title').fill('2.7.0 版本升级维护公告');
      await page.getByTestId('article-save').click();
      await fieldError(page.getByTestId('article-form'), '请填写文章内容').waitFor();

      // ---- Written with the editor's toolbar: a heading, bold text and a list.
      const body = page.getByTestId('article-content').locator('.tiptap');
      await body.click();
      // A tool button takes the focus and hands it back to the editor: type once it shows its state.
      const tool = async (name: string, pressed: boolean) => {
        await page.getByRole('button', { name }).click();
        await page.locator(`button[aria-label="${name}"][aria-pressed="${pressed}"]`).waitFor();
        await expect.poll(() => body.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      };
      await tool('加粗', true);
      await page.keyboard.type('周六 02:00–04:00');
      await tool('加粗', false);
      await page.keyboard.type(' 平台升级至 2.7.0，期间数据暂停上报，设备恢复连接后自动补传。');
      await page.keyboard.press('Enter');
      await tool('项目符号列表', true);
      await page.keyboard.type('告警通知照常发送');
      await expect
        .poll(async () => (await body.innerText()).trim())
        .toMatch(/^周六 02:00–04:00 平台升级至 2\.7\.0，.*补传。\s+告警通知照常发送$/);
      await settledShot(page, 'iot-articles-editor-zh');
      await page.getByTestId('article-save').click();
      const table = page.getByTestId('articles-table');
      await table.getByText('2.7.0 版本升级维护公告').waitFor();
      await table.getByText('已发布', { exact: true }).waitFor();
      await settledShot(page, 'iot-articles-list-zh');

      // ---- A customer sees it on the home page, on a phone, and opens the whole text.
      await signInToIot(reader.page, url, customer);
      const notices = reader.page.getByTestId('home-announcements');
      await notices.getByText('2.7.0 版本升级维护公告').waitFor();
      await notices.getByText(/周六 02:00–04:00 平台升级至 2.7.0/).waitFor();
      await settledShot(reader.page, 'iot-articles-home-phone-zh');
      await notices.getByRole('link', { name: '查看全文' }).click();
      const article = reader.page.getByTestId('article-body');
      await expect.poll(() => article.locator('strong').innerText()).toBe('周六 02:00–04:00');
      await expect.poll(() => article.locator('li').innerText()).toBe('告警通知照常发送');
      await settledShot(reader.page, 'iot-articles-read-phone-zh');
      // The customer has no Article List.
      expect(await reader.page.getByTestId('iot-menu').getByText('文章管理').count()).toBe(0);

      // ---- Unpublished, it leaves the home page.
      await page.getByTestId('articles-table').getByRole('button', { name: '编辑' }).first().click();
      await page.getByTestId('article-published').click();
      await page.getByTestId('article-save').click();
      await table.getByText('草稿', { exact: true }).waitFor();
      await reader.page.goto(`${url}/iot/`);
      await reader.page.getByTestId('iot-home').waitFor();
      await reader.page.waitForLoadState('networkidle');
      expect(await reader.page.getByTestId('home-announcements').count()).toBe(0);
      expect(unexpected(writer.problems)).toEqual([]);
      expect(unexpected(reader.problems)).toEqual([]);
    } finally {
      await writer.close();
      await reader.close();
    }
  });
});
