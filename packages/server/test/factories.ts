import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../src/platform/db/schema.ts';
import { grantIdentity, grantRole, insertUser } from '../src/portal/accounts/repository.ts';
import { hashPassword } from '../src/portal/identity/secrets.ts';
import type { OrgType, UserStatus, UserType } from '../src/portal/identity/tables.ts';

let seq = 0;
const next = () => `${process.pid % 1000}${++seq}`;

export const PASSWORD = 'Secret#2026';
let hashed: Promise<string> | undefined;

export interface BuiltUser {
  id: number;
  account: string;
  password: string;
}

/** A user who can sign in: by default a staff member with the class-teacher role and the staff identity. */
export async function buildUser(
  db: Kysely<Database>,
  options: {
    account?: string;
    password?: string;
    roleIds?: number[];
    identityId?: number | null;
    orgId?: number | null;
    status?: UserStatus;
    userType?: UserType;
    parentId?: number | null;
    superAdmin?: boolean;
    phone?: string;
    email?: string;
    passwordChangedAt?: number;
    defaultPass?: boolean;
  } = {},
): Promise<BuiltUser> {
  const account = options.account ?? `user_${next()}`;
  const password = options.password ?? PASSWORD;
  hashed ??= hashPassword(PASSWORD);
  const id = await insertUser(db, {
    account,
    password_hash: password === PASSWORD ? await hashed : await hashPassword(password),
    nickname: `Nick ${account}`,
    status: options.status ?? 'enabled',
    default_pass: options.defaultPass ?? false,
    password_changed_at: options.passwordChangedAt ?? Date.now(),
    user_type: options.userType ?? 'staff',
    parent_id: options.parentId ?? null,
    super_admin: options.superAdmin ?? false,
    dept_id: options.orgId ?? null,
    phone: options.phone ?? null,
    email: options.email ?? null,
  });
  for (const roleId of options.roleIds ?? [4]) await grantRole(db, id, roleId, options.orgId ?? null);
  if (options.identityId !== null) await grantIdentity(db, id, options.identityId ?? 1, options.orgId ?? null);
  return { id, account, password };
}

/** An organisation under `parentId` (or a root), with its materialised path. */
export async function buildOrg(
  db: Kysely<Database>,
  options: { type?: OrgType; name?: string; parentId?: number | null } = {},
): Promise<{ id: number; path: string }> {
  const parent = options.parentId
    ? await db.selectFrom('orgs').select(['path', 'depth']).where('id', '=', options.parentId).executeTakeFirstOrThrow()
    : { path: '/', depth: -1 };
  const now = Date.now();
  const { id } = await db
    .insertInto('orgs')
    .values({
      parent_id: options.parentId ?? null,
      type: options.type ?? 'school',
      name: options.name ?? `Org ${next()}`,
      code: null,
      path: '/',
      depth: parent.depth + 1,
      sort: 0,
      status: 'enabled',
      logo: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const path = `${parent.path}${id}/`;
  await db.updateTable('orgs').set({ path }).where('id', '=', id).execute();
  return { id, path };
}

/** Signs in through the API and returns the token. */
/** A role of the deployment's own (not built in) holding these permissions, path by path. */
export async function buildRole(
  db: Kysely<Database>,
  app: 'iot' | 'mind',
  grants: Record<string, string>,
  name = `Role ${next()}`,
): Promise<number> {
  const at = Date.now();
  const role = await db
    .insertInto('roles')
    .values({
      app,
      code: `role_${next()}`,
      name,
      description: null,
      is_default: false,
      builtin: false,
      menu_perms: '[]',
      point_perms: '[]',
      org_id: null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('role_permissions')
    .values(Object.entries(grants).map(([path, perms]) => ({ role_id: role.id, path, perms })))
    .execute();
  return role.id;
}

export async function signIn(app: FastifyInstance, user: { account: string; password: string }): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/apis-authz/authz/login',
    payload: { account: user.account, password: user.password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
  return res.json().data.token as string;
}

/** Headers of a signed-in English-reading caller. */
export const as = (token: string) => ({ 'x-authorization': token, 'accept-language': 'en' });
