import type { MigrationContext } from '../../platform/db/migrate.ts';
import { grantPermission, revokePermission } from '../../platform/db/role-grants.ts';

/** The psychology teacher handles warnings: they read the tree-hole report of what students shared. */
const GRANT = { roleId: 3, path: '/data/AIReport', perms: 'view' };

/**
 * The AI mood tree hole (decision 0111): a student's conversations with the listener, whether the
 * student shares each with the school, and its messages (each crisis-checked).
 */
export async function up({ db, types, withId }: MigrationContext): Promise<void> {
  const s = db.schema;
  await withId(s.createTable('tree_hole_conversations'))
    .addColumn('student_id', 'bigint', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('school_id', 'bigint', (c) => c.notNull())
    .addColumn('class_id', 'bigint')
    // Off until the student turns it on: the school reads only shared conversations.
    .addColumn('shared', types.bool, (c) => c.notNull().defaultTo(false))
    .addColumn('warning_id', 'bigint')
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .execute();
  await s
    .createIndex('tree_hole_conversations_student')
    .on('tree_hole_conversations')
    .columns(['student_id', 'id'])
    .execute();
  await s
    .createIndex('tree_hole_conversations_school')
    .on('tree_hole_conversations')
    .columns(['school_id', 'id'])
    .execute();
  await withId(s.createTable('tree_hole_messages'))
    .addColumn('conversation_id', 'bigint', (c) =>
      c.notNull().references('tree_hole_conversations.id').onDelete('cascade'),
    )
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('crisis', types.bool, (c) => c.notNull().defaultTo(false))
    .addColumn('at', types.time, (c) => c.notNull())
    .execute();
  await s
    .createIndex('tree_hole_messages_conversation')
    .on('tree_hole_messages')
    .columns(['conversation_id', 'id'])
    .execute();
  await grantPermission(db, GRANT);
}

export async function down({ db }: MigrationContext): Promise<void> {
  await revokePermission(db, GRANT);
  await db.schema.dropTable('tree_hole_messages').execute();
  await db.schema.dropTable('tree_hole_conversations').execute();
}
