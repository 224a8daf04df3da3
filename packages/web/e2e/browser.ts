import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SHOTS_DIR = process.env.MERIDIAN_SHOTS_DIR ?? '/tmp/meridian-shots';

/**
 * Debian's Chromium, headless, with everything that would reach out to the internet turned off;
 * `extraArgs` adds switches (a host resolver rule that sends a custom domain to the test server).
 */
export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      ...extraArgs,
    ],
    // A user's browser runs in a UTF-8 locale; under CI's bare C locale Chromium would save a file
    // named in Chinese as "download".
    env: { ...process.env, LANG: process.env.LANG?.includes('UTF-8') ? process.env.LANG : 'C.UTF-8' },
  });
}

export const desktop: BrowserContextOptions = { viewport: { width: 1440, height: 900 } };
/**
 * A school's desktop browser in Beijing: Mind's days are Beijing days (its samples and boards count in them), and
 * a page's default range ends on the browser's today, which a UTC browser sees as yesterday from 00:00 to 08:00.
 */
export const beijingDesktop: BrowserContextOptions = { ...desktop, timezoneId: 'Asia/Shanghai' };
export const phone: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};

/** A first-time visitor (empty storage) whose page notes every console error and failed request. */
export interface Visit {
  page: Page;
  /** What went wrong while the page ran: console errors, uncaught errors, failed or refused requests. */
  problems: string[];
  close(): Promise<void>;
}

export async function visit(browser: Browser, options: BrowserContextOptions = desktop): Promise<Visit> {
  // An English browser: Meridian must still open in Chinese until the user chooses otherwise.
  const context = await browser.newContext({ locale: 'en-US', ...options });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('requestfailed', (request) => problems.push(`failed: ${request.url()} ${request.failure()?.errorText}`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  return { page, problems, close: () => context.close() };
}

/** Saves a screenshot for people to look at; the tests do not compare pixels. */
export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), fullPage: true });
}
