import type {
  Page,
  WorkOrderDetail,
  WorkOrderEngineer,
  WorkOrderInput,
  WorkOrderState,
  WorkOrderType,
  WorkOrderView,
} from '@meridian/contracts';
import { get, post } from '../../shared/request.ts';

/** The calls of repair work orders (issue 27). */
export type { WorkOrderDetail, WorkOrderEngineer, WorkOrderInput, WorkOrderView };

type Paging = { page: number; size: number };
export interface WorkOrderFilters {
  keyword?: string;
  state?: WorkOrderState;
  type?: WorkOrderType;
  assigneeId?: number;
  deviceId?: number;
}

const BASE = 'iot/work-orders';
export const listWorkOrders = (query: WorkOrderFilters & Paging, signal?: AbortSignal) =>
  get<Page<WorkOrderView>>(BASE, { query: { ...query }, signal });
export const workOrder = (id: number, signal?: AbortSignal) => get<WorkOrderDetail>(`${BASE}/${id}`, { signal });
export const accountEngineers = (signal?: AbortSignal) => get<WorkOrderEngineer[]>(`${BASE}/engineers`, { signal });
export const orderEngineers = (id: number, signal?: AbortSignal) =>
  get<WorkOrderEngineer[]>(`${BASE}/${id}/engineers`, { signal });
export const addWorkOrder = (fields: WorkOrderInput) => post<WorkOrderDetail>(BASE, fields);
export const assignWorkOrder = (id: number, assigneeId: number) =>
  post<WorkOrderDetail>(`${BASE}/${id}/assign`, { assigneeId });
export const acceptWorkOrder = (id: number) => post<WorkOrderDetail>(`${BASE}/${id}/accept`, {});
export const completeWorkOrder = (id: number, result: string, pictures: string[]) =>
  post<WorkOrderDetail>(`${BASE}/${id}/complete`, { result, pictures });
export const confirmWorkOrder = (id: number) => post<WorkOrderDetail>(`${BASE}/${id}/confirm`, {});
export const reopenWorkOrder = (id: number, reason: string) =>
  post<WorkOrderDetail>(`${BASE}/${id}/reopen`, { reason });
