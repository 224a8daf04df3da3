import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pino from 'pino';
import { buildApp } from '../packages/server/src/app.ts';
import { allMigrations } from '../packages/server/src/features.ts';
import { loadConfig } from '../packages/server/src/platform/config.ts';
import { openDatabase } from '../packages/server/src/platform/db/database.ts';
import { migrateToLatest } from '../packages/server/src/platform/db/migrate.ts';
import type { Figure } from './run.ts';

const CONCURRENCY = 50;
const SECONDS = 3;

/** Requests per second from `CONCURRENCY` keep-alive clients over loopback for `SECONDS`. */
async function load(url: string): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const until = Date.now() + SECONDS * 1000;
  let done = 0;
  const get = () =>
    new Promise<void>((resolve, reject) => {
      http
        .get(url, { agent }, (res) => {
          res.resume();
          res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`status ${res.statusCode}`))));
        })
        .on('error', reject);
    });
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < until) {
        await get();
        done += 1;
      }
    }),
  );
  agent.destroy();
  return done / SECONDS;
}

/** `/api/health` (envelope, validation, security headers, a database round trip) against bare node:http doing the same query. */
export async function api(): Promise<Figure[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-bench-'));
  const file = path.join(dir, 'api.db');
  try {
    const config = loadConfig({ DATABASE_URL: `sqlite:${file}`, LOG_LEVEL: 'silent', LOG_FORMAT: 'json' }, 'bench');
    const db = openDatabase(config.databaseUrl, { poolMax: config.PG_POOL_MAX });
    await migrateToLatest(db, allMigrations);
    const app = await buildApp({ config, db, logger: pino({ level: 'silent' }) });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const meridian = await load(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/health`);
    await app.close();
    await db.close();

    const raw = new DatabaseSync(file);
    const select = raw.prepare('select 1 as one');
    const bare = http.createServer((_req, res) => {
      select.get();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 200, message: 'ok', data: { database: 'up' } }));
    });
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
    const peer = await load(`http://127.0.0.1:${(bare.address() as AddressInfo).port}/`);
    await new Promise((resolve) => bare.close(resolve));
    raw.close();

    return [
      {
        name: `GET /api/health at ${CONCURRENCY} concurrent`,
        value: meridian,
        unit: 'req/s',
        peer: 'bare node:http with the same query',
        peerValue: peer,
        target: { ratio: 0.3, meaning: 'the platform costs at most about 3x a bare server' },
      },
    ];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
