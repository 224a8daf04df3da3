import { Identity, type PageQuery } from '@meridian/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../platform/db/schema.ts';
import { paginate } from '../../../platform/db/sql.ts';
import type { AccountBindingsLogTable, RosterKind } from './tables.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A teacher record with whether its account was ever used: an account never signed in to is a placeholder. */
function teacherWithAccount(db: Db) {
  return db
    .selectFrom('teachers as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .innerJoin('orgs as sch', 'sch.id', 't.school_id')
    .select([
      't.id',
      't.user_id',
      't.school_id',
      't.teacher_no',
      't.name',
      't.phone',
      't.dept_id',
      't.status',
      'sch.name as school_name',
      'sch.path as school_path',
      'u.account',
      'u.last_login_at',
    ]);
}
export type TeacherWithAccount = Awaited<ReturnType<ReturnType<typeof teacherWithAccount>['executeTakeFirstOrThrow']>>;

export function teachersNamed(db: Db, schoolId: number, name: string) {
  return teacherWithAccount(db)
    .where('t.school_id', '=', schoolId)
    .where('t.name', '=', name)
    .where('t.status', '=', 'active')
    .orderBy('t.id')
    .limit(20)
    .execute();
}

export function teacherById(db: Db, id: number) {
  return teacherWithAccount(db).where('t.id', '=', id).executeTakeFirst();
}

export function teacherByNo(db: Db, schoolId: number, teacherNo: string) {
  return teacherWithAccount(db)
    .where('t.school_id', '=', schoolId)
    .where('t.teacher_no', '=', teacherNo)
    .executeTakeFirst();
}

export function studentByNo(db: Db, schoolId: number, studentNo: string) {
  return db
    .selectFrom('students')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('student_no', '=', studentNo)
    .executeTakeFirst();
}

export function studentOfUser(db: Db, userId: number) {
  return db.selectFrom('students').select(['id']).where('user_id', '=', userId).executeTakeFirst();
}

export function parentOfUserAt(db: Db, userId: number, schoolId: number) {
  return db
    .selectFrom('parents')
    .selectAll()
    .where('user_id', '=', userId)
    .where('school_id', '=', schoolId)
    .executeTakeFirst();
}

export function parentByPhoneAt(db: Db, phone: string, schoolId: number) {
  return db
    .selectFrom('parents')
    .selectAll()
    .where('phone', '=', phone)
    .where('school_id', '=', schoolId)
    .executeTakeFirst();
}

export function parentById(db: Db, id: number) {
  return db.selectFrom('parents').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function identityIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('user_identities').select('identity_id').where('user_id', '=', userId).execute();
  return rows.map((r) => r.identity_id);
}

export async function revokeIdentity(db: Db, userId: number, identityId: number, orgId?: number): Promise<void> {
  await db
    .deleteFrom('user_identities')
    .where('user_id', '=', userId)
    .where('identity_id', '=', identityId)
    .$if(orgId !== undefined, (q) => q.where('org_id', '=', orgId ?? 0))
    .execute();
}

/** An account left with no identity is unbound again (identity 5): it can still sign in and claim a record. */
export async function unboundIfBare(db: Db, userId: number): Promise<void> {
  if ((await identityIds(db, userId)).length > 0) return;
  await db
    .insertInto('user_identities')
    .values({ user_id: userId, identity_id: Identity.unbound, org_id: null, created_at: Date.now() })
    .execute();
}

/** Moves the roles one account holds inside a school (its class teacher role, say) to another account. */
export async function moveRolesWithin(
  trx: Transaction<Database>,
  fromUserId: number,
  toUserId: number,
  schoolPath: string,
) {
  const roles = await trx
    .selectFrom('user_roles as ur')
    .innerJoin('orgs as o', 'o.id', 'ur.org_id')
    .select(['ur.id', 'ur.role_id', 'ur.org_id'])
    .where('ur.user_id', '=', fromUserId)
    .where('o.path', 'like', `${schoolPath}%`)
    .execute();
  for (const r of roles) {
    await trx
      .insertInto('user_roles')
      .values({ user_id: toUserId, role_id: r.role_id, org_id: r.org_id, created_at: Date.now() })
      .onConflict((oc) => oc.columns(['user_id', 'role_id', 'org_id']).doNothing())
      .execute();
    await trx.deleteFrom('user_roles').where('id', '=', r.id).execute();
  }
}

export async function setRosterUser(db: Db, kind: RosterKind, id: number, userId: number | null): Promise<void> {
  const table = kind === 'student' ? 'students' : kind === 'parent' ? 'parents' : 'teachers';
  // A teacher always has an account (the column is not null); callers pass one for teachers.
  await db
    .updateTable(table as 'students')
    .set({ user_id: userId, updated_at: Date.now() })
    .where('id', '=', id)
    .execute();
}

/** Points the caller's current session at the identity (and role) they hold now, so that queryInfo says so at once. */
export async function switchSession(db: Db, sessionId: number, identityId: number, roleId: number | null) {
  await db
    .updateTable('sessions')
    .set({ identity_id: identityId, role_id: roleId })
    .where('id', '=', sessionId)
    .execute();
}

export async function firstRoleOf(db: Db, userId: number): Promise<number | null> {
  const row = await db
    .selectFrom('user_roles')
    .select('role_id')
    .where('user_id', '=', userId)
    .orderBy('role_id')
    .executeTakeFirst();
  return row?.role_id ?? null;
}

export async function insertLog(db: Db, line: Omit<AccountBindingsLogTable, 'id'>): Promise<void> {
  await db.insertInto('account_bindings_log').values(line).execute();
}

export interface LogFilters {
  kind?: RosterKind;
  schoolId?: number;
  userId?: number;
}

/** The bind log of the given schools (null: every school), newest first, with the accounts' names. */
export function logPage(db: Db, schools: number[] | null, f: LogFilters, page: PageQuery) {
  const query = db
    .selectFrom('account_bindings_log as l')
    .leftJoin('users as u', 'u.id', 'l.user_id')
    .leftJoin('users as fu', 'fu.id', 'l.from_user_id')
    .leftJoin('users as bu', 'bu.id', 'l.by_user_id')
    .select([
      'l.id',
      'l.at',
      'l.action',
      'l.kind',
      'l.roster_id',
      'l.school_id',
      'l.user_id',
      'u.account',
      'l.from_user_id',
      'fu.account as from_account',
      'l.by_user_id',
      'bu.account as by_account',
      'l.ip',
    ])
    .$if(schools !== null, (q) => q.where('l.school_id', 'in', schools && schools.length > 0 ? schools : [0]))
    .$if(f.kind !== undefined, (q) => q.where('l.kind', '=', f.kind ?? 'student'))
    .$if(f.schoolId !== undefined, (q) => q.where('l.school_id', '=', f.schoolId ?? 0))
    .$if(f.userId !== undefined, (q) =>
      q.where((eb) => eb.or([eb('l.user_id', '=', f.userId ?? 0), eb('l.from_user_id', '=', f.userId ?? 0)])),
    )
    .orderBy('l.id', 'desc');
  return paginate(query, page);
}

/** The names of roster entries of one kind, for the log's lines. */
export async function rosterNames(db: Db, kind: RosterKind, ids: number[]): Promise<Map<number, string>> {
  // Guard against running an invalid `in ()` when the page has no line of this kind.
  if (ids.length === 0) return new Map();
  const table = kind === 'student' ? 'students' : kind === 'parent' ? 'parents' : 'teachers';
  const rows = await db
    .selectFrom(table as 'students')
    .select(['id', 'name'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}
