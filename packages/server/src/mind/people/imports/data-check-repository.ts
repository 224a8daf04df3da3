import { Identity } from '@meridian/contracts';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../platform/db/schema.ts';

type Db = Kysely<Database>;
/** The schools a check looks at, or null for every school (the platform's administrators). */
export type Schools = number[] | null;
type Row = Record<string, string | number | null>;
export interface Found {
  count: number;
  rows: Row[];
}

async function counted(query: { executeTakeFirst(): Promise<{ n: unknown } | undefined> }): Promise<number> {
  return Number((await query.executeTakeFirst())?.n ?? 0);
}

/** Groups of students sharing an ID card number. */
export async function duplicateIdCards(db: Db, schools: Schools, limit: number): Promise<Found> {
  const groups = db
    .selectFrom('students')
    .select(['id_card', sql<number>`count(*)`.as('students')])
    .where('id_card', 'is not', null)
    .$if(schools !== null, (q) => q.where('school_id', 'in', schools ?? []))
    .groupBy('id_card')
    .having(sql`count(*)`, '>', 1);
  const count = await counted(db.selectFrom(groups.as('g')).select(sql<number>`count(*)`.as('n')));
  const rows = await groups.orderBy('id_card').limit(limit).execute();
  return { count, rows: rows.map((r) => ({ idCard: r.id_card, students: Number(r.students) })) };
}

/** Students of one school whose numbers differ only in letter case (the database keeps exact numbers unique). */
export async function duplicateStudentNos(db: Db, schools: Schools, limit: number): Promise<Found> {
  const groups = db
    .selectFrom('students')
    .select(['school_id', sql<string>`lower(student_no)`.as('no'), sql<number>`count(*)`.as('students')])
    .$if(schools !== null, (q) => q.where('school_id', 'in', schools ?? []))
    .groupBy(['school_id', sql`lower(student_no)`])
    .having(sql`count(*)`, '>', 1);
  const count = await counted(db.selectFrom(groups.as('g')).select(sql<number>`count(*)`.as('n')));
  const rows = await groups.orderBy('school_id').limit(limit).execute();
  return {
    count,
    rows: rows.map((r) => ({ schoolId: r.school_id, studentNo: r.no, students: Number(r.students) })),
  };
}

/** Phones that two teacher records share. */
export async function duplicateTeacherPhones(db: Db, schools: Schools, limit: number): Promise<Found> {
  const groups = db
    .selectFrom('teachers')
    .select(['phone', sql<number>`count(*)`.as('teachers')])
    .where('phone', 'is not', null)
    .$if(schools !== null, (q) => q.where('school_id', 'in', schools ?? []))
    .groupBy('phone')
    .having(sql`count(*)`, '>', 1);
  const count = await counted(db.selectFrom(groups.as('g')).select(sql<number>`count(*)`.as('n')));
  const rows = await groups.orderBy('phone').limit(limit).execute();
  return { count, rows: rows.map((r) => ({ phone: r.phone, teachers: Number(r.teachers) })) };
}

function studentsWhereClass(db: Db, schools: Schools, problem: 'disabled' | 'missing') {
  return db
    .selectFrom('students as s')
    .leftJoin('orgs as o', 'o.id', 's.org_id')
    .$if(schools !== null, (q) => q.where('s.school_id', 'in', schools ?? []))
    .where((eb) =>
      problem === 'disabled'
        ? eb.and([eb('o.type', '=', 'class'), eb('o.status', '=', 'disabled')])
        : eb.or([eb('o.id', 'is', null), eb('o.type', '!=', 'class')]),
    );
}

/** Students placed in a class that is disabled, or in no class at all. */
export async function studentsOutsideClasses(
  db: Db,
  schools: Schools,
  problem: 'disabled' | 'missing',
  limit: number,
): Promise<Found> {
  const count = await counted(studentsWhereClass(db, schools, problem).select(sql<number>`count(*)`.as('n')));
  const rows = await studentsWhereClass(db, schools, problem)
    .select(['s.id', 's.name', 's.student_no', 's.school_id', 's.org_id'])
    .orderBy('s.id')
    .limit(limit)
    .execute();
  return {
    count,
    rows: rows.map((r) => ({
      studentId: r.id,
      name: r.name,
      studentNo: r.student_no,
      schoolId: r.school_id,
      classId: r.org_id,
    })),
  };
}

function childlessParents(db: Db, schools: Schools) {
  return db
    .selectFrom('parents as p')
    .$if(schools !== null, (q) => q.where('p.school_id', 'in', schools ?? []))
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('student_parents as sp').select('sp.id').whereRef('sp.parent_id', '=', 'p.id'))),
    );
}

export async function parentsWithoutChildren(db: Db, schools: Schools, limit: number): Promise<Found> {
  const count = await counted(childlessParents(db, schools).select(sql<number>`count(*)`.as('n')));
  const rows = await childlessParents(db, schools)
    .select(['p.id', 'p.name', 'p.phone', 'p.school_id'])
    .orderBy('p.id')
    .limit(limit)
    .execute();
  return { count, rows: rows.map((r) => ({ parentId: r.id, name: r.name, phone: r.phone, schoolId: r.school_id })) };
}

function removedClassAssignments(db: Db, schools: Schools) {
  return db
    .selectFrom('class_teachers as ct')
    .innerJoin('teachers as t', 't.id', 'ct.teacher_id')
    .leftJoin('orgs as o', 'o.id', 'ct.class_id')
    .$if(schools !== null, (q) => q.where('t.school_id', 'in', schools ?? []))
    .where((eb) => eb.or([eb('o.id', 'is', null), eb('o.type', '!=', 'class'), eb('o.status', '=', 'disabled')]));
}

/** Class teacher assignments whose class is gone, is no longer a class, or is disabled. */
export async function assignmentsToRemovedClasses(db: Db, schools: Schools, limit: number): Promise<Found> {
  const count = await counted(removedClassAssignments(db, schools).select(sql<number>`count(*)`.as('n')));
  const rows = await removedClassAssignments(db, schools)
    .select(['ct.id', 'ct.class_id', 'ct.kind', 't.id as teacher_id', 't.name', 't.teacher_no'])
    .orderBy('ct.id')
    .limit(limit)
    .execute();
  return {
    count,
    rows: rows.map((r) => ({
      teacherId: r.teacher_id,
      name: r.name,
      teacherNo: r.teacher_no,
      classId: r.class_id,
      kind: r.kind,
    })),
  };
}

function unbound(db: Db, before: number) {
  return db
    .selectFrom('users as u')
    .where('u.created_at', '<', before)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_identities as ui')
          .select('ui.id')
          .whereRef('ui.user_id', '=', 'u.id')
          .where('ui.identity_id', '=', Identity.unbound),
      ),
    );
}

/** Accounts still unbound (identity 5) that were created before `before`. */
export async function unboundAccounts(db: Db, before: number, limit: number): Promise<Found> {
  const count = await counted(unbound(db, before).select(sql<number>`count(*)`.as('n')));
  const rows = await unbound(db, before)
    .select(['u.id', 'u.account', 'u.nickname', 'u.created_at'])
    .orderBy('u.id')
    .limit(limit)
    .execute();
  return {
    count,
    rows: rows.map((r) => ({
      userId: r.id,
      account: r.account,
      nickname: r.nickname,
      createdAt: Number(r.created_at),
    })),
  };
}

/** The schools inside the given subtrees. */
export async function schoolsUnder(db: Db, paths: string[]): Promise<number[]> {
  // Guard against an empty OR: no subtree, no school.
  if (paths.length === 0) return [];
  const rows = await db
    .selectFrom('orgs')
    .select('id')
    .where('type', '=', 'school')
    .where((eb) => eb.or(paths.map((p) => eb('path', 'like', `${p}%`))))
    .execute();
  return rows.map((r) => r.id);
}
