import type { Kysely } from 'kysely';
import pino from 'pino';
import { loadConfig } from '../src/platform/config.ts';
import type { Database } from '../src/platform/db/schema.ts';
import { startServer } from '../src/server.ts';
import { createTestDatabase } from './db.ts';

export interface TestServer {
  url: string;
  /** The server's database, to set up what a walk needs with the test factories. */
  db: Kysely<Database>;
  close(): Promise<void>;
}

/**
 * Meridian listening on a free loopback port with the built web, on a new database: for browser
 * tests. The web must have been built (`npm test` builds it first).
 */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const target = await createTestDatabase();
  const config = loadConfig(
    { NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', DATABASE_URL: target.url, LOG_FORMAT: 'json', ...env },
    '0.0.0-test',
  );
  const server = await startServer(config, ['api'], pino({ level: process.env.TEST_LOG_LEVEL ?? 'warn' }));
  return {
    url: (server.url ?? '').replace(/\/$/, ''),
    db: server.db.kysely,
    async close() {
      await server.stop();
      await target.drop();
    },
  };
}
