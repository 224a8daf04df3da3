import type { ParentRelation } from '@meridian/contracts';
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database } from '../../../platform/db/schema.ts';
import type { OrgsTable, UsersTable } from '../../../portal/identity/tables.ts';
import type { ParentsTable, StudentsTable } from '../students/tables.ts';
import type { TeachersTable } from '../teachers/tables.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Rows per insert: well under SQLite's bound-parameter limit with every column set. */
const BATCH = 400;
/** Values per `in (...)` lookup, for the same reason. */
const LOOKUP = 900;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Looks `values` up a chunk at a time and gathers the answers. */
async function lookUp<T, R>(values: readonly T[], query: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const found: R[] = [];
  for (const chunk of chunks([...new Set(values)], LOOKUP)) found.push(...(await query(chunk)));
  return found;
}

export function schoolById(db: Db, id: number) {
  return db
    .selectFrom('orgs')
    .select(['id', 'name', 'path', 'depth', 'type', 'status'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Every campus, grade, class and department below a school: what an import resolves names against. */
export function nodesOfSchool(db: Db, schoolPath: string) {
  return db
    .selectFrom('orgs')
    .select(['id', 'parent_id', 'type', 'name', 'path', 'depth', 'status'])
    .where('path', 'like', `${schoolPath}%`)
    .where('type', 'in', ['campus', 'grade', 'class', 'department'])
    .orderBy('depth')
    .orderBy('id')
    .execute();
}
export type SchoolNode = Awaited<ReturnType<typeof nodesOfSchool>>[number];

export function studentNosTaken(db: Db, schoolId: number, nos: readonly string[]): Promise<string[]> {
  return lookUp(nos, (chunk) =>
    db
      .selectFrom('students')
      .select('student_no')
      .where('school_id', '=', schoolId)
      .where('student_no', 'in', chunk)
      .execute()
      .then((rows) => rows.map((r) => r.student_no)),
  );
}

export function studentsByNo(db: Db, schoolId: number, nos: readonly string[]) {
  return lookUp(nos, (chunk) =>
    db
      .selectFrom('students')
      .select(['id', 'student_no', 'name', 'org_id'])
      .where('school_id', '=', schoolId)
      .where('student_no', 'in', chunk)
      .execute(),
  );
}

export function teacherNosTaken(db: Db, schoolId: number, nos: readonly string[]): Promise<string[]> {
  return lookUp(nos, (chunk) =>
    db
      .selectFrom('teachers')
      .select('teacher_no')
      .where('school_id', '=', schoolId)
      .where('teacher_no', 'in', chunk)
      .execute()
      .then((rows) => rows.map((r) => r.teacher_no)),
  );
}

export function phonesTaken(db: Db, phones: readonly string[]): Promise<string[]> {
  return lookUp(phones, (chunk) =>
    db
      .selectFrom('users')
      .select('phone')
      .where('phone', 'in', chunk)
      .execute()
      .then((rows) => rows.flatMap((r) => (r.phone === null ? [] : [r.phone]))),
  );
}

/** Account names already in use, compared in lower case as sign-in does. */
export function accountsTaken(db: Db, accounts: readonly string[]): Promise<string[]> {
  return lookUp(
    accounts.map((a) => a.toLowerCase()),
    (chunk) =>
      db
        .selectFrom('users')
        .select('account')
        .where((eb) => eb(eb.fn('lower', ['account']), 'in', chunk))
        .execute()
        .then((rows) => rows.map((r) => r.account.toLowerCase())),
  );
}

export function parentsOfSchool(db: Db, schoolId: number, phones: readonly string[]) {
  return lookUp(phones, (chunk) =>
    db
      .selectFrom('parents')
      .select(['id', 'phone'])
      .where('school_id', '=', schoolId)
      .where('phone', 'in', chunk)
      .execute(),
  );
}

export function linksOfParents(db: Db, parentIds: readonly number[]) {
  return lookUp(parentIds, (chunk) =>
    db.selectFrom('student_parents').select(['parent_id', 'student_id']).where('parent_id', 'in', chunk).execute(),
  );
}

async function insertReturningIds<T extends 'students' | 'parents' | 'teachers' | 'users'>(
  trx: Transaction<Database>,
  table: T,
  rows: readonly Insertable<Database[T]>[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const chunk of chunks(rows, BATCH)) {
    // Kysely cannot narrow a table chosen by a type parameter; each caller passes that table's rows.
    const inserted = await trx
      .insertInto(table as 'students')
      .values(chunk as Insertable<Database['students']>[])
      .returning('id')
      .execute();
    ids.push(...inserted.map((r) => r.id));
  }
  return ids;
}

export const insertStudentRows = (trx: Transaction<Database>, rows: Omit<StudentsTable, 'id'>[]) =>
  insertReturningIds(trx, 'students', rows);
export const insertParentRows = (trx: Transaction<Database>, rows: Omit<ParentsTable, 'id'>[]) =>
  insertReturningIds(trx, 'parents', rows);
export const insertTeacherRows = (trx: Transaction<Database>, rows: Insertable<TeachersTable>[]) =>
  insertReturningIds(trx, 'teachers', rows);
export const insertUserRows = (trx: Transaction<Database>, rows: Insertable<UsersTable>[]) =>
  insertReturningIds(trx, 'users', rows);

export async function insertLinks(
  trx: Transaction<Database>,
  links: Array<{ parent_id: number; student_id: number; relation: ParentRelation }>,
): Promise<void> {
  const at = Date.now();
  for (const chunk of chunks(links, BATCH)) {
    await trx
      .insertInto('student_parents')
      .values(chunk.map((l) => ({ ...l, created_at: at })))
      .execute();
  }
}

export async function insertIdentities(
  trx: Transaction<Database>,
  rows: Array<{ user_id: number; identity_id: number; org_id: number | null }>,
): Promise<void> {
  const at = Date.now();
  for (const chunk of chunks(rows, BATCH)) {
    await trx
      .insertInto('user_identities')
      .values(chunk.map((r) => ({ ...r, created_at: at })))
      .execute();
  }
}

/** One organisation under its parent, its path set from its new id. */
export async function insertNode(
  trx: Transaction<Database>,
  parent: { id: number; path: string; depth: number },
  type: OrgsTable['type'],
  name: string,
): Promise<{ id: number; path: string; depth: number }> {
  const at = Date.now();
  const { id } = await trx
    .insertInto('orgs')
    .values({
      parent_id: parent.id,
      type,
      name,
      code: null,
      path: '/',
      depth: parent.depth + 1,
      sort: 0,
      status: 'enabled',
      logo: null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const path = `${parent.path}${id}/`;
  await trx.updateTable('orgs').set({ path }).where('id', '=', id).execute();
  return { id, path, depth: parent.depth + 1 };
}
