import type { Kysely } from 'kysely';
import type { Page } from 'playwright-core';
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

/** Opens a Mind address the way single sign-on hands it over: with the token in the query. */
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
