import type { Page } from 'playwright-core';

/** What the browser keeps for the session: local storage (less the browser's own settings) and session storage. */
export async function storedSession(page: Page) {
  return page.evaluate(() => ({
    local: Object.fromEntries(Object.entries(localStorage)),
    session: Object.fromEntries(Object.entries(sessionStorage)),
  }));
}

/** Fills the portal's account-and-password form and submits it. */
export async function submitPassword(page: Page, account: string, password: string): Promise<void> {
  const form = page.getByTestId('login-page');
  await form.getByPlaceholder(/用户名 \/ 手机号 \/ 邮箱|User name, phone or email/).fill(account);
  await form.getByPlaceholder(/^(密码|Password)$/).fill(password);
  await page.getByTestId('sign-in').click();
}

/**
 * The problems a walk met, less the refusals it provoked on purpose (a wrong password answers 400):
 * each allowed pattern names the call whose refusal the walk expects.
 */
export function unexpected(problems: string[], ...expected: RegExp[]): string[] {
  // Chromium also logs a refused call as "Failed to load resource" without naming it; such a line is
  // expected when the walk expects a refusal at all. A request the page itself gave up is aborted,
  // not failed: a page left at once (a hand-off) aborts its tab icon and the calls still loading
  // (the portal's health badge), and a query cancels its call when its component goes.
  return problems.filter(
    (problem) =>
      !expected.some((pattern) => pattern.test(problem)) &&
      !/ net::ERR_ABORTED$/.test(problem) &&
      !(
        expected.length > 0 &&
        /^console: Failed to load resource: the server responded with a status of 4\d\d/.test(problem)
      ),
  );
}

/** What the API says to a call with `token`: for proving that a token no longer works. */
export async function callWithToken(url: string, token: string): Promise<{ code: number }> {
  const response = await fetch(`${url}/api/apis-authz/auth/user/queryInfo`, {
    method: 'POST',
    headers: { 'x-authorization': token },
  });
  return (await response.json()) as { code: number };
}

/**
 * Waits for `text` as a person waits for a confirmation; when it does not come, the failure says what
 * the screen showed instead (messages, notifications, alerts) and the problems the walk met, so a
 * failed run names the refusal or the timeout the user saw.
 */
export async function awaitText(page: Page, text: string, problems: string[], timeout = 30_000): Promise<void> {
  try {
    await page.getByText(text).waitFor({ timeout });
  } catch (error) {
    const shown = await page.locator('.ant-message-notice, .ant-notification-notice, .ant-alert').allTextContents();
    throw new Error(
      `"${text}" did not show within ${timeout} ms; the screen showed ${JSON.stringify(shown)}; problems: ${JSON.stringify(problems)}`,
      { cause: error },
    );
  }
}
