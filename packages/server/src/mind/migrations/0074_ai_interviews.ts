import type { MigrationContext } from '../../platform/db/migrate.ts';
import { grantPermission, revokePermission } from '../../platform/db/role-grants.ts';

/** The psychology teacher runs the school's AI interviews and reads their reports, as for questionnaires. */
const GRANT = { roleId: 3, path: '/data/AIScaleMeasurement', perms: 'view,add,edit,export' };

/**
 * AI interview assessments (decision 0102): a task's answering mode, the conversation of each sheet
 * (every turn, with the option an answer was mapped to) and the mappings teachers corrected.
 */
export async function up({ db, types, withId }: MigrationContext): Promise<void> {
  const s = db.schema;
  await s
    .alterTable('assessment_tasks')
    .addColumn('mode', 'text', (c) => c.notNull().defaultTo('questionnaire'))
    .execute();
  await withId(s.createTable('ai_interview_turns'))
    .addColumn('assignee_id', 'bigint', (c) => c.notNull().references('assessment_assignees.id').onDelete('cascade'))
    // The sheet's attempt the turn belongs to (a retest starts a new conversation).
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text')
    .addColumn('option_value', 'text')
    .addColumn('next_question', 'text')
    // proposed: shown to the student to confirm; confirmed: saved as the answer; question, crisis, failed, answer.
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('crisis', types.bool, (c) => c.notNull().defaultTo(false))
    .addColumn('at', types.time, (c) => c.notNull())
    .execute();
  await s
    .createIndex('ai_interview_turns_sheet')
    .on('ai_interview_turns')
    .columns(['assignee_id', 'attempt', 'id'])
    .execute();
  await withId(s.createTable('ai_interview_corrections'))
    .addColumn('result_id', 'bigint', (c) => c.notNull().references('assessment_results.id').onDelete('cascade'))
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('from_value', 'text', (c) => c.notNull())
    .addColumn('to_value', 'text', (c) => c.notNull())
    .addColumn('from_total', 'double precision')
    .addColumn('to_total', 'double precision')
    .addColumn('by_user_id', 'bigint', (c) => c.notNull())
    .addColumn('at', types.time, (c) => c.notNull())
    .execute();
  await s
    .createIndex('ai_interview_corrections_result')
    .on('ai_interview_corrections')
    .columns(['result_id', 'id'])
    .execute();
  // A role edited by hand may already name the page: what it holds is kept.
  await grantPermission(db, GRANT);
}

export async function down({ db }: MigrationContext): Promise<void> {
  await revokePermission(db, GRANT);
  await db.schema.dropTable('ai_interview_corrections').execute();
  await db.schema.dropTable('ai_interview_turns').execute();
  await db.schema.alterTable('assessment_tasks').dropColumn('mode').execute();
}
