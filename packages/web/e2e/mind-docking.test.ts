import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ProvinceStandIn, startProvinceStandIn } from '../../server/src/mind/docking/province-stand-in.ts';
import { idCardFor } from '../../server/src/mind/people/students/fixtures.ts';
import { buildUser } from '../../server/test/factories.ts';
import { launchBrowser, visit } from './browser.ts';
import { tokenOf } from './mind-assess-world.ts';
import { goInApp, openMind } from './mind-walks.ts';
import { buildWarningWorld, type WarningWorld } from './mind-warnings-world.ts';
import { settledShot } from './portal-admin-walks.ts';
import { type PortalServer, startPortalServer } from './portal-server.ts';
import { unexpected } from './portal-walks.ts';

const SECRETS_KEY = 'MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=';
const APP_ID = 'walk-district';
const SECRET = 'walk-province-secret';
const suite = {} as { server: PortalServer; browser: Browser; platform: ProvinceStandIn };

beforeAll(async () => {
  // The batch job reads the deployment's key as a worker process would: from its environment.
  process.env.SECRETS_KEY = SECRETS_KEY;
  suite.platform = await startProvinceStandIn({ appId: APP_ID, secret: SECRET });
  suite.server = await startPortalServer({ SECRETS_KEY, JOBS_POLL_MS: '100' }, { services: ['api', 'jobs'] });
  suite.browser = await launchBrowser();
});
afterAll(async () => {
  await suite.browser?.close();
  await suite.server?.close();
  await suite.platform?.close();
});

describe('province docking (issue 26, decision 0103)', () => {
  let world: WarningWorld;
  beforeAll(async () => {
    world = await buildWarningWorld(suite.server);
    // Lin Xiao's ID number is on the roster; Chen Yu's is missing, so the platform refuses his records.
    const lin = world.students[0];
    if (!lin) throw new Error('no student');
    await suite.server.db
      .updateTable('students')
      .set({ id_card: idCardFor('20120304') })
      .where('id', '=', lin.studentId)
      .execute();
  });

  it('configures the stand-in, pushes a school, corrects a refused student and resends: every record sent once', async () => {
    const admin = await buildUser(suite.server.db, { roleIds: [1], superAdmin: true, identityId: 1 });
    const desk = await visit(suite.browser);
    try {
      const { page } = desk;
      await openMind(page, suite.server.url, '/data/dataDocking', await tokenOf(suite.server.url, admin));
      const config = page.getByTestId('docking-config');
      await config.getByText('尚无密钥').waitFor();
      expect(await page.getByTestId('docking-push-now').isDisabled()).toBe(true);
      await page.getByTestId('docking-base-url').fill('not an address');
      await page.getByTestId('docking-save').click();
      await page.getByText('请输入以 http:// 或 https:// 开头的平台地址').waitFor();
      await page.getByTestId('docking-base-url').fill(suite.platform.baseUrl);
      await page.getByTestId('docking-app-id').fill(APP_ID);
      await page.getByTestId('docking-secret').fill(SECRET);
      await page.getByTestId('docking-schools').getByText(world.orgs.school.name).click();
      // Students and results only here: warnings and interventions have their walk (mind-docking-resync).
      await page.getByTestId('docking-kinds').getByText('预警', { exact: true }).click();
      await page.getByTestId('docking-kinds').getByText('干预记录', { exact: true }).click();
      await settledShot(page, 'docking-config-zh-CN');
      await page.getByTestId('docking-save').click();
      await page.getByText('省平台配置已保存').waitFor();
      // The secret is write-only: the field is empty again and says one is stored.
      await config.getByText('已保存密钥（加密）；留空则保留').waitFor();
      expect(await page.getByTestId('docking-secret').inputValue()).toBe('');
      expect(await page.content()).not.toContain(SECRET);

      await page.getByTestId('docking-push-now').click();
      // Two students and their two PHQ-9 results.
      await page.getByTestId('docking-push-result').getByText('已加入上报队列：4 条，共 1 批').waitFor();
      await settledShot(page, 'docking-pushed-zh-CN');

      await page.getByTestId('docking-records-link').click();
      await page.waitForURL(/\/data\/upstreamRecord$/);
      const records = page.getByTestId('upstream-records');
      // The platform takes Lin Xiao's two records and refuses Chen Yu's, saying why.
      await expect.poll(async () => records.getByTestId('upstream-reason').count(), { timeout: 15_000 }).toBe(2);
      await records.getByText('缺少身份证号 (ID number is missing)').first().waitFor();
      expect(await records.getByTestId('upstream-state-tag').filter({ hasText: '已上报' }).count()).toBe(2);
      await page.getByTestId('upstream-batches').getByText('2 / 2').waitFor();
      await settledShot(page, 'docking-records-refused-zh-CN');

      const chen = records.locator('tr', { hasText: 'Chen Yu' }).first();
      await chen.getByTestId('upstream-fix').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('平台拒收原因：缺少身份证号').waitFor();
      await page.getByTestId('upstream-fix-id-card').fill('12345');
      await page.getByTestId('upstream-fix-ok').click();
      await dialog.getByText('身份证号为 18 位，最后一位可为 X').waitFor();
      await page.getByTestId('upstream-fix-id-card').fill(idCardFor('20110506', '321'));
      await settledShot(page, 'docking-fix-zh-CN');
      await page.getByTestId('upstream-fix-ok').click();
      await page.getByText('已修改并重新加入上报队列：2 条').waitFor();
      await expect
        .poll(async () => records.getByTestId('upstream-state-tag').filter({ hasText: '已上报' }).count(), {
          timeout: 15_000,
        })
        .toBe(4);
      expect(await records.getByTestId('upstream-reason').count()).toBe(0);
      await settledShot(page, 'docking-records-sent-zh-CN');

      // Pushing again sends nothing twice.
      await goInApp(page, '/data/dataDocking');
      await page.getByTestId('docking-push-now').click();
      await page.getByTestId('docking-push-result').getByText('没有新的记录需要上报（已上报 4 条）').waitFor();

      // The records in English: the words of the states and the batches.
      await page.evaluate(() => localStorage.setItem('meridian.lang', 'en'));
      await goInApp(page, '/data/upstreamRecord');
      await page.reload();
      await page.getByTestId('upstream-records').getByText('Upload records').waitFor();
      await page.getByTestId('upstream-batches').getByText('Resend', { exact: true }).waitFor();
      await settledShot(page, 'docking-records-en');
      await goInApp(page, '/data/dataDocking');
      await page
        .getByTestId('docking-config')
        .getByText('A secret is stored (encrypted); leave empty to keep it')
        .waitFor();
      await settledShot(page, 'docking-config-en');

      expect(suite.platform.refusedSignatures).toBe(0);
      expect(suite.platform.records.size).toBe(4);
      for (const stored of suite.platform.records.values()) expect(stored.created).toBe(1);
      expect(unexpected(desk.problems)).toEqual([]);
    } finally {
      await desk.close();
    }
  });
});
