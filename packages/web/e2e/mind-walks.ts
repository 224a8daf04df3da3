import type { Kysely } from 'kysely';
import type { Page } from 'playwright-core';
import { insertStudents, placementOf } from '../../server/src/mind/people/students/testing.ts';
import type { Database } from '../../server/src/platform/db/schema.ts';
import { grantIdentity } from '../../server/src/portal/accounts/repository.ts';
import { buildOrg, buildUser } from '../../server/test/factories.ts';
import { en } from '../src/mind/locales/en.ts';
import { zhCN } from '../src/mind/locales/zh-CN.ts';

export { en as mindEn, zhCN as mindZh };

/** The Mind roles of the built-in table: 1 bureau administrator, 2 school administrator, 3 psychology teacher. */
export const BUREAU_ADMIN = 1;
export const PSYCHOLOGY_TEACHER = 3;

export interface MindUser {
  id: number;
  account: string;
  password: string;
  nickname: string;
  orgName: string;
  token: string;
}

/**
 * A Mind user at a new school, signed in through the API: identity 1 (staff) unless told, the
 * given role, and optionally a default password or extra identities.
 */
export async function mindUser(
  server: { url: string; db: Kysely<Database> },
  options: { roleId?: number; identityId?: number; defaultPass?: boolean; extraIdentities?: number[] } = {},
): Promise<MindUser> {
  const orgName = `School ${Math.random().toString(36).slice(2, 8)}`;
  const org = await buildOrg(server.db, { name: orgName });
  const user = await buildUser(server.db, {
    roleIds: [options.roleId ?? PSYCHOLOGY_TEACHER],
    identityId: options.identityId ?? 1,
    orgId: org.id,
    defaultPass: options.defaultPass ?? false,
  });
  for (const identityId of options.extraIdentities ?? []) await grantIdentity(server.db, user.id, identityId, null);
  const response = await fetch(`${server.url}/api/apis-authz/authz/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: user.account, password: user.password }),
  });
  const body = (await response.json()) as { code: number; data?: { token?: string } };
  if (!body.data?.token) throw new Error(`sign-in of ${user.account} failed: ${JSON.stringify(body)}`);
  return { ...user, nickname: `Nick ${user.account}`, orgName, token: body.data.token };
}

/** A parent account registered at a school for one student. */
export async function parentAccountOf(
  db: Kysely<Database>,
  p: { schoolId: number; studentId: number; name: string; phone: string; relation: 'mother' | 'father' },
) {
  const parent = await buildUser(db, { roleIds: [], identityId: 3, orgId: null });
  const at = Date.now();
  const { id: parentId } = await db
    .insertInto('parents')
    .values({ school_id: p.schoolId, name: p.name, phone: p.phone, user_id: parent.id, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('student_parents')
    .values({ student_id: p.studentId, parent_id: parentId, relation: p.relation, created_at: at })
    .execute();
  return parent;
}

/** Signs by hand in the H5 signature box: a stroke of the mouse across it. */
export async function drawSignature(page: Page): Promise<void> {
  const pad = page.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('the signature box is not shown');
  await page.mouse.move(box.x + 30, box.y + 120);
  await page.mouse.down();
  for (let i = 1; i <= 24; i++) {
    await page.mouse.move(box.x + 30 + i * 11, box.y + 90 + Math.sin(i / 2) * 40, { steps: 2 });
  }
  await page.mouse.up();
}

/** A school with one class, one student and a parent account linked to the student. */
export async function schoolWithParent(server: { url: string; db: Kysely<Database> }) {
  const db = server.db;
  const teacher = await mindUser(server);
  const school = await db.selectFrom('orgs').select('id').where('name', '=', teacher.orgName).executeTakeFirstOrThrow();
  const grade = await buildOrg(db, { type: 'grade', name: 'Grade 7', parentId: school.id });
  const klass = await buildOrg(db, { type: 'class', name: 'Class 7-1', parentId: grade.id });
  const [studentId] = await insertStudents(db, [
    { ...(await placementOf(db, klass.id)), name: '张小明', student_no: 'W001' },
  ]);
  const parent = await parentAccountOf(db, {
    schoolId: school.id,
    studentId: studentId ?? 0,
    name: '张妈妈',
    phone: '13900000001',
    relation: 'mother',
  });
  return { teacher, parent, studentId: studentId ?? 0 };
}

/** Opens a Mind address the way single sign-on hands it over: with the token in the query. */
/** Calls `/api/{path}` as `token`: GET without `body`, POST with it; its data, or an error when it is refused. */
export async function mindApi<T>(url: string, path: string, token: string, body?: unknown): Promise<T> {
  const response = await fetch(`${url}/api/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'x-authorization': token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as { code: number; data: T };
  if (json.code !== 200) throw new Error(`${path}: ${JSON.stringify(json)}`);
  return json.data;
}

export async function openMind(page: Page, url: string, path: string, token: string): Promise<void> {
  const address = new URL(`${url}/jdp${path}`);
  address.searchParams.set('token', token);
  await page.goto(address.toString());
}

/** Navigates inside the app without a page load, as a link would. */
export async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', `/jdp${to}`);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
}

/** The title a Mind page carries in `lang`. */
export function mindTitle(name: string, lang: 'zh-CN' | 'en' = 'zh-CN'): string {
  const strings = lang === 'en' ? en : zhCN;
  const routes: Record<string, string> = strings.route;
  return `${routes[name]} - ${strings.appName}`;
}
