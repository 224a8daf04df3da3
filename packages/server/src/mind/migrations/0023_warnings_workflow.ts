import type { Kysely } from 'kysely';
import type { MigrationContext } from '../../platform/db/migrate.ts';

/**
 * The psychology teacher (3) assigns and handles the school's warnings; the class teacher (4)
 * handles those of their classes and records interventions. Neither reads others' private notes.
 */
const GRANTS = [
  { role_id: 3, path: '/data/intervene', perms: 'view,add,edit,export,assign' },
  { role_id: 3, path: '/data/lastWarningLevel', perms: 'view' },
  { role_id: 3, path: '/data/attentionReminder', perms: 'view' },
  { role_id: 3, path: '/data/reminderConfiguration', perms: 'view' },
  { role_id: 4, path: '/data/intervene', perms: 'view,add,edit' },
  { role_id: 4, path: '/data/lastWarningLevel', perms: 'view' },
  { role_id: 4, path: '/data/attentionReminder', perms: 'view' },
];

const LEVELS = [
  { code: 'red', name: { 'zh-CN': '红色预警', en: 'Red' }, colour: '#f5222d', rank: 1, days: 7 },
  { code: 'orange', name: { 'zh-CN': '橙色预警', en: 'Orange' }, colour: '#fa8c16', rank: 2, days: 14 },
  { code: 'yellow', name: { 'zh-CN': '黄色预警', en: 'Yellow' }, colour: '#fadb14', rank: 3, days: 30 },
];

/** Mind warning levels, the warning workflow, interventions and reminders. */
export async function up({ db, types, withId }: MigrationContext): Promise<void> {
  const s = db.schema;
  const at = Date.now();

  await withId(s.createTable('warning_levels'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', types.json, (c) => c.notNull())
    .addColumn('colour', 'text', (c) => c.notNull())
    .addColumn('rank', 'integer', (c) => c.notNull())
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .execute();

  // The workflow's columns on the warning itself: who handles it, where its notice stands, when it is next due.
  for (const [name, type] of [
    ['psychology_user_id', 'bigint'],
    ['class_teacher_user_id', 'bigint'],
    ['escalated_to_org_id', 'bigint'],
    ['conclusion', 'text'],
    ['closed_at', types.time],
    ['follow_up_due_at', types.time],
    ['reminded_due_at', types.time],
  ] as const) {
    await s.alterTable('warnings').addColumn(name, type).execute();
  }
  await s
    .alterTable('warnings')
    .addColumn('push_state', 'text', (c) => c.notNull().defaultTo('none'))
    .execute();
  await s.createIndex('warnings_due').on('warnings').columns(['follow_up_due_at']).execute();

  await withId(s.createTable('warning_history'))
    .addColumn('warning_id', 'bigint', (c) => c.notNull().references('warnings.id').onDelete('cascade'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('from_state', 'text')
    .addColumn('to_state', 'text', (c) => c.notNull())
    .addColumn('from_level', 'text')
    .addColumn('to_level', 'text')
    .addColumn('reason', 'text')
    .addColumn('by_user_id', 'bigint')
    .addColumn('at', types.time, (c) => c.notNull())
    .execute();
  await s.createIndex('warning_history_warning').on('warning_history').columns(['warning_id', 'id']).execute();

  await withId(s.createTable('warning_notices'))
    .addColumn('warning_id', 'bigint', (c) => c.notNull().references('warnings.id').onDelete('cascade'))
    .addColumn('history_id', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title_key', 'text', (c) => c.notNull())
    .addColumn('params', types.json, (c) => c.notNull())
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addColumn('read_at', types.time)
    .execute();
  // One notice per step and person: a push that runs twice writes nothing the second time.
  await s
    .createIndex('warning_notices_once')
    .on('warning_notices')
    .columns(['history_id', 'user_id'])
    .unique()
    .execute();

  await withId(s.createTable('interventions'))
    .addColumn('warning_id', 'bigint', (c) => c.notNull().references('warnings.id').onDelete('cascade'))
    .addColumn('student_id', 'bigint', (c) => c.notNull())
    .addColumn('school_id', 'bigint', (c) => c.notNull())
    .addColumn('class_id', 'bigint')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('happened_at', types.time, (c) => c.notNull())
    .addColumn('place', 'text', (c) => c.notNull())
    .addColumn('people', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('assessment', 'text', (c) => c.notNull())
    .addColumn('next_step', 'text', (c) => c.notNull())
    .addColumn('method', 'text')
    .addColumn('institution', 'text', (c) => c.notNull())
    .addColumn('attachments', types.json, (c) => c.notNull())
    .addColumn('private_note', 'text', (c) => c.notNull())
    .addColumn('next_follow_up_at', types.time)
    .addColumn('author_id', 'bigint', (c) => c.notNull())
    .addColumn('created_at', types.time, (c) => c.notNull())
    .execute();
  await s.createIndex('interventions_warning').on('interventions').columns(['warning_id', 'id']).execute();
  await s.createIndex('interventions_student').on('interventions').columns(['student_id', 'id']).execute();

  await withId(s.createTable('reminder_configurations'))
    .addColumn('enabled', types.bool, (c) => c.notNull())
    .addColumn('rules', types.json, (c) => c.notNull())
    .addColumn('updated_by', 'bigint')
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .execute();
  await withId(s.createTable('reminder_configuration_log'))
    .addColumn('before', types.json, (c) => c.notNull())
    .addColumn('after', types.json, (c) => c.notNull())
    .addColumn('by_user_id', 'bigint', (c) => c.notNull())
    .addColumn('at', types.time, (c) => c.notNull())
    .execute();

  // Typed loosely on purpose: a migration must not depend on today's table types.
  const k = db as Kysely<Record<string, Record<string, unknown>>>;
  await k
    .insertInto('warning_levels')
    .values(
      LEVELS.map((l) => ({
        code: l.code,
        name: JSON.stringify(l.name),
        colour: l.colour,
        rank: l.rank,
        updated_at: at,
      })),
    )
    .execute();
  const rules = LEVELS.map((l) => ({ level: l.code, everyDays: l.days, remindBeforeHours: 24 }));
  await k
    .insertInto('reminder_configurations')
    .values({ enabled: true, rules: JSON.stringify(rules), updated_by: null, updated_at: at })
    .execute();
  await k.insertInto('role_permissions').values(GRANTS).execute();
}

export async function down({ db }: MigrationContext): Promise<void> {
  const k = db as Kysely<Record<string, Record<string, unknown>>>;
  for (const g of GRANTS) {
    await k.deleteFrom('role_permissions').where('role_id', '=', g.role_id).where('path', '=', g.path).execute();
  }
  for (const table of [
    'reminder_configuration_log',
    'reminder_configurations',
    'interventions',
    'warning_notices',
    'warning_history',
    'warning_levels',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.dropIndex('warnings_due').execute();
  for (const column of [
    'push_state',
    'reminded_due_at',
    'follow_up_due_at',
    'closed_at',
    'conclusion',
    'escalated_to_org_id',
    'class_teacher_user_id',
    'psychology_user_id',
  ]) {
    await db.schema.alterTable('warnings').dropColumn(column).execute();
  }
}
