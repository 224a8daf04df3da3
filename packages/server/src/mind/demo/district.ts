import { Identity, type OrgTypeName } from '@meridian/contracts';
import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { insertOrg } from '../../portal/orgs/repository.ts';
import { insertStudents, type StudentSeed } from '../people/students/testing.ts';
import { insertYear, makeCurrent, replaceSemesters, semestersOf } from '../people/students/xuenian-repository.ts';
import { demoAccount } from './accounts.ts';
import type { DistrictPlan, SchoolPlan, TeacherPlan } from './plan.ts';
import {
  type DemoUser,
  grantIdentities,
  grantRoles,
  insertClassTeachers,
  insertParents,
  insertTeachers,
  insertUsers,
  linkParents,
  studentIdsOf,
} from './repository.ts';

type Trx = Transaction<Database>;

export interface DistrictSummary {
  bureauId: number;
  schoolIds: number[];
  /** Class id by the plan's class key. */
  classIds: Map<string, number>;
  classes: number;
  students: number;
  parents: number;
  teachers: number;
}

interface Node {
  id: number;
  path: string;
  depth: number;
}

async function org(
  trx: Trx,
  parent: Node | null,
  type: OrgTypeName,
  name: string,
  sort: number,
  code: string | null = null,
) {
  const made = await insertOrg(trx, { parent, type, name, code, sort, logo: null });
  return { ...made, depth: parent ? parent.depth + 1 : 0 };
}

/** The school years, their semesters, and the current one, kept by the district (its bureau). */
async function writeYears(trx: Trx, bureauId: number, plan: DistrictPlan): Promise<number | null> {
  let currentYear: number | null = null;
  for (const year of plan.years) {
    const yearId = await insertYear(trx, bureauId, year);
    await replaceSemesters(trx, yearId, year.semesters);
    if (!year.current) continue;
    const term = year.current.term;
    const semester = (await semestersOf(trx, [yearId])).find((s) => s.term === term);
    if (semester) await makeCurrent(trx, bureauId, yearId, semester.id);
    currentYear = yearId;
  }
  return currentYear;
}

interface Placed {
  bureauId: number;
  schoolIds: number[];
  /** Class id by the plan's class key. */
  classIds: Map<string, number>;
  currentYear: number | null;
}

/** One school's tree and roster, with its parents; records each class's id under its plan key. */
async function writeSchool(trx: Trx, bureau: Node, school: SchoolPlan, sort: number, classIds: Map<string, number>) {
  const schoolNode = await org(trx, bureau, 'school', school.name, sort, school.code);
  const roster: StudentSeed[] = [];
  for (const [c, campus] of school.campuses.entries()) {
    const campusNode = await org(trx, schoolNode, 'campus', campus.name, c);
    for (const grade of campus.grades) {
      const gradeNode = await org(trx, campusNode, 'grade', grade.name, grade.number);
      for (const [k, klass] of grade.classes.entries()) {
        const classNode = await org(trx, gradeNode, 'class', klass.name, k);
        classIds.set(klass.key, classNode.id);
        for (const st of klass.students) {
          roster.push({
            org_id: classNode.id,
            school_id: schoolNode.id,
            campus_id: campusNode.id,
            grade_id: gradeNode.id,
            name: st.name,
            student_no: st.studentNo,
            gender: st.gender,
            birthday: st.birthday,
            id_card: st.idCard,
            enrol_year: st.enrolYear,
          });
        }
      }
    }
  }
  await insertStudents(trx, roster);

  const planned = school.campuses.flatMap((c) => c.grades.flatMap((g) => g.classes.flatMap((k) => k.students)));
  const parentIds = await insertParents(
    trx,
    planned.flatMap((st) =>
      st.parents.map((p) => ({ school_id: schoolNode.id, name: p.name, phone: p.phone, user_id: null })),
    ),
  );
  const studentIds = await studentIdsOf(trx, schoolNode.id);
  await linkParents(
    trx,
    planned.flatMap((st) =>
      st.parents.map((p) => ({
        student_id: studentIds.get(st.studentNo) as number,
        parent_id: parentIds.get(`${schoolNode.id}:${p.phone}`) as number,
        relation: p.relation,
      })),
    ),
  );
  return { id: schoolNode.id, students: roster.length, parents: parentIds.size };
}

/**
 * The accounts (teachers and the demo accounts), the teachers' records, who heads and teaches
 * which class, and the role grants that give each its scope: role 3 at the school for a
 * psychology teacher, role 4 at the class for a head teacher, as `teacher/classes/set` grants it.
 */
async function writeStaff(trx: Trx, plan: DistrictPlan, placed: Placed, passwordHash: string): Promise<number> {
  const users: DemoUser[] = [];
  const staffOf = new Map<string, number>();
  const account = (name: string, nickname: string, orgId: number) => {
    users.push({
      account: name,
      password_hash: passwordHash,
      nickname,
      status: 'enabled',
      // A demo is for trying, so its accounts are not sent to change the password first.
      default_pass: false,
      password_changed_at: Date.now(),
      user_type: 'staff',
      // The unit the account menu and the sign-in answer show.
      dept_id: orgId,
    });
    staffOf.set(name, orgId);
  };

  const teachers: Array<{ t: TeacherPlan; schoolId: number; account: string }> = [];
  for (const [s, school] of plan.schools.entries()) {
    const schoolId = placed.schoolIds[s] as number;
    const firstClass = school.campuses[0]?.grades[0]?.classes[0]?.key;
    for (const [i, t] of school.teachers.entries()) {
      // School 1's first psychology teacher and the head teacher of its first class are demo accounts.
      const name =
        s === 0 && i === 0
          ? demoAccount('psychology').account
          : s === 0 && t.heads === firstClass
            ? demoAccount('classTeacher').account
            : `t${schoolId}_${t.teacherNo}`;
      account(name, t.name, schoolId);
      teachers.push({ t, schoolId, account: name });
    }
  }
  const [firstSchool] = placed.schoolIds as [number];
  account(demoAccount('bureau').account, '示范区教育局管理员', placed.bureauId);
  account(demoAccount('school').account, '实验小学管理员', firstSchool);
  const userIds = await insertUsers(trx, users);
  const idOf = (name: string) => userIds.get(name) as number;

  await grantIdentities(
    trx,
    [...staffOf].map(([name, orgId]) => ({ userId: idOf(name), identityId: Identity.staff, orgId })),
  );
  const roles = [
    { userId: idOf(demoAccount('bureau').account), roleId: demoAccount('bureau').roleId, orgId: placed.bureauId },
    { userId: idOf(demoAccount('school').account), roleId: demoAccount('school').roleId, orgId: firstSchool },
  ];
  const teacherIds = await insertTeachers(
    trx,
    teachers.map(({ t, schoolId, account: name }) => ({
      user_id: idOf(name),
      school_id: schoolId,
      dept_id: null,
      teacher_no: t.teacherNo,
      name: t.name,
      gender: t.gender,
      phone: t.phone,
      subject: t.subject,
      title: t.title,
      is_psychology: t.psychology,
      status: 'active' as const,
    })),
  );
  const classTeachers: Parameters<typeof insertClassTeachers>[1] = [];
  const teaching = (classKey: string, teacherId: number, kind: 'head' | 'subject', subject: string) =>
    classTeachers.push({
      class_id: placed.classIds.get(classKey) as number,
      teacher_id: teacherId,
      kind,
      subject,
      school_year_id: placed.currentYear,
    });
  for (const { t, schoolId, account: name } of teachers) {
    const userId = idOf(name);
    const teacherId = teacherIds.get(userId) as number;
    if (t.psychology) roles.push({ userId, roleId: 3, orgId: schoolId });
    if (t.heads) {
      roles.push({ userId, roleId: 4, orgId: placed.classIds.get(t.heads) as number });
      teaching(t.heads, teacherId, 'head', t.subject);
    }
    for (const key of t.teaches) teaching(key, teacherId, 'subject', t.subject);
  }
  await grantRoles(trx, roles);
  await insertClassTeachers(trx, classTeachers);
  return teachers.length;
}

/**
 * Writes the planned district in the caller's transaction: the organisation tree, the roster, the
 * parents, the teachers with their accounts and classes, the school calendar and the demo accounts.
 * `passwordHash` is hashed once by the caller and shared: argon2 per account would take minutes.
 */
export async function writeDistrict(trx: Trx, plan: DistrictPlan, passwordHash: string): Promise<DistrictSummary> {
  const bureau = await org(trx, null, 'bureau', plan.bureau.name, 0, plan.bureau.code);
  const currentYear = await writeYears(trx, bureau.id, plan);
  const classIds = new Map<string, number>();
  const schools: Array<{ id: number; students: number; parents: number }> = [];
  for (const [s, school] of plan.schools.entries()) schools.push(await writeSchool(trx, bureau, school, s, classIds));
  const schoolIds = schools.map((s) => s.id);
  const teachers = await writeStaff(trx, plan, { bureauId: bureau.id, schoolIds, classIds, currentYear }, passwordHash);
  return {
    bureauId: bureau.id,
    schoolIds,
    classIds,
    classes: classIds.size,
    students: schools.reduce((n, s) => n + s.students, 0),
    parents: schools.reduce((n, s) => n + s.parents, 0),
    teachers,
  };
}
