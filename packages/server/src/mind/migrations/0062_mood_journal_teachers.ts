import type { Kysely } from 'kysely';
import type { MigrationContext } from '../../platform/db/migrate.ts';

type Loose = Kysely<Record<string, Record<string, unknown>>>;

/** The psychology teacher (3) reads the journal and the school's settings; the class teacher (4) the journal. */
const GRANTS = [
  { role_id: 3, path: '/data/moodJournal', perms: 'view' },
  { role_id: 3, path: '/data/moodJournalTest', perms: 'view' },
  { role_id: 4, path: '/data/moodJournal', perms: 'view' },
];
const SETTINGS_MENU = { code: 'mind_mood_settings', name: '心情日记设置', en: 'Mood journal settings' };

async function idOf(k: Loose, table: string, code: string): Promise<number> {
  const row = await k.selectFrom(table).select('id').where('code', '=', code).executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * The teachers' side of the mood journal (decision 0089): each school's settings (low mood for N
 * days, the threshold, who may read notes), the low-mood streaks that opened a warning, the
 * grants and the settings' sidebar item beside the journal's.
 */
export async function up({ db, types, withId }: MigrationContext): Promise<void> {
  const s = db.schema;
  await s
    .createTable('mood_settings')
    .addColumn('school_id', 'bigint', (c) => c.primaryKey().references('orgs.id').onDelete('cascade'))
    .addColumn('low_days', 'integer', (c) => c.notNull())
    .addColumn('low_threshold', 'integer', (c) => c.notNull())
    .addColumn('note_readers', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .execute();
  await withId(s.createTable('mood_low_streaks'))
    .addColumn('student_id', 'bigint', (c) => c.notNull().references('students.id').onDelete('cascade'))
    // The first low day of the streak: one streak opens one warning, however often the job runs.
    .addColumn('since', 'text', (c) => c.notNull())
    .addColumn('warning_id', 'bigint')
    .addColumn('created_at', types.time, (c) => c.notNull())
    .execute();
  await s
    .createIndex('mood_low_streaks_once')
    .on('mood_low_streaks')
    .columns(['student_id', 'since'])
    .unique()
    .execute();
  const k = db as unknown as Loose;
  await k.insertInto('role_permissions').values(GRANTS).execute();
  const journal = await k
    .selectFrom('apps')
    .select(['category_id', 'parent_id', 'sort'])
    .where('code', '=', 'mind_mood_journal')
    .executeTakeFirstOrThrow();
  const at = Date.now();
  await k
    .insertInto('apps')
    .values({
      code: SETTINGS_MENU.code,
      name: SETTINGS_MENU.name,
      name_en: SETTINGS_MENU.en,
      category_id: journal.category_id,
      parent_id: journal.parent_id,
      product: 'mind',
      icon: null,
      publish_url: '/jdp/data/moodJournalTest',
      description: null,
      sort: journal.sort,
      enabled: true,
      created_at: at,
      updated_at: at,
    })
    .execute();
  const appId = await idOf(k, 'apps', SETTINGS_MENU.code);
  await k
    .insertInto('app_roles')
    .values([1, 2, 3].map((roleId) => ({ app_id: appId, role_id: roleId })))
    .execute();
}

export async function down({ db }: MigrationContext): Promise<void> {
  const k = db as unknown as Loose;
  const appId = await idOf(k, 'apps', SETTINGS_MENU.code);
  await k.deleteFrom('app_roles').where('app_id', '=', appId).execute();
  await k.deleteFrom('apps').where('id', '=', appId).execute();
  for (const g of GRANTS) {
    await k.deleteFrom('role_permissions').where('role_id', '=', g.role_id).where('path', '=', g.path).execute();
  }
  for (const table of ['mood_low_streaks', 'mood_settings']) await db.schema.dropTable(table).execute();
}
