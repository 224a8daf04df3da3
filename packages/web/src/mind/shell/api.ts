import type { PermissionEntry } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { get, post } from '../../shared/request.ts';
import { getToken } from '../../shared/session.ts';

/** An identity of the signed-in user with the organisations they hold it at (`user/identity/list`). */
export interface MindIdentity {
  identityId: number;
  identityName: string;
  current: boolean;
  orgList: { id: number; deptName: string; type: string }[];
}

export interface MindRole {
  roleId: number;
  roleName: string;
  app: string;
  current: boolean;
}

export interface MenuApp {
  appId: number;
  appCode: string;
  appName: string;
  publishUrl: string;
  icon: string | null;
}

export interface MenuGroup {
  name: string;
  code: string;
  list: MenuApp[];
}

/** The app whose sidebar Mind shows (the server's menus for `appCode=mind`). */
export const MIND_APP_CODE = 'mind';

// The token is part of every key: another sign-in in the same page never sees the last user's answers.
const key = (name: string) => [name, getToken()];

export const useIdentities = () =>
  useQuery({
    queryKey: key('mind.identities'),
    queryFn: ({ signal }) => get<MindIdentity[]>('apis-rbac/user/identity/list', { signal }),
    // The account menu says "failed to get user identity" itself (spec section 8).
    meta: { silentError: true },
    retry: false,
    staleTime: 5 * 60_000,
  });

export const useRoles = (enabled: boolean) =>
  useQuery({
    queryKey: key('mind.roles'),
    queryFn: ({ signal }) => get<MindRole[]>('apis-rbac/user/identity/role/permission', { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });

export const usePermissionEntries = () =>
  useQuery({
    queryKey: key('mind.perms'),
    queryFn: ({ signal }) => post<PermissionEntry[]>('apis-rbac/role/perms/current', undefined, { signal }),
    staleTime: 5 * 60_000,
  });

export const useAdminFlag = () =>
  useQuery({
    queryKey: key('mind.isAdmin'),
    queryFn: ({ signal }) => get<boolean>('apis-rbac/isAdmin', { signal }),
    staleTime: 5 * 60_000,
  });

export const useMenuGroups = () =>
  useQuery({
    queryKey: key('mind.menu'),
    queryFn: ({ signal }) =>
      get<MenuGroup[]>('apis-portal/app/getAppMenu', { query: { appCode: MIND_APP_CODE }, signal }),
    staleTime: 5 * 60_000,
  });

/** Counts an opening of a sidebar item, so that the home page's shortcuts follow what the reader uses. */
export function countOpening(appId: number): void {
  post('apis-app/app/click', { appId }).catch((error: unknown) => {
    // A shortcut's order is not worth interrupting anyone for.
    console.warn('The opening was not counted', error);
  });
}
