import type { MigrationContext } from '../../platform/db/migrate.ts';

/**
 * Campus alerts by SMS and the emotion filter (decision 0143): a push rule names the emotion alert
 * levels it tells about (comma-separated; existing rules keep telling about all). each message about a behaviour or emotion alert records how
 * it went, `sent`, `skipped` (the person has no mobile) or `failed` (the provider refused), with the
 * reason's catalogue key, the provider's own words and its id of the message.
 */
const TABLES = ['campus_notices', 'emotion_alert_notices'] as const;

export async function up({ db }: MigrationContext): Promise<void> {
  await db.schema
    .alterTable('campus_push_rules')
    .addColumn('emotion_levels', 'text', (c) => c.notNull().defaultTo('attention,serious'))
    .execute();
  for (const table of TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('sent'))
      .execute();
    await db.schema.alterTable(table).addColumn('reason', 'text').execute();
    await db.schema.alterTable(table).addColumn('detail', 'text').execute();
    await db.schema.alterTable(table).addColumn('ref', 'text').execute();
  }
}

export async function down({ db }: MigrationContext): Promise<void> {
  for (const table of TABLES) {
    for (const column of ['ref', 'detail', 'reason', 'status']) {
      await db.schema.alterTable(table).dropColumn(column).execute();
    }
  }
  await db.schema.alterTable('campus_push_rules').dropColumn('emotion_levels').execute();
}
