import type {
  DeviceDetail,
  DeviceFilter,
  DeviceListItem,
  DeviceStatusName,
  deviceCreateFields,
  deviceMap,
  deviceMapPoint,
  ImportProblem,
  Page,
  WARRANTY_STATES,
  warrantyItem,
} from '@meridian/contracts';
import { get, post, put, request } from '../../shared/request.ts';
import type { Input, Output } from '../components/contracts.ts';

/** The calls of Device Cloud devices (`/api/iot/devices...`), typed by the contracts' schemas. */

export { DEVICE_STATUSES } from '@meridian/contracts';
export type DeviceStatus = DeviceStatusName;
export type DeviceRow = DeviceListItem;
export type Device = DeviceDetail;
export type { ImportProblem };
/** What the device form sends: every field a user sets (the create schema's input). */
export type DeviceFields = Input<typeof deviceCreateFields>;
export type DeviceFilters = Omit<DeviceFilter, 'enabled'> & { enabled?: boolean };
/** Add in Batches: `count` devices numbered from `startNo`, named prefix plus number (the batch schema's first form). */
export interface BatchAdd {
  count: number;
  namePrefix: string;
  startNo: number;
  queryInterval?: number;
  projectId?: number;
  templateId?: number;
  tagIds?: number[];
}
export type MapDevice = Output<typeof deviceMapPoint>;
export type WarrantyRow = Output<typeof warrantyItem>;
export type WarrantyState = (typeof WARRANTY_STATES)[number];

const base = 'iot/devices';

export const listDevices = (query: DeviceFilters & { page: number; size: number }, signal?: AbortSignal) =>
  get<Page<DeviceRow>>(base, { query: { ...query }, signal });
export const deviceOf = (id: number, signal?: AbortSignal) => get<Device>(`${base}/${id}`, { signal });
export const addDevice = (fields: DeviceFields) => post<Device>(base, fields);
export const addBatch = (batch: BatchAdd) => post<{ ids: number[] }>(`${base}/batch`, batch);
export const updateDevice = (id: number, fields: Partial<DeviceFields>) => put<Device>(`${base}/${id}`, fields);
export const setEnabled = (id: number, enabled: boolean) =>
  post<Device>(`${base}/${id}/${enabled ? 'enable' : 'disable'}`);
export const deleteDevice = (id: number) => request<unknown>('DELETE', `${base}/${id}`);
export const mapDevices = (signal?: AbortSignal) => get<Output<typeof deviceMap>>(`${base}/map`, { signal });
export const warrantyList = (
  query: { page: number; size: number; state?: WarrantyState; days?: number; keyword?: string },
  signal?: AbortSignal,
) => get<Page<WarrantyRow>>(`${base}/warranty`, { query, signal });

/** Uploads one Excel file; a file with bad rows is refused with its per-row report (see `importProblems`). */
export function importDevices(file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return post<{ imported: number }>(`${base}/import`, form);
}

/** The per-row report of a refused import, whichever way the server lays it out. */
export function importProblems(data: unknown): ImportProblem[] {
  const list = Array.isArray(data)
    ? data
    : typeof data === 'object' && data !== null && 'rows' in data && Array.isArray(data.rows)
      ? data.rows
      : [];
  return list.filter(
    (item: unknown): item is ImportProblem =>
      typeof item === 'object' && item !== null && 'row' in item && 'msg' in item,
  );
}
