import { hasPermission, type PermissionEntry } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { post } from '../../shared/request.ts';
import { getToken } from '../../shared/session.ts';

/** A permission a page or an action needs: a feature path of the catalogue and one of its codes. */
export interface Need {
  path: string;
  code: string;
}

/**
 * The administration pages, each with the permission it needs: one table for the routes, the side
 * menu and the entry links, so that a page the role lacks is neither listed nor opened. The server
 * makes the same check on every call behind them.
 */
export const SYSTEM_PAGES = [
  { key: 'users', to: '/system/users', need: { path: '/system/user', code: 'view' } },
  { key: 'review', to: '/system/users/review', need: { path: '/system/user', code: 'review' } },
  { key: 'roles', to: '/system/roles', need: { path: '/system/role', code: 'view' } },
  { key: 'audit', to: '/system/audit', need: { path: '/system/audit', code: 'view' } },
  // The people of the schools (decision 0023): the organisation tree, then the rosters, then their upkeep.
  { key: 'orgs', to: '/system/orgs', need: { path: '/system/org', code: 'view' } },
  { key: 'students', to: '/system/students', need: { path: '/system/student', code: 'view' } },
  { key: 'parents', to: '/system/parents', need: { path: '/system/parent', code: 'view' } },
  { key: 'teachers', to: '/system/teachers', need: { path: '/system/teacher', code: 'view' } },
  { key: 'reshuffle', to: '/system/teachers/reshuffle', need: { path: '/system/teacher', code: 'audit' } },
  { key: 'depts', to: '/system/depts', need: { path: '/system/dept', code: 'view' } },
  { key: 'xuenian', to: '/system/xuenian', need: { path: '/system/xuenian', code: 'view' } },
  { key: 'dataCheck', to: '/system/dataCheck', need: { path: '/system/dataCheck', code: 'view' } },
] as const satisfies ReadonlyArray<{ key: string; to: string; need: Need }>;

export type SystemPageKey = (typeof SYSTEM_PAGES)[number]['key'];
export type SystemPage = (typeof SYSTEM_PAGES)[number];

export const currentPermissions = (signal?: AbortSignal) =>
  post<PermissionEntry[]>('apis-rbac/role/perms/current', undefined, { signal });

/**
 * The permission entries of the signed-in user's current role, and `can(path, code)`: the same
 * `hasPermission` the server checks routes with. The key carries the token, so that acting as
 * someone else never shows the last user's grants.
 */
export function usePermissions() {
  const query = useQuery({
    queryKey: ['system', 'permissions', getToken()],
    queryFn: ({ signal }) => currentPermissions(signal),
    staleTime: 60_000,
  });
  const entries = query.data ?? [];
  const can = (need: Need) => hasPermission(entries, need.path, need.code);
  return { ...query, entries, can };
}

/** The administration pages the current role opens, in menu order (none while the grants load). */
export function useSystemPages(): SystemPage[] {
  const { can } = usePermissions();
  return SYSTEM_PAGES.filter((page) => can(page.need));
}
