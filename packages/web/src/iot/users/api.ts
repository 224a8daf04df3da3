import type {
  deviceAuthorizationView,
  deviceGrantView,
  Page,
  SubUserNode,
  subUserCreate,
  subUserUpdate,
} from '@meridian/contracts';
import { PAGE_SIZE_MAX } from '@meridian/contracts';
import { get, post, put, request } from '../../shared/request.ts';
import type { Input, Output } from '../components/contracts.ts';

/** The calls of the Subordinate User page: the account tree, device permissions and device authorization. */

export type { SubUserNode };
export type SubUserFields = Input<typeof subUserCreate>;
export type SubUserChanges = Input<typeof subUserUpdate>;
export type DeviceGrant = Output<typeof deviceGrantView>;
export type DeviceAuthorization = Output<typeof deviceAuthorizationView>;
/** What a sub-user may do on one device; edit or delete without view is never sent. */
export interface Rights {
  view: boolean;
  edit: boolean;
  delete: boolean;
}

const base = 'iot/users';

export const accountTree = (query: { page: number; size: number; keyword?: string }, signal?: AbortSignal) =>
  get<Page<SubUserNode>>(`${base}/tree`, { query, signal });
export const createSubUser = (fields: SubUserFields) => post<SubUserNode>(base, fields);
export const editSubUser = (id: number, changes: SubUserChanges) => put<SubUserNode>(`${base}/${id}`, changes);
export const setSubUserStatus = (id: number, status: 'enabled' | 'disabled') =>
  put<null>(`${base}/${id}/status`, { status });
export const deleteSubUser = (id: number) => request<null>('DELETE', `${base}/${id}`);

/** Grant lists are read whole (they are replaced whole); a bound keeps a runaway account from looping. */
const MAX_GRANT_PAGES = 20;

export async function allGrants(userId: number, signal?: AbortSignal): Promise<DeviceGrant[]> {
  const grants: DeviceGrant[] = [];
  for (let page = 1; page <= MAX_GRANT_PAGES; page++) {
    const part = await get<Page<DeviceGrant>>(`${base}/${userId}/device-grants`, {
      query: { page, size: PAGE_SIZE_MAX },
      signal,
    });
    grants.push(...part.list);
    if (grants.length >= part.total || part.list.length === 0) break;
  }
  return grants;
}
export const setGrants = (userId: number, grants: Array<Rights & { deviceId: number }>) =>
  put<Page<DeviceGrant>>(`${base}/${userId}/device-grants`, { grants });

export const authorizationOf = (userId: number, signal?: AbortSignal) =>
  get<DeviceAuthorization>(`${base}/${userId}/device-authorization`, { signal });
export const setAuthorization = (userId: number, values: { deviceLevel: number | null; slaveQuota: number | null }) =>
  put<DeviceAuthorization>(`${base}/${userId}/device-authorization`, values);
