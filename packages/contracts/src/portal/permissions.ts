/** A permission entry of a role: a front-end path and its comma-separated codes (`*` for all). */
export interface PermissionEntry {
  path: string;
  perms: string;
}

function grants(entry: PermissionEntry, code: string): boolean {
  const codes = entry.perms.split(',').map((c) => c.trim());
  return codes.includes('*') || codes.includes(code);
}

/**
 * The permission check of both sides (Mind spec section 6): true when an entry of path `*` grants
 * `*`, or the entry of `path` grants the code or `*`. An empty code is always allowed.
 */
export function hasPermission(entries: readonly PermissionEntry[], path: string, code: string): boolean {
  if (!code) return true;
  return entries.some((e) => (e.path === '*' && grants(e, '*')) || (e.path === path && grants(e, code)));
}

/** A route's access is `public`, `user`, or `<path>:<code>` such as `/system/role:edit`. */
export function parsePermission(access: string): { path: string; code: string } | undefined {
  const at = access.lastIndexOf(':');
  if (at <= 0) return undefined;
  return { path: access.slice(0, at), code: access.slice(at + 1) };
}
