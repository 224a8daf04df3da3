import type {
  DataPushCreated,
  DataPushDeliveryView,
  DataPushInput,
  DataPushUpdate,
  DataPushView,
  Page,
} from '@meridian/contracts';
import { get, post, put } from '../../shared/request.ts';

/** The calls of data push targets (decision 0123). */

export type { DataPushCreated, DataPushDeliveryView, DataPushInput, DataPushUpdate, DataPushView };

const base = 'iot/data-push';

export const listTargets = (query: { page: number; size: number; name?: string }, signal?: AbortSignal) =>
  get<Page<DataPushView>>(base, { query, signal });
export const listDeliveries = (id: number, query: { page: number; size: number }, signal?: AbortSignal) =>
  get<Page<DataPushDeliveryView>>(`${base}/${id}/deliveries`, { query, signal });
export const pauseTarget = (id: number) => post<DataPushView>(`${base}/${id}/pause`, {});
export const resumeTarget = (id: number) => post<DataPushView>(`${base}/${id}/resume`, {});
/** Platform administrators only: a new target for an account (its secret comes back this once), or a target changed. */
export const addTarget = (input: DataPushInput) => post<DataPushCreated>(base, input);
export const editTarget = (id: number, change: DataPushUpdate) => put<DataPushView>(`${base}/${id}`, change);
