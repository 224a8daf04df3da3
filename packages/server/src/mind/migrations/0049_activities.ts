import type { Kysely } from 'kysely';
import type { MigrationContext } from '../../platform/db/migrate.ts';

/** The psychology teacher (3) publishes activities and keeps their sign-up lists; the class teacher (4) reads them. */
const GRANTS = [
  { role_id: 3, path: '/data/activityManage', perms: 'view,add,edit,delete,export' },
  { role_id: 4, path: '/data/activityManage', perms: 'view' },
];

/** Activities with a quota, and their sign-ups (decision 0081). */
export async function up({ db, types, withId }: MigrationContext): Promise<void> {
  const s = db.schema;
  await withId(s.createTable('activities'))
    .addColumn('org_id', 'bigint', (c) => c.notNull().references('orgs.id'))
    .addColumn('org_path', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('place', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('quota', 'integer', (c) => c.notNull())
    // Kept beside the quota so that one conditional update takes a place, whatever runs at once.
    .addColumn('signed', 'integer', (c) => c.notNull())
    .addColumn('audience', 'text', (c) => c.notNull())
    .addColumn('targets', types.json, (c) => c.notNull())
    .addColumn('starts_at', types.time, (c) => c.notNull())
    .addColumn('ends_at', types.time, (c) => c.notNull())
    .addColumn('signup_from', types.time, (c) => c.notNull())
    .addColumn('signup_until', types.time, (c) => c.notNull())
    .addColumn('created_by', 'bigint', (c) => c.notNull())
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .execute();
  await s.createIndex('activities_org').on('activities').columns(['org_path', 'id']).execute();

  await withId(s.createTable('activity_signups'))
    .addColumn('activity_id', 'bigint', (c) => c.notNull().references('activities.id').onDelete('cascade'))
    .addColumn('student_id', 'bigint', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('signer', 'text', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('attended', types.bool)
    .addColumn('created_at', types.time, (c) => c.notNull())
    .execute();
  // A student takes one place as themselves and one through their parents: a second submission hits this.
  await s
    .createIndex('activity_signups_once')
    .on('activity_signups')
    .columns(['activity_id', 'student_id', 'signer'])
    .unique()
    .execute();

  const k = db as Kysely<Record<string, Record<string, unknown>>>;
  await k.insertInto('role_permissions').values(GRANTS).execute();
}

export async function down({ db }: MigrationContext): Promise<void> {
  const k = db as Kysely<Record<string, Record<string, unknown>>>;
  for (const g of GRANTS) {
    await k.deleteFrom('role_permissions').where('role_id', '=', g.role_id).where('path', '=', g.path).execute();
  }
  await db.schema.dropTable('activity_signups').execute();
  await db.schema.dropTable('activities').execute();
}
