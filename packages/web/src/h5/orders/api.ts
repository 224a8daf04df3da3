import type { Page, WorkOrderCheckIn, WorkOrderDetail, WorkOrderView } from '@meridian/contracts';
import { get, post } from '../../shared/request.ts';

/** The Device Cloud work-order calls a field engineer makes from the phone (issue 27). */
const BASE = 'iot/work-orders';
/** The engineer's orders, newest first: enough for a day's round and the last ones done. */
export const myOrders = (assigneeId: number, signal?: AbortSignal) =>
  get<Page<WorkOrderView>>(BASE, { query: { assigneeId, page: 1, size: 50 }, signal });
export const orderOf = (id: number, signal?: AbortSignal) => get<WorkOrderDetail>(`${BASE}/${id}`, { signal });
export const accept = (id: number) => post<WorkOrderDetail>(`${BASE}/${id}/accept`, {});
export const checkIn = (id: number, at: WorkOrderCheckIn) => post<WorkOrderDetail>(`${BASE}/${id}/check-in`, at);
export const complete = (id: number, result: string, pictures: string[]) =>
  post<WorkOrderDetail>(`${BASE}/${id}/complete`, { result, pictures });
