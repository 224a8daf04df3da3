import type { PlanAdvance, PlanCycle, WorkOrderPriority } from '@meridian/contracts';
import type { ColumnType, Generated, Selectable } from 'kysely';

/** A maintenance plan (decision 0074): its devices are in `maintenance_plan_devices`, or it names a project. */
export interface MaintenancePlansTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  cycle: PlanCycle;
  every: number | null;
  /** JSON list of epoch ms, for a `dates` cycle. */
  dates: string;
  project_id: number | null;
  engineer_id: number;
  advance: PlanAdvance;
  start_at: number;
  end_at: number | null;
  priority: WorkOrderPriority;
  content: string;
  /** The next maintenance date and the time its orders are made; null once none is left. */
  next_due_at: number | null;
  next_order_at: number | null;
  /** The last maintenance date orders were made for: an edit never orders it again. */
  last_due_at: number | null;
  orders: ColumnType<number, number | undefined, number>;
  created_by: number;
  created_at: number;
  updated_at: number;
}
export type MaintenancePlanRow = Selectable<MaintenancePlansTable>;

export interface MaintenancePlanDevicesTable {
  plan_id: number;
  device_id: number;
}

export interface MaintenanceTables {
  maintenance_plans: MaintenancePlansTable;
  maintenance_plan_devices: MaintenancePlanDevicesTable;
}
