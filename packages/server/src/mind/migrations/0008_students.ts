import type { Kysely } from 'kysely';
import type { MigrationContext } from '../../platform/db/migrate.ts';

/** Roles 3 (psychology teacher) and 4 (class teacher) read the students of their scope. */
const STUDENT_VIEWERS = [3, 4];

/** The tables of students, parents and school years. */
export async function up({ db, types, no, withId }: MigrationContext): Promise<void> {
  const s = db.schema;

  await withId(s.createTable('school_years'))
    .addColumn('org_id', 'bigint', (c) => c.references('orgs.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text', (c) => c.notNull())
    .addColumn('current', types.bool, (c) => c.notNull().defaultTo(no))
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .execute();
  await s.createIndex('school_years_org').on('school_years').columns(['org_id', 'name']).execute();

  await withId(s.createTable('semesters'))
    .addColumn('school_year_id', 'bigint', (c) => c.notNull().references('school_years.id').onDelete('cascade'))
    .addColumn('term', 'integer', (c) => c.notNull())
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text', (c) => c.notNull())
    .addColumn('current', types.bool, (c) => c.notNull().defaultTo(no))
    .execute();
  await s.createIndex('semesters_year').on('semesters').columns(['school_year_id', 'term']).unique().execute();

  await withId(s.createTable('students'))
    .addColumn('org_id', 'bigint', (c) => c.notNull().references('orgs.id'))
    .addColumn('school_id', 'bigint', (c) => c.notNull().references('orgs.id'))
    .addColumn('campus_id', 'bigint', (c) => c.references('orgs.id'))
    .addColumn('grade_id', 'bigint', (c) => c.notNull().references('orgs.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('student_no', 'text', (c) => c.notNull())
    .addColumn('gender', 'text', (c) => c.notNull())
    .addColumn('birthday', 'text')
    .addColumn('id_card', 'text')
    .addColumn('phone', 'text')
    .addColumn('enrol_year', 'integer')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('studying'))
    .addColumn('user_id', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .execute();
  // The list filters by school, then grade, then class, and pages by id: one index serves all three.
  await s.createIndex('students_list').on('students').columns(['school_id', 'grade_id', 'org_id', 'id']).execute();
  // A class teacher's scope is a set of classes.
  await s.createIndex('students_class').on('students').columns(['org_id', 'id']).execute();
  await s.createIndex('students_no').on('students').columns(['school_id', 'student_no']).unique().execute();
  await s.createIndex('students_name').on('students').columns(['school_id', 'name']).execute();
  await s.createIndex('students_user').on('students').column('user_id').execute();

  await withId(s.createTable('parents'))
    .addColumn('school_id', 'bigint', (c) => c.notNull().references('orgs.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .execute();
  await s.createIndex('parents_phone').on('parents').columns(['school_id', 'phone']).unique().execute();
  await s.createIndex('parents_user').on('parents').column('user_id').execute();

  await withId(s.createTable('student_parents'))
    .addColumn('student_id', 'bigint', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('parent_id', 'bigint', (c) => c.notNull().references('parents.id').onDelete('cascade'))
    .addColumn('relation', 'text', (c) => c.notNull())
    .addColumn('created_at', types.time, (c) => c.notNull())
    .execute();
  await s
    .createIndex('student_parents_unique')
    .on('student_parents')
    .columns(['student_id', 'parent_id'])
    .unique()
    .execute();
  await s.createIndex('student_parents_parent').on('student_parents').column('parent_id').execute();

  // Typed loosely on purpose: a migration must not depend on today's table types.
  const k = db as Kysely<Record<string, Record<string, unknown>>>;
  for (const roleId of STUDENT_VIEWERS) {
    await k
      .insertInto('role_permissions')
      .values({ role_id: roleId, path: '/system/student', perms: 'view' })
      .execute();
  }
}

export async function down({ db }: MigrationContext): Promise<void> {
  const k = db as Kysely<Record<string, Record<string, unknown>>>;
  await k
    .deleteFrom('role_permissions')
    .where('role_id', 'in', STUDENT_VIEWERS)
    .where('path', '=', '/system/student')
    .execute();
  for (const table of ['student_parents', 'parents', 'students', 'semesters', 'school_years']) {
    await db.schema.dropTable(table).execute();
  }
}
