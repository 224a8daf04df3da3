import type { Kysely } from 'kysely';
import pino from 'pino';
import { loadConfig, type Service } from '../src/platform/config.ts';
import type { Database } from '../src/platform/db/schema.ts';
import { startServer } from '../src/server.ts';
import { createMigratedTestDatabase } from './db.ts';
import { freePort } from './processes.ts';

export interface TestServer {
  url: string;
  /** The server's database, to set up what a walk needs with the test factories. */
  db: Kysely<Database>;
  /** Its database, for another Meridian process (a gateway) to share. */
  databaseUrl: string;
  /** The DTU port of the gateway, when the server runs it. */
  dtuPort?: number;
  passthroughPort?: number;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** The services to run; `api` by default. With `gateway`, the DTU port is a free one and MQTT takes any. */
  services?: readonly Service[];
}

/**
 * Meridian listening on a free loopback port with the built web, on a new database: for browser
 * tests. The web must have been built (`npm test` builds it first); `MERIDIAN_WEB_DIR` names a
 * build of one's own (`vite build --outDir`), so that a rebuild of dist/ mid-run changes nothing.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: TestServerOptions = {},
): Promise<TestServer> {
  const services = options.services ?? ['api'];
  const gateway = services.includes('gateway');
  const dtuPort = gateway ? await freePort() : undefined;
  const passthroughPort = gateway ? await freePort() : undefined;
  const target = await createMigratedTestDatabase();
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: target.url,
      LOG_FORMAT: 'json',
      ...(gateway ? { DTU_PORT: String(dtuPort), MQTT_PORT: '0', PASSTHROUGH_PORT: String(passthroughPort) } : {}),
      ...(process.env.MERIDIAN_WEB_DIR ? { WEB_DIR: process.env.MERIDIAN_WEB_DIR } : {}),
      ...env,
    },
    '0.0.0-test',
  );
  const server = await startServer(config, services, pino({ level: process.env.TEST_LOG_LEVEL ?? 'warn' }));
  return {
    url: (server.url ?? '').replace(/\/$/, ''),
    db: server.db.kysely,
    databaseUrl: target.url,
    ...(dtuPort === undefined ? {} : { dtuPort: config.DTU_PORT, passthroughPort: config.PASSTHROUGH_PORT }),
    async close() {
      await server.stop();
      await target.drop();
    },
  };
}
