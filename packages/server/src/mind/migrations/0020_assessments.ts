import type { Kysely } from 'kysely';
import type { MigrationContext } from '../../platform/db/migrate.ts';

/**
 * What the psychology teacher (3) and the class teacher (4) may do with assessments: the
 * psychology teacher runs the school's tasks and reads its results; the class teacher follows
 * progress and reads the results of their classes (the data scope narrows both).
 */
const GRANTS = [
  { role_id: 3, path: '/data/scaleMeasurement', perms: 'view,add,edit,delete,export' },
  { role_id: 3, path: '/data/otherEvaluation', perms: 'view,add,edit,delete,export' },
  { role_id: 3, path: '/data/scaleResult', perms: 'view,export' },
  { role_id: 4, path: '/data/scaleMeasurement', perms: 'view' },
  { role_id: 4, path: '/data/scaleResult', perms: 'view' },
];

/** Mind assessment tasks, answer sheets, results, to-dos and the warnings results open. */
export async function up({ db, types, no, withId }: MigrationContext): Promise<void> {
  const s = db.schema;

  await withId(s.createTable('assessment_tasks'))
    .addColumn('org_id', 'bigint', (c) => c.notNull().references('orgs.id'))
    .addColumn('org_path', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('rater', 'text')
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('targets', types.json, (c) => c.notNull())
    .addColumn('starts_at', types.time, (c) => c.notNull())
    .addColumn('ends_at', types.time, (c) => c.notNull())
    .addColumn('retest', types.bool, (c) => c.notNull().defaultTo(no))
    .addColumn('show_report', types.bool, (c) => c.notNull().defaultTo(no))
    .addColumn('max_minutes', 'integer')
    .addColumn('assignee_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'bigint', (c) => c.notNull())
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .addColumn('published_at', types.time)
    .execute();
  await s.createIndex('assessment_tasks_org').on('assessment_tasks').columns(['org_path', 'id']).execute();

  await withId(s.createTable('assessment_task_scales'))
    .addColumn('task_id', 'bigint', (c) => c.notNull().references('assessment_tasks.id').onDelete('cascade'))
    .addColumn('scale_id', 'bigint', (c) => c.notNull())
    .addColumn('version_id', 'bigint')
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await s
    .createIndex('assessment_task_scales_unique')
    .on('assessment_task_scales')
    .columns(['task_id', 'scale_id'])
    .unique()
    .execute();

  await withId(s.createTable('assessment_assignees'))
    .addColumn('task_id', 'bigint', (c) => c.notNull().references('assessment_tasks.id').onDelete('cascade'))
    .addColumn('scale_id', 'bigint', (c) => c.notNull())
    .addColumn('version_id', 'bigint', (c) => c.notNull())
    .addColumn('student_id', 'bigint', (c) => c.references('students.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('school_id', 'bigint', (c) => c.notNull())
    .addColumn('grade_id', 'bigint')
    .addColumn('class_id', 'bigint')
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('todo'))
    .addColumn('answers', types.json, (c) => c.notNull())
    .addColumn('started_at', types.time)
    .addColumn('submitted_at', types.time)
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('result_id', 'bigint')
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .execute();
  // A sheet is found by task, scale and student (or teacher): the submit path's one read.
  await s
    .createIndex('assessment_assignees_student')
    .on('assessment_assignees')
    .columns(['student_id', 'task_id', 'scale_id'])
    .unique()
    .where('student_id', 'is not', null)
    .execute();
  await s
    .createIndex('assessment_assignees_teacher')
    .on('assessment_assignees')
    .columns(['user_id', 'task_id', 'scale_id'])
    .unique()
    .where('user_id', 'is not', null)
    .execute();
  // Progress counts by task, then school, grade, class.
  await s
    .createIndex('assessment_assignees_progress')
    .on('assessment_assignees')
    .columns(['task_id', 'school_id', 'grade_id', 'class_id', 'state'])
    .execute();

  await withId(s.createTable('assessment_results'))
    .addColumn('task_id', 'bigint', (c) => c.notNull().references('assessment_tasks.id').onDelete('cascade'))
    .addColumn('assignee_id', 'bigint', (c) => c.notNull())
    .addColumn('scale_id', 'bigint', (c) => c.notNull())
    .addColumn('version_id', 'bigint', (c) => c.notNull())
    .addColumn('student_id', 'bigint', (c) => c.references('students.id').onDelete('cascade'))
    .addColumn('respondent_id', 'bigint', (c) => c.notNull())
    .addColumn('school_id', 'bigint', (c) => c.notNull())
    .addColumn('grade_id', 'bigint')
    .addColumn('class_id', 'bigint')
    .addColumn('valid', types.bool, (c) => c.notNull())
    .addColumn('total', 'double precision')
    .addColumn('band', 'text')
    .addColumn('warning_level', 'text')
    .addColumn('score', types.json, (c) => c.notNull())
    .addColumn('answers', types.json, (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('duration_ms', 'bigint')
    .addColumn('submitted_at', types.time, (c) => c.notNull())
    .execute();
  // Result lists filter by school, grade, class (the scope) and page by id.
  await s
    .createIndex('assessment_results_list')
    .on('assessment_results')
    .columns(['school_id', 'grade_id', 'class_id', 'id'])
    .execute();
  await s.createIndex('assessment_results_task').on('assessment_results').columns(['task_id', 'scale_id']).execute();
  await s.createIndex('assessment_results_student').on('assessment_results').columns(['student_id', 'id']).execute();

  await withId(s.createTable('todos'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title_key', 'text', (c) => c.notNull())
    .addColumn('params', types.json, (c) => c.notNull())
    .addColumn('source_type', 'text', (c) => c.notNull())
    .addColumn('source_id', 'bigint', (c) => c.notNull())
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addColumn('done_at', types.time)
    .execute();
  await s.createIndex('todos_user').on('todos').columns(['user_id', 'done_at', 'id']).execute();
  await s.createIndex('todos_source').on('todos').columns(['source_type', 'source_id', 'kind']).execute();

  await withId(s.createTable('warnings'))
    .addColumn('student_id', 'bigint', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('school_id', 'bigint', (c) => c.notNull())
    .addColumn('class_id', 'bigint')
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('rule', 'text', (c) => c.notNull())
    .addColumn('reason', types.json, (c) => c.notNull())
    .addColumn('source_type', 'text', (c) => c.notNull())
    .addColumn('source_id', 'bigint', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('new'))
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .execute();
  await s.createIndex('warnings_school').on('warnings').columns(['school_id', 'state', 'id']).execute();
  await s.createIndex('warnings_student').on('warnings').columns(['student_id', 'id']).execute();

  // Typed loosely on purpose: a migration must not depend on today's table types.
  const k = db as Kysely<Record<string, Record<string, unknown>>>;
  await k.insertInto('role_permissions').values(GRANTS).execute();
}

export async function down({ db }: MigrationContext): Promise<void> {
  const k = db as Kysely<Record<string, Record<string, unknown>>>;
  for (const g of GRANTS) {
    await k.deleteFrom('role_permissions').where('role_id', '=', g.role_id).where('path', '=', g.path).execute();
  }
  for (const table of [
    'warnings',
    'todos',
    'assessment_results',
    'assessment_assignees',
    'assessment_task_scales',
    'assessment_tasks',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
