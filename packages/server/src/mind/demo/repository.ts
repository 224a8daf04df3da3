import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { toJson } from '../../platform/db/sql.ts';
import type { UsersTable } from '../../portal/identity/tables.ts';
import type { ParentsTable, StudentParentsTable } from '../people/students/tables.ts';
import type { ClassTeachersTable, TeachersTable } from '../people/teachers/tables.ts';

type Trx = Transaction<Database>;

/** Rows per statement: with every column bound, well under SQLite's limit of bound parameters. */
const BATCH = 500;

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += BATCH) out.push(rows.slice(i, i + BATCH));
  return out;
}

export const DEMO_SETTING = 'demo.district';

/**
 * Claims the demo seeding for this database: true for the one start that writes the mark. A second
 * process starting at the same time waits on the key and then finds it taken.
 */
export async function claimDemo(trx: Trx, detail: unknown): Promise<boolean> {
  // A skipped insert returns no row on both engines, where affected-row counts differ by driver.
  const row = await trx
    .insertInto('settings')
    .values({ key: DEMO_SETTING, value: toJson(detail), updated_at: Date.now(), updated_by: null })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('key')
    .executeTakeFirst();
  return row !== undefined;
}

export async function demoSeeded(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('settings').select('key').where('key', '=', DEMO_SETTING).executeTakeFirst();
  return row !== undefined;
}

/** Whether anyone has built organisations here: demo data never mixes into a real district. */
export async function hasOrgs(trx: Trx): Promise<boolean> {
  return (await trx.selectFrom('orgs').select('id').limit(1).executeTakeFirst()) !== undefined;
}

export type DemoUser = Omit<Insertable<UsersTable>, 'created_at' | 'updated_at'> & { account: string };

/** Inserts accounts in batches; answers account name → id (accounts are unique, so no reliance on row order). */
export async function insertUsers(trx: Trx, users: DemoUser[]): Promise<Map<string, number>> {
  const at = Date.now();
  const ids = new Map<string, number>();
  for (const batch of chunks(users)) {
    const rows = await trx
      .insertInto('users')
      .values(batch.map((u) => ({ ...u, created_at: at, updated_at: at })))
      .returning(['id', 'account'])
      .execute();
    for (const r of rows) ids.set(r.account, r.id);
  }
  return ids;
}

export async function grantRoles(trx: Trx, grants: Array<{ userId: number; roleId: number; orgId: number | null }>) {
  const at = Date.now();
  for (const batch of chunks(grants)) {
    await trx
      .insertInto('user_roles')
      .values(batch.map((g) => ({ user_id: g.userId, role_id: g.roleId, org_id: g.orgId, created_at: at })))
      .execute();
  }
}

export async function grantIdentities(
  trx: Trx,
  grants: Array<{ userId: number; identityId: number; orgId: number | null }>,
) {
  const at = Date.now();
  for (const batch of chunks(grants)) {
    await trx
      .insertInto('user_identities')
      .values(batch.map((g) => ({ user_id: g.userId, identity_id: g.identityId, org_id: g.orgId, created_at: at })))
      .execute();
  }
}

/** Inserts teacher records; answers user id → teacher id. */
export async function insertTeachers(
  trx: Trx,
  teachers: Array<Omit<Insertable<TeachersTable>, 'created_at' | 'updated_at'>>,
): Promise<Map<number, number>> {
  const at = Date.now();
  const ids = new Map<number, number>();
  for (const batch of chunks(teachers)) {
    const rows = await trx
      .insertInto('teachers')
      .values(batch.map((t) => ({ ...t, created_at: at, updated_at: at })))
      .returning(['id', 'user_id'])
      .execute();
    for (const r of rows) ids.set(r.user_id, r.id);
  }
  return ids;
}

export async function insertClassTeachers(trx: Trx, rows: Array<Omit<ClassTeachersTable, 'id' | 'created_at'>>) {
  const at = Date.now();
  for (const batch of chunks(rows)) {
    await trx
      .insertInto('class_teachers')
      .values(batch.map((r) => ({ ...r, created_at: at })))
      .execute();
  }
}

/** Inserts parents; answers `school_id:phone` (unique) → parent id. */
export async function insertParents(
  trx: Trx,
  parents: Array<Omit<ParentsTable, 'id' | 'created_at' | 'updated_at'>>,
): Promise<Map<string, number>> {
  const at = Date.now();
  const ids = new Map<string, number>();
  for (const batch of chunks(parents)) {
    const rows = await trx
      .insertInto('parents')
      .values(batch.map((p) => ({ ...p, created_at: at, updated_at: at })))
      .returning(['id', 'school_id', 'phone'])
      .execute();
    for (const r of rows) ids.set(`${r.school_id}:${r.phone}`, r.id);
  }
  return ids;
}

export async function linkParents(trx: Trx, links: Array<Omit<StudentParentsTable, 'id' | 'created_at'>>) {
  const at = Date.now();
  for (const batch of chunks(links)) {
    await trx
      .insertInto('student_parents')
      .values(batch.map((l) => ({ ...l, created_at: at })))
      .execute();
  }
}

/** The students of a school as `student_no` → id, to link parents to the rows just written. */
export async function studentIdsOf(trx: Trx, schoolId: number): Promise<Map<string, number>> {
  const rows = await trx
    .selectFrom('students')
    .select(['id', 'student_no'])
    .where('school_id', '=', schoolId)
    .execute();
  return new Map(rows.map((r) => [r.student_no, r.id]));
}
