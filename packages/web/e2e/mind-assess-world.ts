import type { Kysely } from 'kysely';
import { insertStudents, placementOf } from '../../server/src/mind/people/students/testing.ts';
import type { Database } from '../../server/src/platform/db/schema.ts';
import { buildOrg, buildUser } from '../../server/test/factories.ts';
import { PSYCHOLOGY_TEACHER } from './mind-walks.ts';

export interface Account {
  id: number;
  account: string;
  password: string;
}

/** Signs in through the API, as the portal's sign-in page would, and answers the token. */
export async function tokenOf(url: string, user: Account): Promise<string> {
  const response = await fetch(`${url}/api/apis-authz/authz/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: user.account, password: user.password }),
  });
  const body = (await response.json()) as { data?: { token?: string } };
  if (!body.data?.token) throw new Error(`sign-in of ${user.account} failed: ${JSON.stringify(body)}`);
  return body.data.token;
}

/** The roster entry of user `userId` at school `schoolId`: an active psychology teacher called `name`. */
export async function addPsychologyTeacher(
  db: Kysely<Database>,
  userId: number,
  schoolId: number,
  name: string,
  teacherNo: string,
): Promise<void> {
  const at = Date.now();
  await db
    .insertInto('teachers')
    .values({
      user_id: userId,
      school_id: schoolId,
      dept_id: null,
      teacher_no: teacherNo,
      name,
      gender: null,
      phone: null,
      subject: null,
      title: null,
      is_psychology: true,
      status: 'active',
      created_at: at,
      updated_at: at,
    })
    .execute();
}

/**
 * A school with one grade and one class of two students who hold accounts (identity 2, no role, as
 * students sign in on H5), and the school's psychology teacher, on its teacher roster.
 */
export async function buildClassWorld(server: { url: string; db: Kysely<Database> }) {
  const db = server.db;
  const tag = Math.random().toString(36).slice(2, 6);
  const school = await buildOrg(db, { type: 'school', name: `Hillside ${tag}` });
  const grade = await buildOrg(db, { type: 'grade', name: `Grade 7 ${tag}`, parentId: school.id });
  const klass = await buildOrg(db, { type: 'class', name: `Class 7-1 ${tag}`, parentId: grade.id });
  const placement = await placementOf(db, klass.id);
  const names = ['Lin Xiao', 'Chen Yu'];
  const studentIds = await insertStudents(
    db,
    names.map((name, n) => ({ ...placement, name, student_no: `S${tag}${n + 1}` })),
  );
  const students: (Account & { studentId: number; name: string })[] = [];
  for (const [n, studentId] of studentIds.entries()) {
    const user = await buildUser(db, { roleIds: [], identityId: 2, orgId: klass.id });
    await db.updateTable('students').set({ user_id: user.id }).where('id', '=', studentId).execute();
    students.push({ ...user, studentId, name: names[n] ?? '' });
  }
  const teacher = await buildUser(db, { roleIds: [PSYCHOLOGY_TEACHER], orgId: school.id });
  await addPsychologyTeacher(db, teacher.id, school.id, 'Ms Wang', `T${teacher.id}`);
  return {
    orgs: {
      school: { ...school, name: `Hillside ${tag}` },
      grade: { ...grade, name: `Grade 7 ${tag}` },
      klass: { ...klass, name: `Class 7-1 ${tag}` },
    },
    students,
    teacher: { ...teacher, token: await tokenOf(server.url, teacher) },
  };
}
export type ClassWorld = Awaited<ReturnType<typeof buildClassWorld>>;
