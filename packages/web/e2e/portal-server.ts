import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startSmsWebhook, startSmtpServer } from '../../server/src/portal/codes/stand-ins.ts';
import { startTestServer, type TestServerOptions } from '../../server/test/server.ts';
import { launchBrowser } from './browser.ts';

/**
 * Meridian as `startTestServer` starts it, plus what the portal's walks need: local stand-ins for
 * the SMS webhook and the mail server, so that a test reads the verification code a person would,
 * and a known administrator password.
 */
export async function startPortalServer(env: Record<string, string> = {}, options: TestServerOptions = {}) {
  const sms = await startSmsWebhook();
  const mail = await startSmtpServer({ user: 'meridian', pass: 'mail-secret' });
  const server = await startTestServer(
    {
      ADMIN_PASSWORD: 'Admin#2026',
      SMS_WEBHOOK_URL: sms.url,
      SMTP_URL: mail.url,
      ...env,
    },
    options,
  );
  return {
    url: server.url,
    db: server.db,
    sms,
    mail,
    async close() {
      await server.close();
      await sms.close();
      await mail.close();
    },
  };
}

export type PortalServer = Awaited<ReturnType<typeof startPortalServer>>;

/** One portal server and one browser for a test file, started before its tests and closed after. */
export function portalSuite(options: TestServerOptions = {}): { server: PortalServer; browser: Browser } {
  const suite = {} as { server: PortalServer; browser: Browser };
  beforeAll(async () => {
    suite.server = await startPortalServer({}, options);
    suite.browser = await launchBrowser();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.close();
  });
  return suite;
}
