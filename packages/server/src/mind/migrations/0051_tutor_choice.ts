import type { Kysely } from 'kysely';
import type { MigrationContext } from '../../platform/db/migrate.ts';

/** The psychology teacher (3) runs tutor choice; the class teacher (4) follows its progress. */
const GRANTS = [
  { role_id: 3, path: '/data/tutorChoice', perms: 'view,add,edit,delete' },
  { role_id: 3, path: '/data/taskSelectProgress', perms: 'view' },
  { role_id: 4, path: '/data/taskSelectProgress', perms: 'view' },
];

/** Tutor-choice tasks, their tutors with quotas, and the students' choices (decision 0081). */
export async function up({ db, types, withId }: MigrationContext): Promise<void> {
  const s = db.schema;
  await withId(s.createTable('tutor_tasks'))
    .addColumn('org_id', 'bigint', (c) => c.notNull().references('orgs.id'))
    .addColumn('org_path', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('rounds', 'integer', (c) => c.notNull())
    .addColumn('round', 'integer', (c) => c.notNull())
    .addColumn('class_ids', types.json, (c) => c.notNull())
    .addColumn('opens_at', types.time, (c) => c.notNull())
    .addColumn('closes_at', types.time, (c) => c.notNull())
    .addColumn('created_by', 'bigint', (c) => c.notNull())
    .addColumn('created_at', types.time, (c) => c.notNull())
    .execute();
  await s.createIndex('tutor_tasks_org').on('tutor_tasks').columns(['org_path', 'id']).execute();
  await withId(s.createTable('tutor_task_tutors'))
    .addColumn('task_id', 'bigint', (c) => c.notNull().references('tutor_tasks.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('quota', 'integer', (c) => c.notNull())
    // Places held (pending or confirmed), raised only while below the quota.
    .addColumn('taken', 'integer', (c) => c.notNull())
    .execute();
  await s
    .createIndex('tutor_task_tutors_once')
    .on('tutor_task_tutors')
    .columns(['task_id', 'user_id'])
    .unique()
    .execute();
  await withId(s.createTable('tutor_choices'))
    .addColumn('task_id', 'bigint', (c) => c.notNull().references('tutor_tasks.id').onDelete('cascade'))
    .addColumn('student_id', 'bigint', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('tutor_id', 'bigint', (c) => c.notNull().references('tutor_task_tutors.id').onDelete('cascade'))
    .addColumn('round', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addColumn('decided_at', types.time)
    .execute();
  // One choice per student and round: a second submission hits this.
  await s
    .createIndex('tutor_choices_once')
    .on('tutor_choices')
    .columns(['task_id', 'student_id', 'round'])
    .unique()
    .execute();
  const k = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  await k.insertInto('role_permissions').values(GRANTS).execute();
}

export async function down({ db }: MigrationContext): Promise<void> {
  const k = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  for (const g of GRANTS) {
    await k.deleteFrom('role_permissions').where('role_id', '=', g.role_id).where('path', '=', g.path).execute();
  }
  for (const table of ['tutor_choices', 'tutor_task_tutors', 'tutor_tasks']) await db.schema.dropTable(table).execute();
}
