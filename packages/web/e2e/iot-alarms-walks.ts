import type { Kysely } from 'kysely';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../../server/src/platform/db/schema.ts';
import { startSmtpServer } from '../../server/src/portal/codes/stand-ins.ts';
import { startTestServer } from '../../server/test/server.ts';
import { launchBrowser } from './browser.ts';
import { dialog, spaced } from './portal-admin-walks.ts';

/** The account of the test SMTP server: the walk types it into Email Server as a user would. */
export const SMTP_LOGIN = { user: 'alarm-mail', pass: 'Mail#2026' };

/**
 * Meridian with its gateway (a free DTU port) and its job worker (the outbox that sends mail), a
 * browser, and an SMTP server on 127.0.0.1 that keeps every mail it receives.
 */
export function alarmSuite(): {
  server: { url: string; db: Kysely<Database>; dtuPort: number };
  browser: Browser;
  smtp: Awaited<ReturnType<typeof startSmtpServer>>;
} {
  const suite = {} as ReturnType<typeof alarmSuite>;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    suite.smtp = await startSmtpServer(SMTP_LOGIN);
    const server = await startTestServer(
      {
        ADMIN_PASSWORD: 'Admin#2026',
        JOBS_POLL_MS: '200',
      },
      { services: ['api', 'gateway', 'jobs'] },
    );
    close = server.close;
    suite.server = { url: server.url, db: server.db, dtuPort: server.dtuPort ?? 0 };
    suite.browser = await launchBrowser();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await close?.();
    await suite.smtp?.close();
  });
  return suite;
}

/** The port of the SMTP stand-in, from its address. */
export const smtpPort = (smtp: { url: string }) => Number(new URL(smtp.url).port);

/** An antd number or text input found by its test id (antd puts the id on the wrapper or on the input). */
export const input = (scope: Page | Locator, testId: string) =>
  scope
    .locator(`input[data-testid="${testId}"], [data-testid="${testId}"] input, textarea[data-testid="${testId}"]`)
    .first();

/** Writes a value to a point from the device's Real-time tab and confirms it, as in iot-live. */
export async function writeFromDevicePage(page: Page, pointId: number, value: number) {
  await input(page, `point-input-${pointId}`).fill(String(value));
  await page.getByTestId(`point-write-${pointId}`).click();
  await dialog(page)
    .getByRole('button', { name: spaced('下发') })
    .click();
  await page
    .getByTestId(`point-value-${pointId}`)
    .getByText(String(value), { exact: true })
    .or(page.locator(`[data-testid="point-value-${pointId}"]:text-is("${value}")`))
    .first()
    .waitFor({ timeout: 15_000 });
}

/** The rows of an antd table of `testId`. */
export const rows = (page: Page, testId: string) => page.getByTestId(testId).locator('tbody tr.ant-table-row');
