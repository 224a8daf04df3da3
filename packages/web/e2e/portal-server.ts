import pino from 'pino';
import { loadConfig } from '../../server/src/platform/config.ts';
import type { Db } from '../../server/src/platform/db/database.ts';
import { startSmsWebhook, startSmtpServer } from '../../server/src/portal/codes/stand-ins.ts';
import { startServer } from '../../server/src/server.ts';
import { createTestDatabase } from '../../server/test/db.ts';

/**
 * Meridian with the built web on a new database, like `startTestServer`, plus what the portal's
 * walks need: the database (to create users with the server's factories) and local stand-ins for
 * the SMS webhook and the mail server, so that a test reads the verification code a person would.
 */
export async function startPortalServer(env: Record<string, string> = {}) {
  const target = await createTestDatabase();
  const sms = await startSmsWebhook();
  const mail = await startSmtpServer({ user: 'meridian', pass: 'mail-secret' });
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: target.url,
      LOG_FORMAT: 'json',
      ADMIN_PASSWORD: 'Admin#2026',
      SMS_WEBHOOK_URL: sms.url,
      SMTP_URL: mail.url,
      ...env,
    },
    '0.0.0-test',
  );
  const server = await startServer(config, ['api'], pino({ level: process.env.TEST_LOG_LEVEL ?? 'warn' }));
  const db: Db = server.db;
  return {
    url: (server.url ?? '').replace(/\/$/, ''),
    db: db.kysely,
    sms,
    mail,
    async close() {
      await server.stop();
      await sms.close();
      await mail.close();
      await target.drop();
    },
  };
}

export type PortalServer = Awaited<ReturnType<typeof startPortalServer>>;
