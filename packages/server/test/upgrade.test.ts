import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { allMigrations } from '../src/features.ts';
import { openDatabase } from '../src/platform/db/database.ts';
import { migrateToLatest } from '../src/platform/db/migrate.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { buildUser } from './factories.ts';

/**
 * A database made by main at d943030, the last commit before migrations moved into the features
 * that own them: the SQLite file itself, and for PostgreSQL `pg_dump --inserts` of one (psql's
 * `\restrict` lines removed). The migrations it ran, in their order then.
 */
const FIXTURE = 'main-d943030';
const SHIPPED = [
  '0001_jobs',
  '0002_identity',
  '0003_builtin_roles',
  '0004_files',
  '0005_accounts',
  '0006_orgs',
  '0007_oauth',
  '0008_students',
  '0009_teachers',
  '0010_devices',
  '0011_templates',
  '0012_devices_more',
  '0013_projects_more',
  '0014_people_imports',
  '0015_students_bench_indexes',
  '0016_gateway',
  '0017_telemetry',
  '0018_mqtt',
  '0019_scales',
  '0020_assessments',
  '0021_alarms',
  '0022_notify',
  '0023_warnings_workflow',
  '0024_archive',
  '0025_downloads',
  '0026_devices_by_owner',
];

const fixture = (name: string) => zlib.gunzipSync(fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name)));

const targets: TestDatabase[] = [];
afterEach(async () => {
  for (const t of targets.splice(0)) await t.drop();
});

/** A new database of the engine under test holding what main at d943030 left in one. */
async function databaseOfOldMain(): Promise<string> {
  const target = await createTestDatabase();
  targets.push(target);
  if (target.engine === 'sqlite') {
    fs.writeFileSync(target.url.replace(/^sqlite:/, ''), fixture(`${FIXTURE}.sqlite.gz`));
    return target.url;
  }
  const client = new pg.Client(target.url);
  await client.connect();
  try {
    await client.query(fixture(`${FIXTURE}.pg.sql.gz`).toString('utf8'));
  } finally {
    await client.end();
  }
  return target.url;
}

describe('upgrading a database made before migrations belonged to their features', () => {
  it('keeps every shipped migration under its name and in its order, ahead of every later one', () => {
    const names = Object.keys(allMigrations).sort((a, b) => a.localeCompare(b));
    expect(names.slice(0, SHIPPED.length)).toEqual(SHIPPED);
  });

  it('runs only the migrations added since, and keeps what the old database held', async () => {
    const url = await databaseOfOldMain();
    const db = openDatabase(url);
    try {
      const before = await db.kysely.selectFrom('templates').select('id').where('library', '=', true).execute();
      expect(before.length).toBeGreaterThan(0);
      const applied = await migrateToLatest(db, allMigrations);
      expect(applied).toEqual(
        Object.keys(allMigrations)
          .filter((name) => !SHIPPED.includes(name))
          .sort(),
      );
      const recorded = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db.kysely);
      expect(recorded.rows.map((r) => r.name)).toEqual(Object.keys(allMigrations).sort());
      const after = await db.kysely.selectFrom('templates').select('id').where('library', '=', true).execute();
      expect(after).toHaveLength(before.length);
      // A second start finds nothing to do.
      expect(await migrateToLatest(db, allMigrations)).toEqual([]);
    } finally {
      await db.close();
    }
  });

  it('makes the accounts that were there before memberships level-1 members, and no one else', async () => {
    const target = await createTestDatabase();
    targets.push(target);
    const db = openDatabase(target.url);
    try {
      const grandfather = '0057_membership_grandfather';
      await migrateToLatest(
        db,
        Object.fromEntries(Object.entries(allMigrations).filter(([name]) => name < grandfather)),
      );
      const k = db.kysely;
      const plain = await buildUser(k, { roleIds: [10], userType: 'main', identityId: null });
      const neutral = await buildUser(k, { roleIds: [10], userType: 'main', identityId: null });
      await k.updateTable('users').set({ vip_level: 2 }).where('id', '=', neutral.id).execute();
      const sub = await buildUser(k, { roleIds: [11], userType: 'sub', parentId: plain.id, identityId: null });
      const staff = await buildUser(k, {});
      await migrateToLatest(db, allMigrations);
      const levels = await k
        .selectFrom('users')
        .select(['id', 'vip_level', 'vip_expires_at'])
        .where('id', 'in', [plain.id, neutral.id, sub.id, staff.id])
        .orderBy('id')
        .execute();
      expect(levels.map((r) => [r.id, Number(r.vip_level), r.vip_expires_at])).toEqual([
        [plain.id, 1, null],
        [neutral.id, 2, null],
        [sub.id, 0, null],
        [staff.id, 0, null],
      ]);
    } finally {
      await db.close();
    }
  });

  it('builds a new database with the same migrations, in the same order', async () => {
    const target = await createTestDatabase();
    targets.push(target);
    const db = openDatabase(target.url);
    try {
      expect(await migrateToLatest(db, allMigrations)).toEqual(Object.keys(allMigrations).sort());
    } finally {
      await db.close();
    }
  });
});
