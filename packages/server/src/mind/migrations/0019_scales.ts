import type { Kysely } from 'kysely';
import type { MigrationContext } from '../../platform/db/migrate.ts';
import { syncBuiltInScales } from '../scales/seed.ts';

/** The psychology teacher builds the school's custom scales; the class teacher reads the scale center. */
const GRANTS = [
  { role_id: 3, path: '/data/systemScale', perms: 'view,add,edit,delete' },
  { role_id: 4, path: '/data/systemScale', perms: 'view' },
];

/** Mind scales: the library, versions and custom scales, and the built-in scales seeded from code. */
export async function up({ db, types, withId }: MigrationContext): Promise<void> {
  const s = db.schema;

  await withId(s.createTable('scales'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name_zh', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('audience', 'text', (c) => c.notNull())
    .addColumn('built_in', types.bool, (c) => c.notNull())
    .addColumn('owner_org_id', 'bigint', (c) => c.references('orgs.id'))
    .addColumn('owner_org_path', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('draft', types.json)
    .addColumn('current_version_id', 'bigint')
    .addColumn('item_count', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'bigint', (c) => c.references('users.id'))
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .execute();
  // A code names one scale within its owner; built-in codes are kept free by the service.
  await s.createIndex('scales_owner_code').on('scales').columns(['owner_org_id', 'code']).unique().execute();
  await s.createIndex('scales_code').on('scales').column('code').execute();
  await s.createIndex('scales_owner_path').on('scales').column('owner_org_path').execute();

  await withId(s.createTable('scale_versions'))
    .addColumn('scale_id', 'bigint', (c) => c.notNull().references('scales.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('definition', types.json, (c) => c.notNull())
    .addColumn('published_by', 'bigint', (c) => c.references('users.id'))
    .addColumn('published_at', types.time, (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('scale_versions_scale').on('scale_versions').columns(['scale_id', 'version']).unique().execute();

  const k = db as Kysely<Record<string, Record<string, unknown>>>;
  for (const grant of GRANTS) await k.insertInto('role_permissions').values(grant).execute();
  await syncBuiltInScales(k, Date.UTC(2026, 0, 1));
}
