import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ProvinceStandIn, startProvinceStandIn } from '../../server/src/mind/docking/province-stand-in.ts';
import { DOCKING_RESYNC_JOB } from '../../server/src/mind/docking/resync.ts';
import { idCardFor } from '../../server/src/mind/people/students/fixtures.ts';
import { insertStudents, placementOf } from '../../server/src/mind/people/students/testing.ts';
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
const EXTRA = 150;
const suite = {} as { server: PortalServer; browser: Browser; platform: ProvinceStandIn };

beforeAll(async () => {
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

describe('province docking: warnings, field mapping and a full resync (issue 26, decision 0129)', () => {
  let world: WarningWorld;
  beforeAll(async () => {
    world = await buildWarningWorld(suite.server);
    for (const [n, s] of world.students.entries()) {
      await suite.server.db
        .updateTable('students')
        .set({ id_card: idCardFor('20120304', String(200 + n)) })
        .where('id', '=', s.studentId)
        .execute();
    }
    // Enough girls of the school for more than one batch.
    const place = await placementOf(suite.server.db, world.orgs.klass.id);
    await insertStudents(
      suite.server.db,
      Array.from({ length: EXTRA }, (_, i) => ({
        ...place,
        name: `学生${i}`,
        student_no: `W${String(i).padStart(3, '0')}`,
        gender: 'female' as const,
        id_card: idCardFor('20120101', String(300 + i)),
      })),
    );
  });

  it('maps gender to the platform codes, reports the warning, and runs a paced full resync to the end', async () => {
    const admin = await buildUser(suite.server.db, { roleIds: [1], superAdmin: true, identityId: 1 });
    const desk = await visit(suite.browser);
    try {
      const { page } = desk;
      // The confirmation's "start" (antd spaces two Chinese characters in a button).
      const confirmStart = () =>
        page
          .locator('.ant-modal-confirm')
          .last()
          .getByRole('button', { name: /^开\s?始$/ })
          .click();
      await openMind(page, suite.server.url, '/data/dataDocking', await tokenOf(suite.server.url, admin));
      await page.getByTestId('docking-config').getByText('尚无密钥').waitFor();
      await page.getByTestId('docking-base-url').fill(suite.platform.baseUrl);
      await page.getByTestId('docking-app-id').fill(APP_ID);
      await page.getByTestId('docking-secret').fill(SECRET);
      await page.getByTestId('docking-schools').getByText(world.orgs.school.name).click();
      // The gender under the platform's name and codes; a malformed code is refused in words.
      await page.getByText('未设置字段映射：所有字段按原名原值上报').waitFor();
      await page.getByTestId('docking-mapping-add').click();
      await page.getByTestId('docking-mapping-field').click();
      await page.locator('.ant-select-item-option', { hasText: '性别 gender' }).click();
      await page.getByTestId('docking-mapping-name').fill('xb');
      await page.getByTestId('docking-mapping-codes').fill('male:1');
      await page.getByTestId('docking-save').click();
      await page.getByText('请按“取值=代码”填写，多个用逗号分隔').waitFor();
      await page.getByTestId('docking-mapping-codes').fill('male=1, female=2');
      await page.getByTestId('docking-mapping-fallback').fill('9');
      await page.getByTestId('docking-resync-per-minute').fill('1');
      await settledShot(page, 'docking2-config-mapping-zh-CN');
      await page.getByTestId('docking-save').click();
      await page.getByText('省平台配置已保存').waitFor();

      // 152 students, two results and Lin Xiao's warning.
      const total = EXTRA + 2 + 2 + 1;
      await page.getByTestId('docking-push-now').click();
      await page.getByTestId('docking-push-result').getByText(`已加入上报队列：${total} 条，共 2 批`).waitFor();
      await expect.poll(() => suite.platform.records.size, { timeout: 20_000 }).toBe(total);
      const warning = [...suite.platform.records.values()].find((r) => r.kind === 'warning');
      expect(warning?.data).toMatchObject({ name: world.flagged.name });
      const girl = [...suite.platform.records.values()].find((r) => r.data.name === '学生0');
      expect(girl?.data).toMatchObject({ xb: '2' });

      // A full resync, confirmed; one batch this minute, the rest the next.
      const card = page.getByTestId('docking-resync');
      await card.getByText('每分钟最多 1 批').waitFor();
      await page.getByTestId('docking-resync-start').click();
      await page.locator('.ant-modal-confirm-title', { hasText: '开始全量重新上报？' }).waitFor();
      await confirmStart();
      await page.getByText('已开始全量重新上报').waitFor();
      await page
        .getByTestId('docking-resync-state')
        .getByText(`进行中：已排队 100 / ${total} 条，1 批`)
        .waitFor({ timeout: 20_000 });
      await settledShot(page, 'docking2-resync-running-zh-CN');
      // A second one while it runs: refused in a sentence.
      await page.getByTestId('docking-resync-start').click();
      await confirmStart();
      await page.getByText(`已有一次全量重新上报正在进行（已排队 100/${total} 条）`).waitFor();
      await settledShot(page, 'docking2-resync-refused-zh-CN');

      // "A minute later": the next step is made due now instead of waited for.
      await suite.server.db
        .updateTable('jobs')
        .set({ run_at: Date.now() })
        .where('kind', '=', DOCKING_RESYNC_JOB)
        .where('state', '=', 'queued')
        .execute();
      await page
        .getByTestId('docking-resync-state')
        .getByText(`已完成：${total} / ${total} 条，2 批`)
        .waitFor({ timeout: 30_000 });
      await expect.poll(() => suite.platform.batches.length, { timeout: 20_000 }).toBe(4);
      await settledShot(page, 'docking2-resync-done-zh-CN');
      for (const stored of suite.platform.records.values()) expect(stored).toMatchObject({ created: 1, received: 2 });
      expect(suite.platform.refusedSignatures).toBe(0);

      // The batches list names the resync's batches.
      await goInApp(page, '/data/upstreamRecord');
      await expect
        .poll(async () => page.getByTestId('upstream-batches').getByText('全量重新上报').count(), { timeout: 15_000 })
        .toBe(2);

      await page.evaluate(() => localStorage.setItem('meridian.lang', 'en'));
      await goInApp(page, '/data/dataDocking');
      await page.reload();
      await page
        .getByTestId('docking-resync-state')
        .getByText(`Done: ${total} of ${total} records, 2 batches`)
        .waitFor();
      await settledShot(page, 'docking2-en', { fullPage: true });
      // The second resync's refusal is the one failed call.
      expect(unexpected(desk.problems, /^HTTP 409: .*\/spt\/resync$/)).toEqual([]);
    } finally {
      await desk.close();
    }
  });
});
