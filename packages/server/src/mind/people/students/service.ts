import {
  isMaskedIdCard,
  isMaskedPhone,
  maskIdCard,
  maskPhone,
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
import { auditStudentList, refuseFiltersOutsideScope, refuseStudentData, studentOfScope } from './access.ts';
import { classTeachersOfClasses, studentReferenced } from './hooks.ts';
import { parentsOf } from './parents-repository.ts';
import {
  classPlacement,
  deleteStudent,
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

/** Lists and details show numbers masked, to every role: the whole ones only through `revealStudent`, audited. */
const masked = (value: string | null, mask: (v: string) => string) => (value === null ? null : mask(value));

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

function present(rows: StudentRow[], names: OrgNames): Student[] {
  const ref = (id: number | null) => (id === null ? null : (names.get(id) ?? null));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    studentNo: r.student_no,
    gender: r.gender,
    birthday: r.birthday,
    idCard: masked(r.id_card, maskIdCard),
    phone: masked(r.phone, maskPhone),
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

/** Where a student may be placed: a class of the caller's scope. Outside it, the class does not exist for them. */
async function placementInScope(actor: Actor, scope: StudentScope, classId: number) {
  const placed = await classPlacement(actor.db, classId);
  if (!placed || !orgInStudentScope(scope, placed.klass.path)) {
    return refuseStudentData(actor, 'orgNotInScope', { type: 'org', id: classId }, new AppError(404, 'org.notFound'));
  }
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

/** A page of the scope's students; the read is audited with who was on it. */
export async function listStudents(actor: Actor, filters: StudentFilters, page: PageQuery) {
  const scope = await studentScopeOf(actor.db, actor.auth);
  const result = await studentPage(actor.db, scope, filters, page);
  // A filter outside the scope can only give an empty page: only then is it worth a look.
  if (result.list.length === 0) await refuseFiltersOutsideScope(actor, scope, filters);
  await auditStudentList(
    actor,
    'student.list',
    result.list.map((r) => r.id),
    { filters, page: page.page, size: page.size },
  );
  return { ...result, list: present(result.list, namesOnPage(result.list)) };
}

/** A student as lists and details show them (numbers masked). The caller has checked the scope and audits the read. */
export async function studentView(actor: Actor, row: StudentRow): Promise<Student> {
  const [student] = present([row], await orgNamesOf(actor, [row]));
  if (!student) throw notFound();
  return student;
}

async function reread(actor: Actor, scope: StudentScope, id: number): Promise<Student> {
  return studentView(actor, await studentOfScope(actor, scope, id));
}

/** `student/detail`: one student of the scope; the read is audited. */
export async function studentDetail(actor: Actor, id: number): Promise<Student> {
  const scope = await studentScopeOf(actor.db, actor.auth);
  const row = await studentOfScope(actor, scope, id);
  await audit(actor.db, actor.request, { action: 'student.read', targetType: 'student', targetId: row.id });
  return studentView(actor, row);
}

/**
 * `student/reveal`: the whole ID card and phone numbers of one student, for a role that edits
 * students (the route declares it); each reveal is audited with the fields it showed.
 */
export async function revealStudent(actor: Actor, id: number) {
  const scope = await studentScopeOf(actor.db, actor.auth);
  const row = await studentOfScope(actor, scope, id);
  const fields = [...(row.id_card === null ? [] : ['idCard']), ...(row.phone === null ? [] : ['phone'])];
  await audit(actor.db, actor.request, {
    action: 'student.reveal',
    targetType: 'student',
    targetId: row.id,
    detail: { fields },
  });
  return { id: row.id, idCard: row.id_card, phone: row.phone };
}

/**
 * A number a change sends: a whole one replaces the stored one; the masked one the form was given
 * keeps it (undefined: no change); any other masked value is refused, never stored.
 */
function wholeOrKept(
  field: 'idCard' | 'phone',
  sent: string | null | undefined,
  stored: string | null,
): string | null | undefined {
  const isMasked = field === 'idCard' ? isMaskedIdCard : isMaskedPhone;
  if (sent === undefined || sent === null || !isMasked(sent)) return sent;
  const mask = field === 'idCard' ? maskIdCard : maskPhone;
  if (stored !== null && mask(stored) === sent) return undefined;
  throw rulesBroken([{ field, key: 'v.maskedNumber' }]);
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
  return reread(actor, scope, id);
}

export async function editStudent(actor: Actor, input: StudentUpdate): Promise<Student> {
  const scope = await studentScopeOf(actor.db, actor.auth);
  const row = await studentOfScope(actor, scope, input.id);
  if (input.studentNo !== undefined && input.studentNo !== row.student_no) {
    await refuseTakenNo(actor, row.school_id, input.studentNo, row.id);
  }
  const idCard = wholeOrKept('idCard', input.idCard, row.id_card);
  const phone = wholeOrKept('phone', input.phone, row.phone);
  const changes = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.studentNo !== undefined ? { student_no: input.studentNo } : {}),
    ...(input.gender !== undefined ? { gender: input.gender } : {}),
    ...(input.birthday !== undefined ? { birthday: input.birthday } : {}),
    ...(idCard !== undefined ? { id_card: idCard } : {}),
    ...(phone !== undefined ? { phone } : {}),
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
  return reread(actor, scope, row.id);
}

/** To another class of the scope; the audit log keeps where they came from, which is the class history. */
export async function moveStudent(actor: Actor, id: number, classId: number): Promise<Student> {
  const scope = await studentScopeOf(actor.db, actor.auth);
  const row = await studentOfScope(actor, scope, id);
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
  return reread(actor, scope, row.id);
}

export async function setStudentStatus(actor: Actor, id: number, status: StudentStatus): Promise<Student> {
  const scope = await studentScopeOf(actor.db, actor.auth);
  const row = await studentOfScope(actor, scope, id);
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
  return reread(actor, scope, row.id);
}

/** Only a student nothing refers to; one with an account or records is disabled instead, so history stays whole. */
export async function removeStudent(actor: Actor, id: number): Promise<void> {
  const scope = await studentScopeOf(actor.db, actor.auth);
  const row = await studentOfScope(actor, scope, id);
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
      ? await studentOfScope(actor, scope, query.studentId)
      : ((await findStudentOfUser(actor.db, scope, query.userId ?? 0)) ??
        (await refuseStudentData(actor, 'studentNotInScope', { type: 'user', id: query.userId ?? 0 }, notFound())));
  const student = await studentView(actor, row);
  const teachers = await classTeachersOfClasses(actor.db, [row.org_id]);
  const parents = await parentsOf(actor.db, [row.id]);
  await audit(actor.db, actor.request, { action: 'readStudentInfo', targetType: 'student', targetId: row.id });
  return {
    ...student,
    classTeachers: teachers.get(row.org_id) ?? [],
    parents: parents.map((p) => ({
      parentId: p.parent_id,
      name: p.name,
      phone: maskPhone(p.phone),
      relation: p.relation,
      userId: p.user_id,
    })),
  };
}
