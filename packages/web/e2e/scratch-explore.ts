import { buildUser } from '../../server/test/factories.ts';
import { desktop, launchBrowser, phone } from './browser.ts';
import { startPortalServer } from './portal-server.ts';

const server = await startPortalServer();
const browser = await launchBrowser();
try {
  const user = await buildUser(server.db, { account: 'zhang_wei', roleIds: [10], identityId: 1 });
  const context = await browser.newContext({ ...desktop, locale: 'en-US' });
  const page = await context.newPage();
  page.on('console', (m) => m.type() === 'error' && console.log('console:', m.text()));
  page.on('pageerror', (e) => console.log('pageerror:', e.message));
  await page.goto(`${server.url}/login`);
  await page.getByTestId('login-page').waitFor();
  await page.waitForTimeout(500);
  await page.screenshot({ path: '/tmp/shots/login.png', fullPage: true });
  await page.getByPlaceholder('用户名 / 手机号 / 邮箱').fill(user.account);
  await page.getByPlaceholder('密码').fill('wrong-pass1');
  await page.getByTestId('sign-in').click();
  await page.getByTestId('form-error').waitFor();
  await page.screenshot({ path: '/tmp/shots/login-wrong.png', fullPage: true });
  await page.getByPlaceholder('密码').fill(user.password);
  await page.getByTestId('sign-in').click();
  await page.getByTestId('portal-home').waitFor();
  await page.waitForTimeout(800);
  await page.screenshot({ path: '/tmp/shots/launcher.png', fullPage: true });
  await page.goto(`${server.url}/accountCenter`);
  await page.getByTestId('account-center').waitFor();
  await page.waitForTimeout(500);
  await page.screenshot({ path: '/tmp/shots/account.png', fullPage: true });
  for (const tab of ['password', 'bindings', 'identities']) {
    await page.goto(`${server.url}/accountCenter?tab=${tab}`);
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/shots/account-${tab}.png`, fullPage: true });
  }
  await page.goto(`${server.url}/iot/`);
  await page.waitForTimeout(1200);
  console.log('iot url', page.url());
  await page.screenshot({ path: '/tmp/shots/iot.png', fullPage: true });
  for (const path of ['register', 'forgot', 'agreement']) {
    const c = await browser.newContext({ ...desktop });
    const p = await c.newPage();
    await p.goto(`${server.url}/${path}`);
    await p.waitForTimeout(800);
    await p.screenshot({ path: `/tmp/shots/${path}.png`, fullPage: true });
    await c.close();
  }
  const pc = await browser.newContext({ ...phone });
  const pp = await pc.newPage();
  await pp.goto(`${server.url}/login`);
  await pp.waitForTimeout(800);
  await pp.screenshot({ path: '/tmp/shots/login-phone.png', fullPage: true });
} finally {
  await browser.close();
  await server.close();
}
