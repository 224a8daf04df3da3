import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/db.ts';
import { buildUser } from '../../../test/factories.ts';
import { allMigrations } from '../../features.ts';
import { type Db, openDatabase } from '../../platform/db/database.ts';
import { migrateToLatest } from '../../platform/db/migrate.ts';
import { fromJson, toJson } from '../../platform/db/sql.ts';

let target: TestDatabase;
let db: Db;

beforeAll(async () => {
  target = await createTestDatabase();
  db = openDatabase(target.url);
});
afterAll(async () => {
  await db?.close();
  await target?.drop();
});

it('makes a screen saved before versions existed version 1, published, as it was', async () => {
  const before = Object.fromEntries(Object.entries(allMigrations).filter(([name]) => Number(name.slice(0, 4)) < 110));
  await migrateToLatest(db, before);
  const owner = await buildUser(db.kysely, { roleIds: [10], userType: 'main', identityId: null });
  const document = { format: 1, width: 1280, height: 720, grid: 10, background: null, elements: [], template: null };
  const { id } = await db.kysely
    .insertInto('scada_screens')
    .values({
      owner_id: owner.id,
      name: 'Before versions',
      sharing: 'closed',
      document: toJson(document),
      element_count: 0,
      revision: 7,
      created_by: owner.id,
      created_at: 1000,
      updated_at: 2000,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  await migrateToLatest(db, allMigrations);
  const screen = await db.kysely
    .selectFrom('scada_screens')
    .select(['revision', 'draft_version', 'published_version'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  expect(screen).toEqual({ revision: 7, draft_version: 1, published_version: 1 });
  const versions = await db.kysely.selectFrom('scada_versions').selectAll().where('screen_id', '=', id).execute();
  expect(versions).toHaveLength(1);
  expect(versions[0]).toMatchObject({ number: 1, element_count: 0, created_at: 2000, rolled_back_from: null });
  expect(Number(versions[0]?.created_by)).toBe(owner.id);
  expect(fromJson(versions[0]?.document)).toEqual(document);
}, 60_000);
