import type {
  Page,
  PermissionEntry,
  RoleApp,
  roleCreate,
  roleDetail,
  rolePageQuery,
  roleSummary,
  roleUpdate,
} from '@meridian/contracts';
import type { Output } from '../../../shared/contracts.ts';
import { get, post } from '../../../shared/request.ts';

/** The calls of role administration (`apis-rbac/...`). */

export type RoleSummary = Output<typeof roleSummary>;
export type RoleDetail = Output<typeof roleDetail>;
export type RolePageQuery = Output<typeof rolePageQuery>;
/** What the role form sends; the server fills the defaults (`perms: []`). */
export type RoleCreate = Omit<Output<typeof roleCreate>, 'perms'> & { perms?: PermissionEntry[] };
export type RoleUpdate = Output<typeof roleUpdate>;

export interface FeatureCode {
  code: string;
  name: string;
  granted: boolean;
}

export interface FeatureNode {
  key: string;
  path: string;
  name: string;
  granted: boolean;
  all: boolean;
  codes: FeatureCode[];
}

export interface FeatureGroup {
  key: string;
  app: RoleApp;
  name: string;
  children: FeatureNode[];
}

export interface RoleHolder {
  id: number;
  account: string;
  nickname: string;
  status: string;
  orgId: number | null;
  orgName: string | null;
}

export const rolePage = (query: RolePageQuery, signal?: AbortSignal) =>
  post<Page<RoleSummary>>('apis-rbac/role/page', query, { signal });

export const roleDetailOf = (roleId: number, signal?: AbortSignal) =>
  get<RoleDetail>('apis-rbac/role/detail', { query: { roleId }, signal });

export const createRole = (role: RoleCreate) => post<RoleDetail>('apis-rbac/role/new', role);

export const updateRole = (change: RoleUpdate) => post<RoleDetail>('apis-rbac/role/update', change);

export const removeRole = (roleId: number, takeFromUsers: boolean) =>
  post<{ takenFrom: number }>('apis-rbac/role/remove', { roleId, takeFromUsers });

/** The features of every app, grouped, with what `roleId` grants marked. */
export const featureTree = (roleId: number, signal?: AbortSignal) =>
  get<FeatureGroup[]>('apis-rbac/feature/tree', { query: { roleId }, signal });

export const roleHolders = (roleId: number, page: number, size: number, signal?: AbortSignal) =>
  get<Page<RoleHolder>>('apis-rbac/role/user/list', { query: { roleId, page, size }, signal });

export const assignRole = (assignment: { userId: number; roleId: number; orgId?: number }) =>
  post<null>('apis-rbac/role/user/assign', assignment);

export const revokeRole = (assignment: { userId: number; roleId: number; orgId?: number }) =>
  post<null>('apis-rbac/role/user/revoke', assignment);
