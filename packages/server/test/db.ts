import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
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

/**
 * Where the run's migrated template database is, when its global set-up made one
 * (`test/template.ts`): a SQLite file to copy, or a PostgreSQL database to copy from.
 */
export interface TemplateDatabase {
  engine: Engine;
  /** The SQLite file, or the PostgreSQL database's name. */
  location: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    meridianTemplate: TemplateDatabase | null;
  }
}

/** The template of this run, or null outside Vitest (benchmarks) or where no set-up made one. */
function templateOf(engine: Engine): TemplateDatabase | null {
  let template: TemplateDatabase | null = null;
  try {
    template = inject('meridianTemplate') ?? null;
  } catch {
    // Not in a Vitest worker (a benchmark imports these helpers): every database migrates itself.
    return null;
  }
  return template?.engine === engine ? template : null;
}

/**
 * A new, empty database of the engine under test: a temporary SQLite file or a new PostgreSQL
 * database. With `from`, a copy of that template instead (SQLite: the file; PostgreSQL: `create
 * database ... template`, which copies the files and takes a fraction of migrating).
 */
export async function createTestDatabase(from: TemplateDatabase | null = null): Promise<TestDatabase> {
  const name = `meridian_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  if (testEngine() === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-test-'));
    const file = path.join(dir, `${name}.db`);
    if (from) fs.copyFileSync(from.location, file);
    return {
      url: `sqlite:${file}`,
      engine: 'sqlite',
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  const admin = process.env.TEST_PG_URL;
  if (!admin) throw new Error('TEST_ENGINE=postgres needs TEST_PG_URL=postgres://user@host:port/db');
  const client = new pg.Client(admin);
  await client.connect();
  await client.query(`create database ${name}${from ? ` template ${from.location}` : ''}`);
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

/**
 * A new database with every migration run: a copy of the run's template when there is one. The
 * migrations still run over the copy, finding nothing to do unless the template is behind.
 */
export async function createMigratedTestDatabase(): Promise<TestDatabase> {
  return createTestDatabase(templateOf(testEngine()));
}

/** A migrated database ready for repository tests, and its clean-up. */
export async function openTestDb(): Promise<{ db: Db; close(): Promise<void> }> {
  const target = await createMigratedTestDatabase();
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
