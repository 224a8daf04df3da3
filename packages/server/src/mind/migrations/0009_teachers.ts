import type { Kysely } from 'kysely';
import type { MigrationContext } from '../../platform/db/migrate.ts';

/**
 * What the psychology teacher (3) and the class teacher (4) may see: the teachers' list, and the
 * organisation tree (their data scope narrows both to their school or their classes), which is
 * how a class teacher reaches the students of their class (`org/student`).
 */
const GRANTS: Array<[roleId: number, path: string, codes: string[]]> = [
  [3, '/system/teacher', ['view']],
  [4, '/system/teacher', ['view']],
  [3, '/system/org', ['view']],
  [4, '/system/org', ['view']],
];

/** The tables of teachers, class teachers, groups and teacher reshuffle. */
export async function up({ db, no, types, withId }: MigrationContext): Promise<void> {
  const s = db.schema;

  await withId(s.createTable('teachers'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().unique().references('users.id'))
    .addColumn('school_id', 'bigint', (c) => c.notNull().references('orgs.id'))
    .addColumn('dept_id', 'bigint', (c) => c.references('orgs.id'))
    .addColumn('teacher_no', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('gender', 'text')
    .addColumn('phone', 'text')
    .addColumn('subject', 'text')
    .addColumn('title', 'text')
    .addColumn('is_psychology', types.bool, (c) => c.notNull().defaultTo(no))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .execute();
  await s.createIndex('teachers_school_no').on('teachers').columns(['school_id', 'teacher_no']).unique().execute();
  await s.createIndex('teachers_school_status').on('teachers').columns(['school_id', 'status']).execute();
  await s.createIndex('teachers_dept').on('teachers').column('dept_id').execute();

  await withId(s.createTable('class_teachers'))
    .addColumn('class_id', 'bigint', (c) => c.notNull().references('orgs.id'))
    .addColumn('teacher_id', 'bigint', (c) => c.notNull().references('teachers.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subject', 'text')
    .addColumn('school_year_id', 'bigint')
    .addColumn('created_at', types.time, (c) => c.notNull())
    .execute();
  await s
    .createIndex('class_teachers_unique')
    .on('class_teachers')
    .columns(['class_id', 'kind', 'teacher_id'])
    .unique()
    .execute();
  await s.createIndex('class_teachers_teacher').on('class_teachers').column('teacher_id').execute();

  await withId(s.createTable('user_groups'))
    .addColumn('org_id', 'bigint', (c) => c.notNull().references('orgs.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .execute();
  await s.createIndex('user_groups_org_name').on('user_groups').columns(['org_id', 'name']).unique().execute();

  await withId(s.createTable('user_group_members'))
    .addColumn('group_id', 'bigint', (c) => c.notNull().references('user_groups.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', types.time, (c) => c.notNull())
    .execute();
  await s
    .createIndex('user_group_members_unique')
    .on('user_group_members')
    .columns(['group_id', 'user_id'])
    .unique()
    .execute();
  await s.createIndex('user_group_members_user').on('user_group_members').column('user_id').execute();

  await withId(s.createTable('teacher_changes'))
    .addColumn('teacher_id', 'bigint', (c) => c.notNull().references('teachers.id'))
    .addColumn('school_id', 'bigint', (c) => c.notNull().references('orgs.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('to_school_id', 'bigint', (c) => c.references('orgs.id'))
    .addColumn('reason', 'text')
    .addColumn('effective_date', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('requested_by', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('requested_at', types.time, (c) => c.notNull())
    .addColumn('decided_by', 'bigint', (c) => c.references('users.id'))
    .addColumn('decided_at', types.time)
    .addColumn('remark', 'text')
    .execute();
  await s
    .createIndex('teacher_changes_school')
    .on('teacher_changes')
    .columns(['school_id', 'status', 'requested_at'])
    .execute();
  await s.createIndex('teacher_changes_teacher').on('teacher_changes').columns(['teacher_id', 'status']).execute();

  await grant(db as Kysely<Record<string, Record<string, unknown>>>);
}

/**
 * Adds codes to a role's entry for a path, merging with an entry another migration may have
 * written (one entry per role and path), so that the order of migrations does not matter.
 * Typed loosely on purpose: a migration must not depend on today's table types.
 */
async function grant(k: Kysely<Record<string, Record<string, unknown>>>): Promise<void> {
  for (const [roleId, path, codes] of GRANTS) {
    const row = await k
      .selectFrom('role_permissions')
      .select(['id', 'perms'])
      .where('role_id', '=', roleId)
      .where('path', '=', path)
      .executeTakeFirst();
    if (!row) {
      await k
        .insertInto('role_permissions')
        .values({ role_id: roleId, path, perms: codes.join(',') })
        .execute();
      continue;
    }
    const held = String(row.perms).split(',').filter(Boolean);
    if (held.includes('*')) continue;
    const merged = [...new Set([...held, ...codes])].sort().join(',');
    await k
      .updateTable('role_permissions')
      .set({ perms: merged })
      .where('id', '=', row.id as number)
      .execute();
  }
}

export async function down({ db }: MigrationContext): Promise<void> {
  const k = db as Kysely<Record<string, Record<string, unknown>>>;
  for (const [roleId, path] of GRANTS) {
    // The organisation entry may be shared with another migration's grant; only ours goes.
    if (path !== '/system/teacher') continue;
    await k.deleteFrom('role_permissions').where('role_id', '=', roleId).where('path', '=', path).execute();
  }
  for (const table of ['teacher_changes', 'user_group_members', 'user_groups', 'class_teachers', 'teachers']) {
    await db.schema.dropTable(table).execute();
  }
}
