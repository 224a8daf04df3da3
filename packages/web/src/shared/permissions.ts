import { hasPermission, type PermissionEntry } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { post } from './request.ts';
import { getToken } from './session.ts';

/** A permission a page or an action needs: a feature path of the catalogue and one of its codes. */
export interface Need {
  path: string;
  code: string;
}

export const currentPermissions = (signal?: AbortSignal) =>
  post<PermissionEntry[]>('apis-rbac/role/perms/current', undefined, { signal });

/**
 * The permission entries of the signed-in user's current role, and `can(need)`: the same
 * `hasPermission` the server checks routes with. The key carries the token, so that acting as
 * someone else never shows the last user's grants.
 */
export function usePermissions() {
  const query = useQuery({
    queryKey: ['permissions', getToken()],
    queryFn: ({ signal }) => currentPermissions(signal),
    staleTime: 60_000,
  });
  const entries = query.data ?? [];
  const can = (need: Need) => hasPermission(entries, need.path, need.code);
  return { ...query, entries, can };
}
