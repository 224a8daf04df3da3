import type { MigrationContext } from '../../platform/db/migrate.ts';

/**
 * Transcript retention and deletion (decision 0137): where an interview attempt's turns or a
 * tree-hole conversation's messages were deleted, a marker of when and why. The retention itself
 * lives in each school's privacy setting (`mind.ai.school.<id>`), so it needs no column.
 */
export async function up({ db, types, withId }: MigrationContext): Promise<void> {
  const s = db.schema;
  await withId(s.createTable('ai_transcript_deletions'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('assignee_id', 'bigint')
    .addColumn('attempt', 'integer')
    .addColumn('conversation_id', 'bigint')
    .addColumn('school_id', 'bigint', (c) => c.notNull())
    .addColumn('cause', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('by_user_id', 'bigint')
    .addColumn('at', types.time, (c) => c.notNull())
    .execute();
  await s
    .createIndex('ai_transcript_deletions_attempt')
    .on('ai_transcript_deletions')
    .columns(['assignee_id', 'attempt'])
    .execute();
  await s
    .createIndex('ai_transcript_deletions_conversation')
    .on('ai_transcript_deletions')
    .columns(['conversation_id'])
    .execute();
  // The cleanup finds old attempts by their turns' time.
  await s.createIndex('ai_interview_turns_at').on('ai_interview_turns').columns(['at']).execute();
}

export async function down({ db }: MigrationContext): Promise<void> {
  await db.schema.dropIndex('ai_interview_turns_at').execute();
  await db.schema.dropTable('ai_transcript_deletions').execute();
}
