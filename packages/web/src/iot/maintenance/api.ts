import type {
  MaintenancePlanInput,
  MaintenancePlanView,
  Page,
  PlanState,
  WorkOrderEngineer,
} from '@meridian/contracts';
import { del, get, post, put } from '../../shared/request.ts';

/** The calls of maintenance plans (issue 27, decision 0074). */
export type { MaintenancePlanInput, MaintenancePlanView };

type Paging = { page: number; size: number };
export interface PlanFilters {
  keyword?: string;
  state?: PlanState;
  deviceId?: number;
}

const BASE = 'iot/maintenance-plans';
export const listPlans = (query: PlanFilters & Paging, signal?: AbortSignal) =>
  get<Page<MaintenancePlanView>>(BASE, { query: { ...query }, signal });
export const planEngineers = (signal?: AbortSignal) => get<WorkOrderEngineer[]>(`${BASE}/engineers`, { signal });
export const addPlan = (fields: MaintenancePlanInput) => post<MaintenancePlanView>(BASE, fields);
export const editPlan = (id: number, fields: MaintenancePlanInput) => put<MaintenancePlanView>(`${BASE}/${id}`, fields);
export const deletePlan = (id: number) => del<null>(`${BASE}/${id}`);
