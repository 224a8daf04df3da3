import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startAliyun } from '../../server/src/platform/sms/stand-ins.ts';
import { startSmsWebhook, startSmtpServer } from '../../server/src/portal/codes/stand-ins.ts';
import { startTestServer, type TestServerOptions } from '../../server/test/server.ts';
import { launchBrowser } from './browser.ts';

/** Where the walks' SMS codes go: the generic webhook, or Aliyun SendSms (the signed stand-in). */
export type WalkSms = 'webhook' | 'aliyun';

/** What a walk reads from the SMS stand-in: the newest code to a phone, and how many SMS reached it. */
export interface WalkSmsBox {
  codeFor(phone: string): string;
  countTo(phone: string): number;
  close(): Promise<void>;
}

/** An SMS stand-in and the env that points Meridian at it. */
async function smsStandIn(kind: WalkSms): Promise<{ sms: WalkSmsBox; env: Record<string, string> }> {
  if (kind === 'webhook') {
    const hook = await startSmsWebhook();
    const countTo = (phone: string) => hook.received.filter((r) => r.body.phone === phone).length;
    return { sms: { codeFor: hook.codeFor, countTo, close: hook.close }, env: { SMS_WEBHOOK_URL: hook.url } };
  }
  const aliyun = await startAliyun({ 'LTAI-walks': 'walks-secret' });
  const countTo = (phone: string) => aliyun.delivered.filter((d) => d.phone === phone).length;
  const env = {
    SMS_PROVIDER: 'aliyun',
    ALIYUN_SMS_BASE: aliyun.url,
    ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI-walks',
    ALIYUN_SMS_ACCESS_KEY_SECRET: 'walks-secret',
    SMS_SIGN_NAME: '子午线',
    SMS_TEMPLATE_CODE: 'SMS_100200',
  };
  return { sms: { codeFor: aliyun.codeFor, countTo, close: aliyun.close }, env };
}

/**
 * Meridian as `startTestServer` starts it, plus what the portal's walks need: local stand-ins for
 * SMS (the webhook, or Aliyun SendSms with `sms: 'aliyun'`) and the mail server, so that a test
 * reads the verification code a person would, and a known administrator password.
 */
/** The test server's options, and where the walks' SMS codes go (the webhook unless told otherwise). */
export type PortalServerOptions = TestServerOptions & { sms?: WalkSms };

export async function startPortalServer(env: Record<string, string> = {}, options: PortalServerOptions = {}) {
  const { sms: kind, ...serverOptions } = options;
  const { sms, env: smsEnv } = await smsStandIn(kind ?? 'webhook');
  const mail = await startSmtpServer({ user: 'meridian', pass: 'mail-secret' });
  const server = await startTestServer(
    {
      ADMIN_PASSWORD: 'Admin#2026',
      ...smsEnv,
      SMTP_URL: mail.url,
      ...env,
    },
    serverOptions,
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
export function portalSuite(
  options: PortalServerOptions = {},
  env: Record<string, string> = {},
): { server: PortalServer; browser: Browser } {
  const suite = {} as { server: PortalServer; browser: Browser };
  beforeAll(async () => {
    suite.server = await startPortalServer(env, options);
    suite.browser = await launchBrowser();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.close();
  });
  return suite;
}
