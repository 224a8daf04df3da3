import {
  hasPermission,
  maskIdCard,
  type PageQuery,
  type Student,
  type StudentAdd,
  type StudentFilters,
  type StudentStatus,
  type StudentUpdate,
} from '@meridian/contracts';
import { AppError, rulesBroken } from '../../../platform/http/errors.ts';
import { audit } from '../../../portal/audit/service.ts';
import type { Actor } from '../../../portal/orgs/actor.ts';
import { classTeachersOfClasses, studentReferenced } from './hooks.ts';
import { parentsOf } from './parents-repository.ts';
import {
  classPlacement,
  deleteStudent,
  findStudent,
  findStudentOfUser,
  insertStudent,
  orgsByIds,
  type StudentPageRow,
  studentNoTaken,
  studentPage,
  updateStudent,
} from './repository.ts';
import { orgInStudentScope, type StudentScope, studentScopeOf } from './scope.ts';
import type { StudentRow } from './tables.ts';

const notFound = () => new AppError(404, 'student.notFound');

/** The ID card number in full only for roles that may edit students; others need to tell students apart, not to copy it. */
function seesIdCard(actor: Actor): boolean {
  return actor.auth.superAdmin || hasPermission(actor.auth.permissions, '/system/student', 'edit');
}

type OrgNames = Map<number, { id: number; name: string }>;

/** The names of the organisations these students sit in. */
async function orgNamesOf(actor: Actor, rows: StudentRow[]): Promise<OrgNames> {
  const ids = [...new Set(rows.flatMap((r) => [r.school_id, r.campus_id, r.grade_id, r.org_id]))].filter(
    (id): id is number => id !== null,
  );
  return new Map((await orgsByIds(actor.db, ids)).map((o) => [o.id, { id: o.id, name: o.name }]));
}

/** The names a page of the list already carries. */
function namesOnPage(rows: StudentPageRow[]): OrgNames {
  const names: OrgNames = new Map();
  for (const r of rows) {
    for (const [id, name] of [
      [r.school_id, r.school_name],
      [r.campus_id, r.campus_name],
      [r.grade_id, r.grade_name],
      [r.org_id, r.class_name],
    ] as const) {
      if (id !== null && name !== null) names.set(id, { id, name });
    }
  }
  return names;
}

function present(actor: Actor, rows: StudentRow[], names: OrgNames): Student[] {
  const ref = (id: number | null) => (id === null ? null : (names.get(id) ?? null));
  const full = seesIdCard(actor);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    studentNo: r.student_no,
    gender: r.gender,
    birthday: r.birthday,
    idCard: r.id_card === null || full ? r.id_card : maskIdCard(r.id_card),
    phone: r.phone,
    enrolYear: r.enrol_year,
    status: r.status,
    userId: r.user_id,
    school: ref(r.school_id),
    campus: ref(r.campus_id),
    grade: ref(r.grade_id),
    class: ref(r.org_id),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  }));
}

async function studentInScopeOrThrow(actor: Actor, scope: StudentScope, id: number): Promise<StudentRow> {
  const row = await findStudent(actor.db, scope, id);
  if (!row) throw notFound();
  return row;
}

/** Where a student may be placed: a class of the caller's scope. Outside it, the class does not exist for them. */
async function placementInScope(actor: Actor, scope: StudentScope, classId: number) {
  const placed = await classPlacement(actor.db, classId);
  if (!placed || !orgInStudentScope(scope, placed.klass.path)) throw new AppError(404, 'org.notFound');
  if (placed.klass.type !== 'class' || placed.schoolId === null || placed.gradeId === null) {
    throw rulesBroken([{ field: 'classId', key: 'v.student.class' }]);
  }
  return { org_id: placed.klass.id, school_id: placed.schoolId, campus_id: placed.campusId, grade_id: placed.gradeId };
}

async function refuseTakenNo(actor: Actor, schoolId: number, studentNo: string, exceptId?: number): Promise<void> {
  if (await studentNoTaken(actor.db, schoolId, studentNo, exceptId)) {
    throw new AppError(409, 'student.noTaken', { rules: [{ field: 'studentNo', key: 'student.noTaken' }] });
  }
}

export async function listStudents(actor: Actor, filters: StudentFilters, page: PageQuery) {
  const scope = await studentScopeOf(actor.db, actor.auth);
  const result = await studentPage(actor.db, scope, filters, page);
  return { ...result, list: present(actor, result.list, namesOnPage(result.list)) };
}

export async function studentDetail(actor: Actor, id: number): Promise<Student> {
  const scope = await studentScopeOf(actor.db, actor.auth);
  const row = await studentInScopeOrThrow(actor, scope, id);
  const [student] = present(actor, [row], await orgNamesOf(actor, [row]));
  if (!student) throw notFound();
  return student;
}

export async function addStudent(actor: Actor, input: StudentAdd): Promise<Student> {
  const scope = await studentScopeOf(actor.db, actor.auth);
  const placement = await placementInScope(actor, scope, input.classId);
  await refuseTakenNo(actor, placement.school_id, input.studentNo);
  const at = Date.now();
  const id = await actor.db.transaction().execute(async (trx) => {
    const created = await insertStudent(trx, {
      ...placement,
      name: input.name,
      student_no: input.studentNo,
      gender: input.gender,
      birthday: input.birthday ?? null,
      id_card: input.idCard ?? null,
      phone: input.phone ?? null,
      enrol_year: input.enrolYear ?? null,
      status: input.status ?? 'studying',
      user_id: null,
      created_at: at,
      updated_at: at,
    });
    await audit(trx, actor.request, {
      action: 'addStudent',
      targetType: 'student',
      targetId: created,
      detail: { classId: placement.org_id, studentNo: input.studentNo },
    });
    return created;
  });
  return studentDetail(actor, id);
}

export async function editStudent(actor: Actor, input: StudentUpdate): Promise<Student> {
  const scope = await studentScopeOf(actor.db, actor.auth);
  const row = await studentInScopeOrThrow(actor, scope, input.id);
  if (input.studentNo !== undefined && input.studentNo !== row.student_no) {
    await refuseTakenNo(actor, row.school_id, input.studentNo, row.id);
  }
  const changes = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.studentNo !== undefined ? { student_no: input.studentNo } : {}),
    ...(input.gender !== undefined ? { gender: input.gender } : {}),
    ...(input.birthday !== undefined ? { birthday: input.birthday } : {}),
    ...(input.idCard !== undefined ? { id_card: input.idCard } : {}),
    ...(input.phone !== undefined ? { phone: input.phone } : {}),
    ...(input.enrolYear !== undefined ? { enrol_year: input.enrolYear } : {}),
  };
  await actor.db.transaction().execute(async (trx) => {
    await updateStudent(trx, row.id, changes);
    // The fields changed, not their values: the audit log is no second copy of minors' data.
    await audit(trx, actor.request, {
      action: 'updateStudent',
      targetType: 'student',
      targetId: row.id,
      detail: { fields: Object.keys(changes) },
    });
  });
  return studentDetail(actor, row.id);
}

/** To another class of the scope; the audit log keeps where they came from, which is the class history. */
export async function moveStudent(actor: Actor, id: number, classId: number): Promise<Student> {
  const scope = await studentScopeOf(actor.db, actor.auth);
  const row = await studentInScopeOrThrow(actor, scope, id);
  const placement = await placementInScope(actor, scope, classId);
  if (placement.org_id === row.org_id) throw rulesBroken([{ field: 'classId', key: 'student.sameClass' }]);
  if (placement.school_id !== row.school_id) await refuseTakenNo(actor, placement.school_id, row.student_no, row.id);
  await actor.db.transaction().execute(async (trx) => {
    await updateStudent(trx, row.id, placement);
    await audit(trx, actor.request, {
      action: 'moveStudent',
      targetType: 'student',
      targetId: row.id,
      detail: { fromClassId: row.org_id, toClassId: placement.org_id, fromSchoolId: row.school_id },
    });
  });
  return studentDetail(actor, row.id);
}

export async function setStudentStatus(actor: Actor, id: number, status: StudentStatus): Promise<Student> {
  const scope = await studentScopeOf(actor.db, actor.auth);
  const row = await studentInScopeOrThrow(actor, scope, id);
  if (row.status !== status) {
    await actor.db.transaction().execute(async (trx) => {
      await updateStudent(trx, row.id, { status });
      await audit(trx, actor.request, {
        action: 'setStudentStatus',
        targetType: 'student',
        targetId: row.id,
        detail: { from: row.status, to: status },
      });
    });
  }
  return studentDetail(actor, row.id);
}

/** Only a student nothing refers to; one with an account or records is disabled instead, so history stays whole. */
export async function removeStudent(actor: Actor, id: number): Promise<void> {
  const scope = await studentScopeOf(actor.db, actor.auth);
  const row = await studentInScopeOrThrow(actor, scope, id);
  if (row.user_id !== null || (await studentReferenced(actor.db, row.id))) throw new AppError(409, 'student.inUse');
  await actor.db.transaction().execute(async (trx) => {
    await deleteStudent(trx, row.id);
    await audit(trx, actor.request, {
      action: 'removeStudent',
      targetType: 'student',
      targetId: row.id,
      detail: { studentNo: row.student_no, schoolId: row.school_id, classId: row.org_id },
    });
  });
}

/** The student card (`getStudentInfo`), by student or by their account; reading it is audited like any student data. */
export async function studentCard(actor: Actor, query: { studentId?: number; userId?: number }) {
  const scope = await studentScopeOf(actor.db, actor.auth);
  const row =
    query.studentId !== undefined
      ? await findStudent(actor.db, scope, query.studentId)
      : await findStudentOfUser(actor.db, scope, query.userId ?? 0);
  if (!row) throw notFound();
  const [student] = present(actor, [row], await orgNamesOf(actor, [row]));
  if (!student) throw notFound();
  const teachers = await classTeachersOfClasses(actor.db, [row.org_id]);
  const parents = await parentsOf(actor.db, [row.id]);
  await audit(actor.db, actor.request, { action: 'readStudentInfo', targetType: 'student', targetId: row.id });
  return {
    ...student,
    classTeachers: teachers.get(row.org_id) ?? [],
    parents: parents.map((p) => ({
      parentId: p.parent_id,
      name: p.name,
      phone: p.phone,
      relation: p.relation,
      userId: p.user_id,
    })),
  };
}
