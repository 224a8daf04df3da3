import type { Kysely } from 'kysely';

type Loose = Kysely<Record<string, Record<string, unknown>>>;

function parseMenus(stored: unknown): string[] {
  const value = typeof stored === 'string' ? (JSON.parse(stored) as unknown) : stored;
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/**
 * For migrations: gives built-in roles a feature path's permissions and its menu entry. A role that
 * is missing is skipped; a role that already holds the path keeps what it holds. Migrations pass
 * their own snapshot of the grants, never today's catalogues.
 */
export async function grantPath(
  db: Kysely<unknown>,
  path: string,
  grants: ReadonlyArray<[roleId: number, perms: string]>,
): Promise<void> {
  const k = db as unknown as Loose;
  for (const [roleId, perms] of grants) {
    const role = await k.selectFrom('roles').select(['id', 'menu_perms']).where('id', '=', roleId).executeTakeFirst();
    if (!role) continue;
    const held = await k
      .selectFrom('role_permissions')
      .select('id')
      .where('role_id', '=', roleId)
      .where('path', '=', path)
      .executeTakeFirst();
    if (!held) await k.insertInto('role_permissions').values({ role_id: roleId, path, perms }).execute();
    const menus = parseMenus(role.menu_perms);
    if (!menus.includes(path)) {
      await k
        .updateTable('roles')
        .set({ menu_perms: JSON.stringify([...menus, path]) })
        .where('id', '=', roleId)
        .execute();
    }
  }
}

/** Undoes `grantPath` for those roles: their permissions on the path and its menu entry. */
export async function revokePath(db: Kysely<unknown>, path: string, roleIds: readonly number[]): Promise<void> {
  const k = db as unknown as Loose;
  for (const roleId of roleIds) {
    await k.deleteFrom('role_permissions').where('role_id', '=', roleId).where('path', '=', path).execute();
    const role = await k.selectFrom('roles').select('menu_perms').where('id', '=', roleId).executeTakeFirst();
    if (!role) continue;
    const menus = parseMenus(role.menu_perms).filter((m) => m !== path);
    await k
      .updateTable('roles')
      .set({ menu_perms: JSON.stringify(menus) })
      .where('id', '=', roleId)
      .execute();
  }
}

/** One role's permissions on a feature path, as a migration grants them. */
export interface PermissionGrant {
  roleId: number;
  path: string;
  perms: string;
}

/**
 * For migrations: gives one role a feature path's permissions, without a menu entry (Mind's menus
 * are its own tables). A role that already holds the path keeps what it holds.
 */
export async function grantPermission(db: Kysely<unknown>, grant: PermissionGrant): Promise<void> {
  const k = db as unknown as Loose;
  const held = await k
    .selectFrom('role_permissions')
    .select('id')
    .where('role_id', '=', grant.roleId)
    .where('path', '=', grant.path)
    .executeTakeFirst();
  if (!held)
    await k
      .insertInto('role_permissions')
      .values({ role_id: grant.roleId, path: grant.path, perms: grant.perms })
      .execute();
}

/** Undoes `grantPermission`: the row it wrote, not what the role held before. */
export async function revokePermission(db: Kysely<unknown>, grant: PermissionGrant): Promise<void> {
  await (db as unknown as Loose)
    .deleteFrom('role_permissions')
    .where('role_id', '=', grant.roleId)
    .where('path', '=', grant.path)
    .where('perms', '=', grant.perms)
    .execute();
}
