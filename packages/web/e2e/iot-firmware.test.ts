import { createHash, randomBytes } from 'node:crypto';
import { translate } from '@meridian/contracts';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../server/test/factories.ts';
import { screenshot, visit } from './browser.ts';
import { IOT_MAIN_ROLE, iotSuite, openFromMenu, signInToIot, tempFile } from './iot-walks.ts';
import { settledShot } from './portal-admin-walks.ts';
import { unexpected } from './portal-walks.ts';

const suite = iotSuite();

describe('Firmware Management', () => {
  it('uploads firmware, refuses a wrong checksum, shows size and SHA-256, searches and deletes', async () => {
    const main = await buildUser(suite.server.db, { roleIds: [IOT_MAIN_ROLE], userType: 'main' });
    const image = randomBytes(20 * 1024);
    const sha = createHash('sha256').update(image).digest('hex');
    const file = tempFile('meter-1.2.0.bin', image);
    const visitor = await visit(suite.browser);
    const { page } = visitor;
    try {
      await signInToIot(page, suite.server.url, main);
      await openFromMenu(page, '固件升级', '固件管理');
      await page.getByTestId('firmware-page').getByText('还没有固件').waitFor();
      await settledShot(page, 'iot-firmware-empty-zh-CN');

      await page.getByTestId('firmware-upload').click();
      const form = page.getByTestId('firmware-form');
      await form.locator('input[type=file]').setInputFiles(file);
      await form.getByLabel('固件名称').fill('电表主控固件');
      await form.getByLabel('系列').fill('M100');
      await form.getByLabel('型号').fill('M100-A');
      await form.getByLabel('版本号').fill('1.2.0');
      await form.getByLabel('差分').check();
      await form.getByLabel('SHA-256').fill('0'.repeat(64));
      await settledShot(page, 'iot-firmware-upload-zh-CN');
      await page
        .locator('.ant-modal')
        .getByRole('button', { name: /确\s*定|OK/ })
        .click();
      await page.getByText(translate('firmware.checksumMismatch', 'zh-CN')).waitFor();
      await form.getByLabel('SHA-256').fill(sha);
      await page
        .locator('.ant-modal')
        .getByRole('button', { name: /确\s*定|OK/ })
        .click();
      const row = page.getByTestId('firmware-table').locator('tbody tr', { hasText: '电表主控固件' });
      await row.getByText('20.0 KB').waitFor();
      await row.getByText(`${sha.slice(0, 12)}…`).waitFor();
      await row.getByText('差分').waitFor();
      await settledShot(page, 'iot-firmware-list-zh-CN');

      await page.getByText('English', { exact: true }).click();
      await openFromMenu(page, 'Firmware upgrade', 'Firmware Management');
      await row.getByText('Incremental').waitFor();
      await settledShot(page, 'iot-firmware-list-en');
      await page.getByTestId('firmware-upload').click();
      await page.locator('.ant-modal').getByRole('button', { name: 'OK' }).click();
      await page.getByText('Choose a firmware file').waitFor();
      await settledShot(page, 'iot-firmware-upload-en');
      await page.locator('.ant-modal').getByRole('button', { name: 'Cancel' }).click();

      await page.getByTestId('firmware-search').locator('input').fill('nothing-like-this');
      await page.getByTestId('firmware-search').locator('input').press('Enter');
      await page.getByTestId('firmware-page').getByText('No firmware yet').waitFor();
      await page.getByTestId('firmware-search').locator('input').fill('M100-A');
      await page.getByTestId('firmware-search').locator('input').press('Enter');
      await row.getByRole('button', { name: 'Delete' }).click();
      await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Delete' }).click();
      await page.getByTestId('firmware-page').getByText('No firmware yet').waitFor();
      expect(unexpected(visitor.problems, /HTTP 400: .*\/api\/iot\/firmware$/)).toEqual([]);
    } catch (error) {
      await screenshot(page, 'iot-firmware-failure');
      console.error(visitor.problems);
      throw error;
    } finally {
      await visitor.close();
    }
  }, 60_000);
});
