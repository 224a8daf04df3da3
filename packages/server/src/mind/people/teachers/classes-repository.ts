import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../platform/db/schema.ts';
import { grantRole } from '../../../portal/accounts/repository.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The built-in class-teacher role: holding it at a class makes the class the holder's data scope. */
export const CLASS_TEACHER_ROLE = 4;

/** The classes a teacher heads or teaches, with their names. */
export function classesOfTeacher(db: Db, teacherId: number) {
  return db
    .selectFrom('class_teachers as ct')
    .innerJoin('orgs as o', 'o.id', 'ct.class_id')
    .select(['ct.class_id', 'o.name as class_name', 'ct.kind', 'ct.subject', 'ct.school_year_id'])
    .where('ct.teacher_id', '=', teacherId)
    .orderBy('ct.kind')
    .orderBy('o.sort')
    .orderBy('o.id')
    .execute();
}

/** The classes (by id) with their paths and types, whatever the scope: the caller checks the scope. */
export function classNodes(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('orgs').select(['id', 'name', 'type', 'path']).where('id', 'in', ids).execute();
}

/** The head teachers of these classes other than `exceptTeacherId`: who already heads each. */
export function otherHeads(db: Db, classIds: number[], exceptTeacherId: number) {
  if (classIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('class_teachers as ct')
    .innerJoin('teachers as t', 't.id', 'ct.teacher_id')
    .select(['ct.class_id', 't.name'])
    .where('ct.class_id', 'in', classIds)
    .where('ct.kind', '=', 'head')
    .where('ct.teacher_id', '!=', exceptTeacherId)
    .execute();
}

export interface ClassAssignmentInput {
  classId: number;
  kind: 'head' | 'subject';
  subject: string | null;
}

/**
 * Replaces a teacher's classes, and keeps the class-teacher role in step: granted at each class
 * they now head, taken at each class they no longer head. Run in the caller's transaction so that
 * the assignment and the scope it gives never disagree.
 */
export async function replaceClasses(
  trx: Transaction<Database>,
  teacher: { id: number; userId: number },
  assignments: ClassAssignmentInput[],
  schoolYearId: number | null,
): Promise<{ headAdded: number[]; headRemoved: number[] }> {
  const before = await trx
    .selectFrom('class_teachers')
    .select('class_id')
    .where('teacher_id', '=', teacher.id)
    .where('kind', '=', 'head')
    .execute();
  const wasHead = new Set(before.map((r) => r.class_id));
  const isHead = new Set(assignments.filter((a) => a.kind === 'head').map((a) => a.classId));
  const headRemoved = [...wasHead].filter((id) => !isHead.has(id));
  const headAdded = [...isHead].filter((id) => !wasHead.has(id));

  await trx.deleteFrom('class_teachers').where('teacher_id', '=', teacher.id).execute();
  const at = Date.now();
  for (const a of assignments) {
    await trx
      .insertInto('class_teachers')
      .values({
        class_id: a.classId,
        teacher_id: teacher.id,
        kind: a.kind,
        subject: a.subject,
        school_year_id: schoolYearId,
        created_at: at,
      })
      .execute();
  }
  if (headRemoved.length > 0) await revokeClassTeacherRole(trx, teacher.userId, headRemoved);
  for (const classId of headAdded) await grantRole(trx, teacher.userId, CLASS_TEACHER_ROLE, classId);
  return { headAdded, headRemoved };
}

export async function revokeClassTeacherRole(trx: Transaction<Database>, userId: number, classIds: number[]) {
  if (classIds.length === 0) return;
  await trx
    .deleteFrom('user_roles')
    .where('user_id', '=', userId)
    .where('role_id', '=', CLASS_TEACHER_ROLE)
    .where('org_id', 'in', classIds)
    .execute();
}

/** Everyone who heads or teaches the classes, heads first. */
export function teachersOfClasses(db: Db, classIds: number[]) {
  if (classIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('class_teachers as ct')
    .innerJoin('teachers as t', 't.id', 'ct.teacher_id')
    .select(['ct.class_id', 'ct.kind', 'ct.subject', 't.id as teacher_id', 't.user_id', 't.name', 't.phone'])
    .where('ct.class_id', 'in', classIds)
    .orderBy('ct.kind')
    .orderBy('t.name')
    .orderBy('t.id')
    .execute();
}

/** The classes a user heads, by their teacher record. */
export async function classesHeadedBy(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('class_teachers as ct')
    .innerJoin('teachers as t', 't.id', 'ct.teacher_id')
    .select('ct.class_id')
    .where('t.user_id', '=', userId)
    .where('ct.kind', '=', 'head')
    .orderBy('ct.class_id')
    .execute();
  return rows.map((r) => r.class_id);
}

/**
 * The head teachers' names of each class, for other areas (the student card): class id → names.
 * Classes without a head teacher are absent.
 */
export async function classTeachersOf(db: Db, classIds: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  // Guard against running an invalid `in ()` when no class is asked for.
  if (classIds.length === 0) return out;
  const rows = await db
    .selectFrom('class_teachers as ct')
    .innerJoin('teachers as t', 't.id', 'ct.teacher_id')
    .select(['ct.class_id', 't.name'])
    .where('ct.class_id', 'in', [...new Set(classIds)])
    .where('ct.kind', '=', 'head')
    .orderBy('t.name')
    .execute();
  for (const row of rows) out.set(row.class_id, [...(out.get(row.class_id) ?? []), row.name]);
  return out;
}

/** A user's role grants with the organisation each is held at. */
export function rolesWithOrgs(db: Db, userId: number) {
  return db
    .selectFrom('user_roles as ur')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .leftJoin('orgs as o', 'o.id', 'ur.org_id')
    .select(['r.id as roleId', 'r.name as roleName', 'ur.org_id as orgId', 'o.name as orgName', 'o.type as orgType'])
    .where('ur.user_id', '=', userId)
    .orderBy('r.id')
    .orderBy('ur.org_id')
    .execute();
}
