import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { allMigrations } from '../src/features.ts';
import { openDatabase } from '../src/platform/db/database.ts';
import { migrateToLatest } from '../src/platform/db/migrate.ts';
import type { TemplateDatabase } from './db.ts';

/**
 * Vitest's global set-up of the projects that make databases: migrates one template database
 * before any test file runs, which each test then copies (`createMigratedTestDatabase`) instead of
 * running every migration again. Migrating a new PostgreSQL database takes seconds; copying a
 * template, a fraction of one. Removed when the run ends.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const engine = project.config.env?.TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';
  const name = `meridian_tpl_${process.pid}_${Date.now().toString(36)}`;
  if (engine === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-template-'));
    const file = path.join(dir, `${name}.db`);
    const db = openDatabase(`sqlite:${file}`);
    await migrateToLatest(db, allMigrations);
    // Closing checkpoints the write-ahead log into the file, so that the file alone is the database.
    await db.close();
    project.provide('meridianTemplate', { engine, location: file } satisfies TemplateDatabase);
    return async () => fs.rmSync(dir, { recursive: true, force: true });
  }
  const admin = process.env.TEST_PG_URL;
  if (!admin) throw new Error('TEST_ENGINE=postgres needs TEST_PG_URL=postgres://user@host:port/db');
  const run = async (sql: string) => {
    const client = new pg.Client(admin);
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const db = openDatabase(url.toString());
  await migrateToLatest(db, allMigrations);
  await db.close();
  project.provide('meridianTemplate', { engine, location: name } satisfies TemplateDatabase);
  return () => run(`drop database if exists ${name} with (force)`);
}
