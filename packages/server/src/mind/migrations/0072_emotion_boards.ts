import type { Kysely } from 'kysely';
import type { MigrationContext } from '../../platform/db/migrate.ts';

type Loose = Kysely<Record<string, Record<string, unknown>>>;

/**
 * Class emotion samples and their summaries per class and hour and per class and day (decision 0100), and the sidebar item of the
 * emotion boards for the bureau and school administrators (1, 2), who hold every path already.
 * Shares are kept as whole thousandths of a face (share × faces × 1000) so that sums are exact on
 * both engines. A snapshot: never import today's catalogues.
 */
const EMOTIONS = ['happy', 'calm', 'surprised', 'sad', 'angry', 'fearful'];
const ITEM = { code: 'mind_emotion_boards', name: '情绪看板', en: 'Emotion boards', url: '/jdp/data/schoolEmotion' };
const ROLES = [1, 2];

export async function up({ db, types, withId }: MigrationContext): Promise<void> {
  const s = db.schema;
  let samples = withId(s.createTable('emotion_samples'))
    .addColumn('device_id', 'bigint', (c) => c.notNull().references('campus_devices.id').onDelete('cascade'))
    .addColumn('school_id', 'bigint', (c) => c.notNull().references('orgs.id'))
    .addColumn('class_id', 'bigint', (c) => c.notNull().references('orgs.id'))
    .addColumn('sample_id', 'text', (c) => c.notNull())
    .addColumn('occurred_at', types.time, (c) => c.notNull())
    .addColumn('received_at', types.time, (c) => c.notNull())
    .addColumn('faces', 'integer', (c) => c.notNull());
  for (const e of EMOTIONS) samples = samples.addColumn(e, 'bigint', (c) => c.notNull());
  await samples.execute();
  // The device's idempotency key: a retried sample is stored (and summed) once.
  await s
    .createIndex('emotion_samples_once')
    .on('emotion_samples')
    .columns(['device_id', 'sample_id'])
    .unique()
    .execute();
  let hours = withId(s.createTable('emotion_class_hours'))
    .addColumn('school_id', 'bigint', (c) => c.notNull().references('orgs.id'))
    .addColumn('class_id', 'bigint', (c) => c.notNull().references('orgs.id'))
    // The Beijing day, `YYYY-MM-DD`, and hour of day of the samples.
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('hour', 'integer', (c) => c.notNull())
    .addColumn('samples', 'integer', (c) => c.notNull())
    .addColumn('faces', 'bigint', (c) => c.notNull());
  for (const e of EMOTIONS) hours = hours.addColumn(e, 'bigint', (c) => c.notNull());
  await hours.execute();
  await s
    .createIndex('emotion_class_hours_once')
    .on('emotion_class_hours')
    .columns(['class_id', 'day', 'hour'])
    .unique()
    .execute();
  await s.createIndex('emotion_class_hours_school').on('emotion_class_hours').columns(['school_id', 'day']).execute();
  // The same sums per class and day: what trends, class comparisons and the record read.
  let days = withId(s.createTable('emotion_class_days'))
    .addColumn('school_id', 'bigint', (c) => c.notNull().references('orgs.id'))
    .addColumn('class_id', 'bigint', (c) => c.notNull().references('orgs.id'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('samples', 'integer', (c) => c.notNull())
    .addColumn('faces', 'bigint', (c) => c.notNull());
  for (const e of EMOTIONS) days = days.addColumn(e, 'bigint', (c) => c.notNull());
  await days.execute();
  await s
    .createIndex('emotion_class_days_once')
    .on('emotion_class_days')
    .columns(['class_id', 'day'])
    .unique()
    .execute();
  await s.createIndex('emotion_class_days_school').on('emotion_class_days').columns(['school_id', 'day']).execute();

  const k = db as unknown as Loose;
  const after = await k.selectFrom('apps').selectAll().where('code', '=', 'mind_emotion').executeTakeFirstOrThrow();
  const at = Date.now();
  await k
    .insertInto('apps')
    .values({
      code: ITEM.code,
      name: ITEM.name,
      name_en: ITEM.en,
      category_id: after.category_id,
      parent_id: after.parent_id,
      product: 'mind',
      icon: null,
      publish_url: ITEM.url,
      description: null,
      sort: Number(after.sort) + 1,
      enabled: true,
      created_at: at,
      updated_at: at,
    })
    .execute();
  const app = await k.selectFrom('apps').select('id').where('code', '=', ITEM.code).executeTakeFirstOrThrow();
  await k
    .insertInto('app_roles')
    .values(ROLES.map((roleId) => ({ app_id: app.id, role_id: roleId })))
    .execute();
}

export async function down({ db }: MigrationContext): Promise<void> {
  const k = db as unknown as Loose;
  const app = await k.selectFrom('apps').select('id').where('code', '=', ITEM.code).executeTakeFirstOrThrow();
  await k.deleteFrom('app_roles').where('app_id', '=', app.id).execute();
  await k.deleteFrom('apps').where('id', '=', app.id).execute();
  await db.schema.dropTable('emotion_class_days').execute();
  await db.schema.dropTable('emotion_class_hours').execute();
  await db.schema.dropTable('emotion_samples').execute();
}
