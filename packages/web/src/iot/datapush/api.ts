import type { DataPushDeliveryView, DataPushView, Page } from '@meridian/contracts';
import { get, post } from '../../shared/request.ts';

/** The calls of data push targets (decision 0123). */

export type { DataPushDeliveryView, DataPushView };

const base = 'iot/data-push';

export const listTargets = (query: { page: number; size: number; name?: string }, signal?: AbortSignal) =>
  get<Page<DataPushView>>(base, { query, signal });
export const listDeliveries = (id: number, query: { page: number; size: number }, signal?: AbortSignal) =>
  get<Page<DataPushDeliveryView>>(`${base}/${id}/deliveries`, { query, signal });
export const pauseTarget = (id: number) => post<DataPushView>(`${base}/${id}/pause`, {});
export const resumeTarget = (id: number) => post<DataPushView>(`${base}/${id}/resume`, {});
