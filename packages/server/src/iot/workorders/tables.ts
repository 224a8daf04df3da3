import type {
  WorkOrderNoticeEvent,
  WorkOrderPriority,
  WorkOrderState,
  WorkOrderStep,
  WorkOrderType,
} from '@meridian/contracts';
import type { ColumnType, Generated, Selectable } from 'kysely';

/** A repair work order of one device's owner; `number` is unique per owner (decision 0071). */
export interface WorkOrdersTable {
  id: Generated<number>;
  owner_id: number;
  number: string;
  type: WorkOrderType;
  state: WorkOrderState;
  priority: WorkOrderPriority;
  device_id: number;
  description: string;
  /** File paths (JSON list) of the pictures the reporter uploaded. */
  pictures: string;
  alarm_id: number | null;
  reporter_id: number;
  assignee_id: number | null;
  result: string | null;
  result_pictures: string;
  created_at: number;
  /** When it was last assigned: the response limit runs from here. */
  sent_at: number | null;
  accepted_at: number | null;
  completed_at: number | null;
  closed_at: number | null;
  /** The maintenance plan that made it, and the maintenance date it was made for (0043). */
  plan_id: ColumnType<number | null, number | null | undefined, number | null>;
  plan_due_at: ColumnType<number | null, number | null | undefined, number | null>;
}
export type WorkOrderRow = Selectable<WorkOrdersTable>;

/** One step on an order's timeline. */
export interface WorkOrderStepsTable {
  id: Generated<number>;
  order_id: number;
  step: WorkOrderStep;
  actor_id: number;
  note: string | null;
  pictures: string;
  /** Where the engineer checked in (migration 0058); null on other steps. */
  latitude: number | null;
  longitude: number | null;
  at: number;
}

/** The last order number each owner has had: taken one at a time under the row's lock (decision 0074). */
export interface WorkOrderCountersTable {
  owner_id: number;
  last: number;
}

/** A message about an order to one person on one channel (migration 0059), sent through the jobs table. */
export interface WorkOrderNoticesTable {
  id: Generated<number>;
  order_id: number;
  /** Whose channel settings send it: the device owner's, as alarm notifications. */
  owner_id: number;
  user_id: number;
  event: WorkOrderNoticeEvent;
  channel: 'sms' | 'email';
  target: string;
  /** One notice per event, time limit, person and channel, however often the scan runs. */
  dedupe_key: string;
  state: 'queued' | 'sent' | 'failed';
  last_error: string | null;
  provider_ref: string | null;
  created_at: number;
  sent_at: number | null;
}

export interface WorkOrdersTables {
  work_orders: WorkOrdersTable;
  work_order_steps: WorkOrderStepsTable;
  work_order_counters: WorkOrderCountersTable;
  work_order_notices: WorkOrderNoticesTable;
}
