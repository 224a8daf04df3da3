import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { allMigrations } from '../src/features.ts';
import { type Db, type Engine, openDatabase } from '../src/platform/db/database.ts';
import { migrateToLatest } from '../src/platform/db/migrate.ts';

export interface TestDatabase {
  url: string;
  engine: Engine;
  /** Removes the database and its files. */
  drop(): Promise<void>;
}

/** The engine this test run targets: the `postgres` project sets TEST_ENGINE and TEST_PG_URL. */
export function testEngine(): Engine {
  return process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';
}

/** A new, empty database of the engine under test: a temporary SQLite file or a new PostgreSQL database. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `meridian_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  if (testEngine() === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-test-'));
    return {
      url: `sqlite:${path.join(dir, `${name}.db`)}`,
      engine: 'sqlite',
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  const admin = process.env.TEST_PG_URL;
  if (!admin) throw new Error('TEST_ENGINE=postgres needs TEST_PG_URL=postgres://user@host:port/db');
  const client = new pg.Client(admin);
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    engine: 'postgres',
    async drop() {
      const c = new pg.Client(admin);
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** A migrated database ready for repository tests, and its clean-up. */
export async function openTestDb(): Promise<{ db: Db; close(): Promise<void> }> {
  const target = await createTestDatabase();
  const db = openDatabase(target.url);
  await migrateToLatest(db, allMigrations);
  return {
    db,
    async close() {
      await db.close();
      await target.drop();
    },
  };
}
