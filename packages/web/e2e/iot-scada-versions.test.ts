import type { ScadaDetail } from '@meridian/contracts';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../server/test/factories.ts';
import { screenshot, visit } from './browser.ts';
import { api } from './iot-live-walks.ts';
import { colourAt } from './iot-scada-walks.ts';
import { IOT_MAIN_ROLE, iotSuite, signInToIot } from './iot-walks.ts';
import { dialog, settledShot, spaced } from './portal-admin-walks.ts';
import { awaitText, unexpected } from './portal-walks.ts';

const suite = iotSuite();

/** An unbound lamp is drawn grey, an empty tank light grey; where nothing is drawn the canvas is clear. */
const LAMP = '#bfbfbf';
const TANK = '#f5f5f5';

describe('a Device Cloud user keeping versions of a cloud configuration', () => {
  it('saves twice, publishes, rolls back to an older version and sees the viewer follow', async () => {
    const user = await buildUser(suite.server.db, { roleIds: [IOT_MAIN_ROLE], userType: 'main' });
    const { page, problems, close } = await visit(suite.browser);
    try {
      await signInToIot(page, suite.server.url, user);
      const made = await api<ScadaDetail>(page, suite.server.url, 'POST', 'iot/scada', { name: '版本演示画面' });
      await page.goto(`${suite.server.url}/iot/scada/${made.id}/edit`);
      await page.getByTestId('scada-editor').waitFor();

      // ---- Two saves: a tank (version 2), then a lamp beside it (version 3); neither is published.
      await page.getByTestId('scada-palette-tank').click();
      await page.getByTestId('scada-save').click();
      await awaitText(page, '组态已保存', problems);
      await page.getByTestId('scada-palette-lamp').click();
      await page.getByTestId('scada-save').click();
      await page.getByTestId('scada-draft-ahead').getByText('草稿（版本 3）尚未发布').waitFor();
      const draft = await api<ScadaDetail>(page, suite.server.url, 'GET', `iot/scada/${made.id}?version=draft`);
      const [tank, lamp] = draft.document.elements;
      if (!tank || !lamp) throw new Error('the tank and the lamp were not saved');

      // ---- The viewer still runs version 1, the empty screen.
      await page.getByTestId('scada-run').click();
      await page.getByTestId('scada-viewer').waitFor();
      await page.getByTestId('scada-published-tag').getByText('已发布版本 1').waitFor();
      await page.getByTestId('scada-draft-ahead').getByText('草稿（版本 3）尚未发布').waitFor();
      expect(await colourAt(page, draft, tank)).not.toBe(TANK);
      expect(await colourAt(page, draft, lamp)).not.toBe(LAMP);
      await settledShot(page, 'scadaversions-viewer-unpublished-zh-CN');

      // ---- Published from the editor: the viewer shows the tank and the lamp.
      await page.goto(`${suite.server.url}/iot/scada/${made.id}/edit`);
      await page.getByTestId('scada-publish').click();
      await awaitText(page, '组态已发布', problems);
      await page.getByTestId('scada-draft-ahead').waitFor({ state: 'detached' });
      await page.getByTestId('scada-run').click();
      await page.getByTestId('scada-published-tag').getByText('已发布版本 3').waitFor();
      await expect.poll(async () => await colourAt(page, draft, lamp)).toBe(LAMP);
      expect(await colourAt(page, draft, tank)).toBe(TANK);

      // ---- The version list: three versions, who saved each; version 2 opens read only.
      await page.getByTestId('scada-versions-button').click();
      const versions = page.getByTestId('scada-versions');
      await expect.poll(async () => await versions.locator('tbody tr[data-row-key]').count()).toBe(3);
      await versions.locator('tr[data-row-key="3"]').getByText('已发布').waitFor();
      await settledShot(page, 'scadaversions-list-zh-CN');
      await versions.locator('tr[data-row-key="2"]').getByRole('button', { name: '查看' }).click();
      const old = page.getByTestId('scada-old-version');
      await old.getByText('正在查看版本 2（只读）').waitFor();
      await expect.poll(async () => await colourAt(page, draft, lamp)).not.toBe(LAMP);
      expect(await colourAt(page, draft, tank)).toBe(TANK);
      await settledShot(page, 'scadaversions-old-version-zh-CN');

      // ---- Rolled back: a copy of version 2 becomes version 4, published; the viewer follows.
      await old.getByRole('button', { name: '回滚到此版本' }).click();
      await dialog(page)
        .getByRole('button', { name: spaced('回滚到此版本') })
        .click();
      await awaitText(page, '已回滚到版本 2，并已发布', problems);
      await page.getByTestId('scada-published-tag').getByText('已发布版本 4').waitFor();
      await old.waitFor({ state: 'detached' });
      await expect.poll(async () => await colourAt(page, draft, lamp)).not.toBe(LAMP);
      expect(await colourAt(page, draft, tank)).toBe(TANK);
      const published = await api<ScadaDetail>(page, suite.server.url, 'GET', `iot/scada/${made.id}`);
      expect(published.document.elements.map((e) => e.kind)).toEqual(['tank']);

      // ---- In English: nothing was deleted, and the new version says where it came from.
      await page.getByText('English', { exact: true }).click();
      await page.getByTestId('scada-published-tag').getByText('Published version 4').waitFor();
      await page.getByTestId('scada-versions-button').click();
      await expect.poll(async () => await versions.locator('tbody tr[data-row-key]').count()).toBe(4);
      await versions.locator('tr[data-row-key="4"]').getByText('Rolled back from version 2').waitFor();
      await settledShot(page, 'scadaversions-list-en');
      expect(unexpected(problems)).toEqual([]);
    } catch (error) {
      await screenshot(page, 'scadaversions-failure');
      console.error(problems);
      throw error;
    } finally {
      await close();
    }
  }, 90_000);
});
