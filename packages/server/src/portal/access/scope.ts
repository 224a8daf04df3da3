import type { Kysely } from 'kysely';
import { Held } from '../../platform/db/held.ts';
import type { Database } from '../../platform/db/schema.ts';
import type { Auth } from '../sessions/service.ts';
import { accountTreeOf, orgsOfCaller, userIsInScope } from './scope-repository.ts';

/**
 * What organisation data a caller may see, computed on the server for every read (design
 * section 6). Mind: the subtrees of the organisations their current role holds (a bureau sees its
 * schools, a school administrator their school). Device Cloud: their own account and every
 * account below it. The platform's super administrators see everything.
 */
export interface Scope {
  all: boolean;
  userId: number;
  /** Org subtrees, as path prefixes (`/1/4/`). */
  orgPaths: string[];
  /** Device Cloud: the caller and every sub-user below them. */
  ownerIds: number[];
  /** Device Cloud: whether a project or a grant shares other accounts' devices with the caller. */
  sharesDevices: boolean;
}

/**
 * Scopes read in the last moment, by who is asking: every scoped read starts here. Forgotten when
 * this process writes the roles, identities, organisations or accounts they come from (decision 0042).
 */
const recentScopes = new Held<Scope>(['user_roles', 'user_identities', 'orgs', 'users']);
const keyOf = (kind: string, auth: Auth) =>
  `${kind}:${auth.userId}:${auth.roleId}:${auth.identityId}:${auth.hasSubUsers}:${auth.sharesDevices}`;

export function scopeOf(db: Kysely<Database>, auth: Auth): Promise<Scope> {
  if (auth.superAdmin) return Promise.resolve(everything(auth));
  return recentScopes.get(keyOf('org', auth), () => readScope(db, auth));
}

async function readScope(db: Kysely<Database>, auth: Auth): Promise<Scope> {
  // The role's organisations, the identities' ones and the account tree in one round trip each,
  // side by side on PostgreSQL: this runs before every scoped read.
  const [orgRows, ownerIds] = await Promise.all([
    orgsOfCaller(db, { userId: auth.userId, roleId: auth.roleId, identityId: auth.identityId }),
    accountTree(db, auth),
  ]);
  // Only a caller whose role names no organisation falls back to their identities' organisations.
  const roleOrgs = orgRows.filter((r) => Number(r.fromRole) === 1);
  const orgs = roleOrgs.length > 0 ? roleOrgs : orgRows;
  return {
    all: false,
    userId: auth.userId,
    orgPaths: narrowest(orgs.map((r) => r.path)),
    ownerIds,
    sharesDevices: auth.sharesDevices !== false,
  };
}

/**
 * The Device Cloud's scope: the caller's account tree and what is shared with them; organisations
 * play no part there, so their read is skipped (one query fewer on every device read).
 */
export function accountScopeOf(db: Kysely<Database>, auth: Auth): Promise<Scope> {
  if (auth.superAdmin) return Promise.resolve(everything(auth));
  return recentScopes.get(keyOf('account', auth), async () => ({
    all: false,
    userId: auth.userId,
    orgPaths: [],
    ownerIds: await accountTree(db, auth),
    sharesDevices: auth.sharesDevices !== false,
  }));
}

const everything = (auth: Auth): Scope => ({
  all: true,
  userId: auth.userId,
  orgPaths: [],
  ownerIds: [],
  sharesDevices: true,
});

/** The caller's account and every account below it; no read when none hangs below. */
async function accountTree(db: Kysely<Database>, auth: Auth): Promise<number[]> {
  if (auth.hasSubUsers === false) return [auth.userId];
  return accountTreeOf(db, auth.userId);
}

/** Drops paths already inside another, so that each subtree is counted once. */
function narrowest(paths: string[]): string[] {
  const unique = [...new Set(paths)].sort();
  return unique.filter((p) => !unique.some((q) => q !== p && p.startsWith(q)));
}

/** Whether an organisation (by its path) lies inside the scope's subtrees. */
export function orgPathInScope(scope: Scope, path: string): boolean {
  return scope.all || scope.orgPaths.some((prefix) => path.startsWith(prefix));
}

/** Whether the organisation is the top of one of the scope's subtrees (what the caller administers). */
export function isScopeRoot(scope: Scope, path: string): boolean {
  return !scope.all && scope.orgPaths.includes(path);
}

/** Whether the scope may see (and so manage) one user. */
export async function canSeeUser(db: Kysely<Database>, scope: Scope, userId: number): Promise<boolean> {
  if (scope.all) return true;
  return userIsInScope(db, scope, userId);
}
