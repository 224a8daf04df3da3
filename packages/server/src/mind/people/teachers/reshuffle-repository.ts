import type { PageQuery, TeacherChangeKindName } from '@meridian/contracts';
import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import type { Database } from '../../../platform/db/schema.ts';
import { paginate } from '../../../platform/db/sql.ts';
import type { Scope } from '../../../portal/access/scope.ts';
import { revokeUserSessions } from '../../../portal/sessions/repository.ts';
import type { TeacherChangeStatus, TeacherChangesTable } from './tables.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A request is seen where its teacher's school (at the time of the request) or a transfer's new school lies in the scope. */
function changeInScope(scope: Scope) {
  return (eb: ExpressionBuilder<Database & { tc: Database['teacher_changes'] }, 'tc'>) => {
    if (scope.all) return eb.lit(true);
    if (scope.orgPaths.length === 0) return eb.lit(false);
    return eb.or(
      scope.orgPaths.flatMap((path) => {
        const inside = eb.selectFrom('orgs').select('orgs.id').where('orgs.path', 'like', `${path}%`);
        return [eb('tc.school_id', 'in', inside), eb('tc.to_school_id', 'in', inside)];
      }),
    );
  };
}

function changes(db: Db, scope: Scope) {
  return db
    .selectFrom('teacher_changes as tc')
    .innerJoin('teachers as t', 't.id', 'tc.teacher_id')
    .innerJoin('orgs as sch', 'sch.id', 'tc.school_id')
    .leftJoin('orgs as ts', 'ts.id', 'tc.to_school_id')
    .innerJoin('users as rq', 'rq.id', 'tc.requested_by')
    .leftJoin('users as dc', 'dc.id', 'tc.decided_by')
    .select([
      'tc.id',
      'tc.teacher_id',
      't.name as teacher_name',
      't.teacher_no',
      'tc.school_id',
      'sch.name as school_name',
      'tc.kind',
      'tc.to_school_id',
      'ts.name as to_school_name',
      'tc.reason',
      'tc.effective_date',
      'tc.status',
      'tc.requested_by',
      'rq.nickname as requested_by_name',
      'tc.requested_at',
      'tc.decided_by',
      'dc.nickname as decided_by_name',
      'tc.decided_at',
      'tc.remark',
    ])
    .where(changeInScope(scope));
}
export type ChangeRecord = Awaited<ReturnType<ReturnType<typeof changes>['executeTakeFirstOrThrow']>>;

export function toChange(r: ChangeRecord) {
  return {
    id: r.id,
    teacherId: r.teacher_id,
    teacherName: r.teacher_name,
    teacherNo: r.teacher_no,
    schoolId: r.school_id,
    schoolName: r.school_name,
    kind: r.kind,
    toSchoolId: r.to_school_id,
    toSchoolName: r.to_school_name,
    reason: r.reason,
    effectiveDate: r.effective_date,
    status: r.status,
    requestedBy: r.requested_by,
    requestedByName: r.requested_by_name,
    requestedAt: r.requested_at,
    decidedBy: r.decided_by,
    decidedByName: r.decided_by_name,
    decidedAt: r.decided_at,
    remark: r.remark,
  };
}

export interface ChangeFilters {
  schoolId?: number;
  teacherId?: number;
  kind?: TeacherChangeKindName;
  status?: TeacherChangeStatus;
}

/** Pending requests first (oldest first, the order they are worked through), then the history, newest first. */
export function changePage(db: Db, scope: Scope, f: ChangeFilters, page: PageQuery) {
  const query = changes(db, scope)
    .$if(f.schoolId !== undefined, (q) => q.where('tc.school_id', '=', f.schoolId ?? 0))
    .$if(f.teacherId !== undefined, (q) => q.where('tc.teacher_id', '=', f.teacherId ?? 0))
    .$if(f.kind !== undefined, (q) => q.where('tc.kind', '=', f.kind ?? 'dimission'))
    .$if(f.status !== undefined, (q) => q.where('tc.status', '=', f.status ?? 'pending'))
    .orderBy((eb) => eb.case().when('tc.status', '=', 'pending').then(0).else(1).end())
    .orderBy((eb) => eb.case().when('tc.status', '=', 'pending').then(eb.ref('tc.requested_at')).else(0).end())
    .orderBy('tc.decided_at', 'desc')
    .orderBy('tc.id', 'desc');
  return paginate(query, page);
}

export function findChange(db: Db, scope: Scope, id: number): Promise<ChangeRecord | undefined> {
  return changes(db, scope).where('tc.id', '=', id).executeTakeFirst();
}

export async function pendingChangeOf(db: Db, teacherId: number): Promise<boolean> {
  const row = await db
    .selectFrom('teacher_changes')
    .select('id')
    .where('teacher_id', '=', teacherId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertChange(
  trx: Transaction<Database>,
  values: Omit<TeacherChangesTable, 'id' | 'status' | 'decided_by' | 'decided_at' | 'remark'>,
): Promise<number> {
  const row = await trx
    .insertInto('teacher_changes')
    .values({ ...values, status: 'pending', decided_by: null, decided_at: null, remark: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Decides a pending request; false when it was no longer pending (someone decided it meanwhile). */
export async function decideChange(
  trx: Transaction<Database>,
  id: number,
  decision: { status: 'approved' | 'rejected'; by: number; remark: string | null },
): Promise<boolean> {
  const result = await trx
    .updateTable('teacher_changes')
    .set({ status: decision.status, decided_by: decision.by, decided_at: Date.now(), remark: decision.remark })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

const mindRoles = (db: Db) => db.selectFrom('roles').select('roles.id').where('roles.app', '=', 'mind');

/**
 * A teacher leaves (dimission or retirement): their classes and Mind role grants go, their
 * account is disabled and its sessions end at once.
 */
export async function applyLeaving(
  trx: Transaction<Database>,
  teacher: { id: number; userId: number },
  status: 'dimission' | 'retired',
): Promise<void> {
  const at = Date.now();
  await trx.deleteFrom('class_teachers').where('teacher_id', '=', teacher.id).execute();
  await trx
    .deleteFrom('user_roles')
    .where('user_id', '=', teacher.userId)
    .where('role_id', 'in', mindRoles(trx))
    .execute();
  await trx.updateTable('users').set({ status: 'disabled', updated_at: at }).where('id', '=', teacher.userId).execute();
  await revokeUserSessions(trx, teacher.userId, 'account disabled', at);
  await trx.updateTable('teachers').set({ status, updated_at: at }).where('id', '=', teacher.id).execute();
}

/** A teacher comes back: the account is enabled again; roles and classes are given anew, on purpose. */
export async function applyRehire(trx: Transaction<Database>, teacher: { id: number; userId: number }): Promise<void> {
  const at = Date.now();
  await trx.updateTable('users').set({ status: 'enabled', updated_at: at }).where('id', '=', teacher.userId).execute();
  await trx.updateTable('teachers').set({ status: 'active', updated_at: at }).where('id', '=', teacher.id).execute();
}

/**
 * A teacher moves to another school: the staff identity moves with them; classes, department
 * and the Mind roles held inside the old school stay behind; sessions end so that the next one
 * starts in the new scope.
 */
export async function applyTransfer(
  trx: Transaction<Database>,
  teacher: { id: number; userId: number; schoolId: number; schoolPath: string },
  toSchoolId: number,
): Promise<void> {
  const at = Date.now();
  const oldOrgs = trx.selectFrom('orgs').select('orgs.id').where('orgs.path', 'like', `${teacher.schoolPath}%`);
  await trx.deleteFrom('class_teachers').where('teacher_id', '=', teacher.id).execute();
  await trx
    .deleteFrom('user_roles')
    .where('user_id', '=', teacher.userId)
    .where('role_id', 'in', mindRoles(trx))
    .where('org_id', 'in', oldOrgs)
    .execute();
  await trx
    .updateTable('user_identities')
    .set({ org_id: toSchoolId })
    .where('user_id', '=', teacher.userId)
    .where('org_id', '=', teacher.schoolId)
    .execute();
  await trx.updateTable('users').set({ dept_id: null, updated_at: at }).where('id', '=', teacher.userId).execute();
  await revokeUserSessions(trx, teacher.userId, 'transferred', at);
  await trx
    .updateTable('teachers')
    .set({ school_id: toSchoolId, dept_id: null, updated_at: at })
    .where('id', '=', teacher.id)
    .execute();
}
