import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { SHOTS_DIR } from './browser.ts';
import { pickTitled } from './dropdowns.ts';
import { submitPassword } from './portal-walks.ts';

/** The platform administrator `startPortalServer` creates on the first start. */
export const ADMIN = { account: 'admin', password: 'Admin#2026' };

/** The built-in Device Cloud main account role: a role that grants no administration but the account list. */
export const IOT_MAIN_ROLE = 10;
/** The Device Cloud sub-user: a role that grants nothing in the administration. */
export const IOT_SUB_ROLE = 11;

/** Signs in on the portal's own sign-in page and waits for the launcher. */
export async function signInOnPortal(page: Page, url: string, user: { account: string; password: string }) {
  await page.goto(`${url}/login`);
  await submitPassword(page, user.account, user.password);
  await page.getByTestId('portal-home').waitFor();
  // The launcher's own calls finish first, so that the walk's next address does not abort them.
  await page.waitForLoadState('networkidle');
}

/** Opens an administration page from the side menu by its name. */
export async function openSystemPage(page: Page, name: string | RegExp): Promise<void> {
  await page.getByTestId('system-menu').getByRole('menuitem', { name }).click();
}

/** Chooses `option` in the Ant Design select found by `select` (its label or a test id). */
export async function choose(page: Page, select: Locator, option: string): Promise<void> {
  await select.click();
  await pickTitled(page, option);
}

/** The confirmation dialog that is open now. */
export const dialog = (page: Page) => page.locator('.ant-modal-confirm:visible');

/** The question the open confirmation asks (Ant Design also keeps a hidden copy of it for screen readers). */
export const question = (page: Page) => dialog(page).locator('.ant-modal-confirm-title');

/** The table row of `text` (an account, a role name) in the table of `testId`. */
export const rowOf = (page: Page, testId: string, text: string) =>
  page.getByTestId(testId).locator('tbody tr', { hasText: text });

/**
 * A screenshot once the lists have loaded and every opening animation has finished; by default of
 * the window only, so that a drawer or a dialog over a long page is pictured as the person sees it.
 */
export async function settledShot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached' });
  // Dialogs, drawers, menus and the fading of a list that was loading all move by CSS transitions
  // and animations: wait until the finite ones have ended (a spinner's endless turn is not waited for).
  await page.waitForFunction(
    () =>
      document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY).length ===
      0,
  );
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({
    path: path.join(SHOTS_DIR, `${name}.png`),
    fullPage: options.fullPage ?? false,
  });
}

/**
 * A button's name: Ant Design writes a two-character Chinese label with a space between them
 * ("删 除"), and a button that was just loading may still name its fading icon before it.
 */
export const spaced = (label: string) => new RegExp(`(^|\\s)${[...label].join('\\s?')}$`);

/** Ticks one permission code of a feature in the permission editor's tree, as a person clicks it. */
export async function tick(page: Page, feature: string, code: string) {
  const box = page
    .getByTestId('permission-editor')
    .locator('.ant-tree-treenode', { hasText: feature })
    .getByRole('checkbox', { name: code, exact: true });
  await box.check();
  expect(await box.isChecked()).toBe(true);
}
