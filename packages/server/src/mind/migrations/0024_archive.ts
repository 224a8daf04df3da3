import type { Kysely } from 'kysely';
import type { MigrationContext } from '../../platform/db/migrate.ts';

const CRUD = 'view,add,edit,delete';
const DAILY = ['dailyDynamic', 'dailyObservationOfTeachers', 'observationSchool', 'setback', 'describeManage'];

/**
 * The psychology teacher (3) keeps the school's archives, home visits, counselling and daily
 * work; the class teacher (4) writes growth records, home visits and observations of their
 * classes and asks for counselling (the data scope narrows both). Counsellors' private notes
 * (`privateNotes`) are granted to no role here: a deployment grants them on purpose.
 */
const GRANTS = [
  { role_id: 3, path: '/data/studentFile', perms: 'view,add,edit,delete,export' },
  { role_id: 3, path: '/data/homeVisitTaskConfig', perms: CRUD },
  { role_id: 3, path: '/data/homeVisitRecord', perms: `${CRUD},export` },
  { role_id: 3, path: '/data/groupApply', perms: `${CRUD},review` },
  { role_id: 3, path: '/data/groupRecord', perms: CRUD },
  { role_id: 3, path: '/data/appointmentRecordQuery', perms: `${CRUD},review` },
  ...DAILY.map((page) => ({ role_id: 3, path: `/data/${page}`, perms: CRUD })),
  { role_id: 3, path: '/data/mentalTeacherManage', perms: 'view' },
  { role_id: 4, path: '/data/studentFile', perms: 'view,add,edit' },
  { role_id: 4, path: '/data/homeVisitTaskConfig', perms: 'view' },
  { role_id: 4, path: '/data/homeVisitRecord', perms: 'view,add,edit' },
  { role_id: 4, path: '/data/groupApply', perms: 'view,add' },
  { role_id: 4, path: '/data/groupRecord', perms: 'view' },
  { role_id: 4, path: '/data/appointmentRecordQuery', perms: 'view,add' },
  { role_id: 4, path: '/data/dailyObservationOfTeachers', perms: CRUD },
  { role_id: 4, path: '/data/setback', perms: 'view,add,edit' },
  { role_id: 4, path: '/data/describeManage', perms: 'view,add,edit' },
  { role_id: 4, path: '/data/dailyDynamic', perms: 'view' },
];

const TABLES = [
  'daily_records',
  'appointment_notes',
  'appointments',
  'counselling_group_sessions',
  'counselling_group_members',
  'counselling_groups',
  'home_visits',
  'home_visit_tasks',
  'family_infos',
  'growth_records',
];

/** Mind student archive, growth records, home visits, counselling and daily work. */
export async function up({ db, types, withId }: MigrationContext): Promise<void> {
  const s = db.schema;
  await withId(s.createTable('growth_records'))
    .addColumn('student_id', 'bigint', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('school_id', 'bigint', (c) => c.notNull())
    .addColumn('class_id', 'bigint')
    .addColumn('occurred_on', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('author_id', 'bigint', (c) => c.notNull())
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .execute();
  await s.createIndex('growth_records_student').on('growth_records').columns(['student_id', 'occurred_on']).execute();

  await withId(s.createTable('family_infos'))
    .addColumn('student_id', 'bigint', (c) => c.notNull().references('students.id').onDelete('cascade').unique())
    .addColumn('school_id', 'bigint', (c) => c.notNull())
    .addColumn('structure', 'text', (c) => c.notNull())
    .addColumn('living_with', 'text', (c) => c.notNull())
    .addColumn('economy', 'text', (c) => c.notNull())
    .addColumn('left_behind', types.bool, (c) => c.notNull())
    .addColumn('guardian', 'text')
    .addColumn('notes', 'text')
    .addColumn('updated_by', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .execute();

  await withId(s.createTable('home_visit_tasks'))
    .addColumn('org_id', 'bigint', (c) => c.notNull().references('orgs.id'))
    .addColumn('org_path', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('questions', types.json, (c) => c.notNull())
    .addColumn('targets', types.json, (c) => c.notNull())
    .addColumn('starts_at', types.time, (c) => c.notNull())
    .addColumn('ends_at', types.time, (c) => c.notNull())
    .addColumn('created_by', 'bigint', (c) => c.notNull())
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .execute();
  await s.createIndex('home_visit_tasks_org').on('home_visit_tasks').columns(['org_path', 'id']).execute();

  await withId(s.createTable('home_visits'))
    .addColumn('task_id', 'bigint', (c) => c.references('home_visit_tasks.id'))
    .addColumn('student_id', 'bigint', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('school_id', 'bigint', (c) => c.notNull())
    .addColumn('class_id', 'bigint')
    .addColumn('visited_at', types.time, (c) => c.notNull())
    .addColumn('way', 'text', (c) => c.notNull())
    .addColumn('place', 'text')
    .addColumn('people', 'text', (c) => c.notNull())
    .addColumn('answers', types.json, (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('visitor_id', 'bigint', (c) => c.notNull())
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .execute();
  await s.createIndex('home_visits_student').on('home_visits').columns(['student_id', 'visited_at']).execute();
  await s.createIndex('home_visits_list').on('home_visits').columns(['school_id', 'class_id', 'id']).execute();
  await s.createIndex('home_visits_task').on('home_visits').columns(['task_id', 'id']).execute();

  await withId(s.createTable('counselling_groups'))
    .addColumn('school_id', 'bigint', (c) => c.notNull().references('orgs.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('starts_on', 'text', (c) => c.notNull())
    .addColumn('sessions', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('applicant_id', 'bigint', (c) => c.notNull())
    .addColumn('reviewer_id', 'bigint')
    .addColumn('review_note', 'text')
    .addColumn('reviewed_at', types.time)
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .execute();
  await s.createIndex('counselling_groups_school').on('counselling_groups').columns(['school_id', 'id']).execute();

  await withId(s.createTable('counselling_group_members'))
    .addColumn('group_id', 'bigint', (c) => c.notNull().references('counselling_groups.id').onDelete('cascade'))
    .addColumn('student_id', 'bigint', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .execute();
  await s
    .createIndex('counselling_group_members_unique')
    .on('counselling_group_members')
    .columns(['group_id', 'student_id'])
    .unique()
    .execute();
  await s
    .createIndex('counselling_group_members_student')
    .on('counselling_group_members')
    .columns(['student_id'])
    .execute();

  await withId(s.createTable('counselling_group_sessions'))
    .addColumn('group_id', 'bigint', (c) => c.notNull().references('counselling_groups.id').onDelete('cascade'))
    .addColumn('held_at', types.time, (c) => c.notNull())
    .addColumn('place', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('absent_ids', types.json, (c) => c.notNull())
    .addColumn('author_id', 'bigint', (c) => c.notNull())
    .addColumn('created_at', types.time, (c) => c.notNull())
    .execute();
  await s
    .createIndex('counselling_group_sessions_group')
    .on('counselling_group_sessions')
    .columns(['group_id', 'held_at'])
    .execute();

  await withId(s.createTable('appointments'))
    .addColumn('student_id', 'bigint', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('school_id', 'bigint', (c) => c.notNull())
    .addColumn('class_id', 'bigint')
    .addColumn('requested_by', 'bigint', (c) => c.notNull())
    .addColumn('counsellor_id', 'bigint')
    .addColumn('wanted_at', types.time, (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('review_note', 'text')
    .addColumn('reviewed_at', types.time)
    .addColumn('session_at', types.time)
    .addColumn('session_place', 'text')
    .addColumn('summary', 'text')
    .addColumn('rating', 'integer')
    .addColumn('rating_comment', 'text')
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .execute();
  await s.createIndex('appointments_list').on('appointments').columns(['school_id', 'state', 'id']).execute();
  await s.createIndex('appointments_student').on('appointments').columns(['student_id', 'id']).execute();

  await withId(s.createTable('appointment_notes'))
    .addColumn('appointment_id', 'bigint', (c) => c.notNull().references('appointments.id').onDelete('cascade'))
    .addColumn('author_id', 'bigint', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', types.time, (c) => c.notNull())
    .execute();
  await s.createIndex('appointment_notes_appointment').on('appointment_notes').columns(['appointment_id']).execute();

  await withId(s.createTable('daily_records'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('school_id', 'bigint', (c) => c.notNull().references('orgs.id'))
    .addColumn('class_id', 'bigint')
    .addColumn('student_id', 'bigint', (c) => c.references('students.id').onDelete('cascade'))
    .addColumn('occurred_on', 'text', (c) => c.notNull())
    .addColumn('category', 'text')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('author_id', 'bigint', (c) => c.notNull())
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .execute();
  await s.createIndex('daily_records_list').on('daily_records').columns(['kind', 'school_id', 'id']).execute();
  await s.createIndex('daily_records_student').on('daily_records').columns(['student_id', 'occurred_on']).execute();

  // Typed loosely on purpose: a migration must not depend on today's table types.
  const k = db as Kysely<Record<string, Record<string, unknown>>>;
  await k.insertInto('role_permissions').values(GRANTS).execute();
}

export async function down({ db }: MigrationContext): Promise<void> {
  const k = db as Kysely<Record<string, Record<string, unknown>>>;
  for (const g of GRANTS) {
    await k.deleteFrom('role_permissions').where('role_id', '=', g.role_id).where('path', '=', g.path).execute();
  }
  for (const table of TABLES) await db.schema.dropTable(table).execute();
}
