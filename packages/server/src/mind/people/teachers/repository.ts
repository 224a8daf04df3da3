import type { PageQuery, TeacherRowData, TeacherStatusName } from '@meridian/contracts';
import type { ExpressionBuilder, Insertable, Kysely, Transaction, Updateable } from 'kysely';
import type { Database } from '../../../platform/db/schema.ts';
import { contains, paginate, toBool } from '../../../platform/db/sql.ts';
import type { Scope } from '../../../portal/access/scope.ts';
import type { TeachersTable } from './tables.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * A condition on `teachers` (aliased `t`) keeping the teachers the scope may see: those of a
 * school inside it, and those who teach a class inside it (a class teacher sees their class's).
 */
export function teacherInScope(scope: Scope) {
  return (eb: ExpressionBuilder<Database & { t: Database['teachers'] }, 't'>) => {
    if (scope.all) return eb.lit(true);
    if (scope.orgPaths.length === 0) return eb.lit(false);
    return eb.or(
      scope.orgPaths.flatMap((path) => [
        eb('t.school_id', 'in', eb.selectFrom('orgs').select('orgs.id').where('orgs.path', 'like', `${path}%`)),
        eb(
          't.id',
          'in',
          eb
            .selectFrom('class_teachers as ct')
            .innerJoin('orgs as co', 'co.id', 'ct.class_id')
            .select('ct.teacher_id')
            .where('co.path', 'like', `${path}%`),
        ),
      ]),
    );
  };
}

function teachers(db: Db, scope: Scope) {
  return db
    .selectFrom('teachers as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .innerJoin('orgs as sch', 'sch.id', 't.school_id')
    .leftJoin('orgs as d', 'd.id', 't.dept_id')
    .select([
      't.id',
      't.user_id',
      'u.account',
      'u.status as account_status',
      't.school_id',
      'sch.name as school_name',
      'sch.path as school_path',
      't.dept_id',
      'd.name as dept_name',
      't.teacher_no',
      't.name',
      't.gender',
      't.phone',
      't.wechat_openid',
      't.subject',
      't.title',
      't.is_psychology',
      't.status',
      't.created_at',
    ])
    .where(teacherInScope(scope));
}
export type TeacherRecord = Awaited<ReturnType<ReturnType<typeof teachers>['executeTakeFirstOrThrow']>>;

export function toTeacher(row: TeacherRecord): TeacherRowData {
  return {
    id: row.id,
    userId: row.user_id,
    account: row.account,
    schoolId: row.school_id,
    schoolName: row.school_name,
    deptId: row.dept_id,
    deptName: row.dept_name,
    teacherNo: row.teacher_no,
    name: row.name,
    gender: row.gender,
    phone: row.phone,
    wechatOpenid: row.wechat_openid,
    subject: row.subject,
    title: row.title,
    isPsychology: toBool(row.is_psychology),
    status: row.status,
    accountStatus: row.account_status,
    createdAt: row.created_at,
  };
}

export interface TeacherFilters {
  schoolId?: number;
  deptId?: number;
  keyword?: string;
  status?: TeacherStatusName;
  isPsychology?: boolean;
}

export function teacherPage(db: Db, scope: Scope, f: TeacherFilters, page: PageQuery) {
  const query = teachers(db, scope)
    .$if(f.schoolId !== undefined, (q) => q.where('t.school_id', '=', f.schoolId ?? 0))
    .$if(f.deptId !== undefined, (q) => q.where('t.dept_id', '=', f.deptId ?? 0))
    .$if(f.status !== undefined, (q) => q.where('t.status', '=', f.status ?? 'active'))
    .$if(f.isPsychology !== undefined, (q) => q.where('t.is_psychology', '=', f.isPsychology ?? false))
    .$if(Boolean(f.keyword), (q) =>
      q.where((eb) =>
        eb.or([
          contains('t.name', f.keyword ?? ''),
          contains('t.teacher_no', f.keyword ?? ''),
          contains('u.account', f.keyword ?? ''),
          eb('t.phone', '=', f.keyword ?? ''),
        ]),
      ),
    )
    .orderBy('t.school_id')
    .orderBy('t.teacher_no')
    .orderBy('t.id');
  return paginate(query, page);
}

export function findTeacher(db: Db, scope: Scope, id: number): Promise<TeacherRecord | undefined> {
  return teachers(db, scope).where('t.id', '=', id).executeTakeFirst();
}

export function findTeacherOfUser(db: Db, userId: number) {
  return db.selectFrom('teachers').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function teacherNoTaken(db: Db, schoolId: number, teacherNo: string, exceptId = 0): Promise<boolean> {
  const row = await db
    .selectFrom('teachers')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('teacher_no', '=', teacherNo)
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertTeacher(
  trx: Transaction<Database>,
  values: Omit<Insertable<TeachersTable>, 'created_at' | 'updated_at' | 'id'>,
): Promise<number> {
  const at = Date.now();
  const row = await trx
    .insertInto('teachers')
    .values({ ...values, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateTeacher(db: Db, id: number, changes: Omit<Updateable<TeachersTable>, 'id'>): Promise<void> {
  await db
    .updateTable('teachers')
    .set({ ...changes, updated_at: Date.now() })
    .where('id', '=', id)
    .execute();
}

/** Whether the teacher has a reshuffle record: such a teacher leaves by dimission, never by deletion. */
export async function hasReshuffleHistory(db: Db, teacherId: number): Promise<boolean> {
  const row = await db
    .selectFrom('teacher_changes')
    .select('id')
    .where('teacher_id', '=', teacherId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteTeacher(trx: Transaction<Database>, id: number): Promise<void> {
  await trx.deleteFrom('class_teachers').where('teacher_id', '=', id).execute();
  await trx.deleteFrom('teachers').where('id', '=', id).execute();
}

/** Whether any teacher belongs to the department. */
export async function deptHasTeachers(db: Db, deptId: number): Promise<boolean> {
  const row = await db.selectFrom('teachers').select('id').where('dept_id', '=', deptId).executeTakeFirst();
  return row !== undefined;
}
