import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../../server/src/platform/db/schema.ts';
import { as, buildOrg, buildUser } from '../../server/test/factories.ts';
import { type MindUser, mindUser } from './mind-walks.ts';

const PSYCHOLOGY_TEACHER = 3;

async function tokenOf(url: string, account: string, password: string): Promise<string> {
  const response = await fetch(`${url}/api/apis-authz/authz/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password }),
  });
  const body = (await response.json()) as { data?: { token?: string } };
  if (!body.data?.token) throw new Error(`sign-in of ${account} failed`);
  return body.data.token;
}

/** A member of the school's security staff: a psychology teacher with a teacher record, signed in. */
export async function securityStaff(server: { url: string; db: Kysely<Database> }, schoolId: number, name: string) {
  const db = server.db;
  const user = await buildUser(db, { roleIds: [PSYCHOLOGY_TEACHER], orgId: schoolId });
  await db.updateTable('users').set({ nickname: name }).where('id', '=', user.id).execute();
  const at = Date.now();
  await db
    .insertInto('teachers')
    .values({
      user_id: user.id,
      school_id: schoolId,
      dept_id: null,
      teacher_no: `S${user.id}`,
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
  return { ...user, name, token: await tokenOf(server.url, user.account, user.password) };
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** `YYYY-MM-DD` of `at` in Beijing time. */
export const beijingDay = (at: number) => new Date(at + 8 * HOUR).toISOString().slice(0, 10);

/**
 * The instants of `times` (Beijing `[hour, minute]`, in order) `daysAgo` days before today. Today's are squeezed,
 * in the same order, into the part of the day that has passed when the last of them has not come yet: a walk run
 * just after midnight sends no sample from the future, and its samples stay on today.
 */
export function beijingTimes(daysAgo: number, times: ReadonlyArray<readonly [number, number]>, now = Date.now()) {
  const midnight = Date.parse(`${beijingDay(now)}T00:00:00+08:00`);
  const offsets = times.map(([hour, minute]) => hour * HOUR + minute * 60_000);
  const last = Math.max(...offsets);
  const passed = now - midnight - 1_000;
  if (daysAgo > 0 || last <= passed) return offsets.map((o) => midnight - daysAgo * DAY + o);
  return offsets.map((o) => midnight + Math.floor((o * Math.max(passed, 0)) / (last + 1)));
}

/**
 * A school administrator (role 2) signed in, their school's id, and a class `className` of one grade
 * `gradeName` of it, with `post` calling the campus API as the administrator (answering its data).
 */
export async function campusSchool(
  server: { url: string; db: Kysely<Database> },
  gradeName: string,
  className: string,
): Promise<{
  admin: MindUser;
  schoolId: number;
  classId: number;
  post(path: string, body: unknown): Promise<unknown>;
}> {
  const admin = await mindUser(server, { roleId: 2 });
  const { id: schoolId } = await server.db
    .selectFrom('orgs')
    .select('id')
    .where('name', '=', admin.orgName)
    .executeTakeFirstOrThrow();
  const grade = await buildOrg(server.db, { type: 'grade', name: gradeName, parentId: schoolId });
  const klass = await buildOrg(server.db, { type: 'class', name: className, parentId: grade.id });
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${server.url}/api/apis-psychology/${path}`, {
      method: 'POST',
      headers: { ...as(admin.token), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { data: unknown };
    expect(res.status, JSON.stringify(json)).toBe(200);
    return json.data;
  };
  return { admin, schoolId: Number(schoolId), classId: Number(klass.id), post };
}
