import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { pickOption } from './dropdowns.ts';

/** The modal that has finished opening: its buttons are clicked only then. */
export const openModal = (page: Page) =>
  page.locator('.ant-modal:visible:not([class*="-appear"]):not([class*="-enter"])');

/** Uploads a firmware image as Firmware Management's form does (multipart), for the signed-in user of `page`. */
export async function uploadFirmware(
  page: Page,
  url: string,
  fields: { name: string; series: string; model: string; version: string },
  bytes: Uint8Array<ArrayBuffer>,
): Promise<void> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...fields, type: 'full' })) form.append(name, value);
  form.append('file', new Blob([bytes]), `${fields.model}-${fields.version}.bin`);
  const uploaded = await fetch(`${url}/api/iot/firmware`, {
    method: 'POST',
    headers: { 'x-authorization': token ?? '' },
    body: form,
  });
  expect(uploaded.status).toBe(200);
}

/**
 * Opens "new upgrade job" on Upgrade Tasks, picks the firmware and the devices by SN, and sets the
 * wave size (and the failure threshold when given). The caller confirms, after a screenshot if it likes.
 */
export async function fillUpgradeJob(
  page: Page,
  firmware: string,
  sns: readonly string[],
  limits: { waveSize: number; failPercent?: number },
): Promise<void> {
  await page.getByTestId('upgrade-start').click();
  const modal = openModal(page);
  await modal.getByTestId('upgrade-form').waitFor();
  await modal.getByTestId('upgrade-firmware').click();
  await pickOption(page, firmware);
  await modal.getByTestId('upgrade-devices').click();
  for (const sn of sns) await pickOption(page, sn);
  await modal.locator('.ant-modal-title').click(); // closes the dropdown
  await modal.locator('#upgrade_waveSize').fill(String(limits.waveSize));
  if (limits.failPercent !== undefined) await modal.locator('#upgrade_failPercent').fill(String(limits.failPercent));
}
