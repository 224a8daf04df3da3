import { Writable } from 'node:stream';
import pino, { type Logger } from 'pino';
import { buildApp, type MeridianApp } from '../src/app.ts';
import { allMigrations } from '../src/features.ts';
import { type Config, loadConfig } from '../src/platform/config.ts';
import { type Db, openDatabase } from '../src/platform/db/database.ts';
import { migrateToLatest } from '../src/platform/db/migrate.ts';
import { createMigratedTestDatabase } from './db.ts';

/** A logger whose lines the test can read, to check what reached the log and what did not. */
export function memoryLogger(): { logger: Logger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: pino({ level: 'info' }, sink), lines };
}

export interface TestApp {
  app: MeridianApp;
  db: Db;
  config: Config;
  logs: Array<Record<string, unknown>>;
  close(): Promise<void>;
}

/** What the job worker hands a job or a nightly cleanup, for a test that runs one by hand. */
export const jobContextOf = (t: Pick<TestApp, 'app' | 'config'>) => ({ config: t.config, log: t.app.log });

/**
 * The whole application on a new database of the engine under test, not listening: call it with
 * `app.inject`. Routes may still be added before the first request.
 */
export async function buildTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const target = await createMigratedTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: target.url, LOG_FORMAT: 'json', ...env }, '0.0.0-test');
  const db = openDatabase(config.databaseUrl);
  await migrateToLatest(db, allMigrations);
  const { logger, lines } = memoryLogger();
  const app = await buildApp({ config, db, logger });
  return {
    app,
    db,
    config,
    logs: lines,
    async close() {
      await app.close();
      await db.close();
      await target.drop();
    },
  };
}
