import type { MissedRule, RunOutcome, TaskLogAction, TaskSchedule, TaskValue } from '@meridian/contracts';
import type { ColumnType, Generated, Selectable } from 'kysely';

/** Booleans: written as true/false, read back as 0/1 (SQLite) or true/false (PostgreSQL); use `toBool`. */
type Bool = ColumnType<boolean | number, boolean, boolean>;
/** JSON: written as text (`toJson`), read back as text or an object (`fromJson`). */
type Json<T> = ColumnType<T | string, string, string>;

/** Stored states; waiting and running are `active` before and after the start (decision 0061). */
export type StoredTaskState = 'active' | 'paused' | 'ended';

/** A timed task (spec section 3): what it writes is in `timed_task_targets`. */
export interface TimedTasksTable {
  id: Generated<number>;
  /** The main account that owns the devices it writes. */
  owner_id: number;
  name: string;
  schedule: Json<TaskSchedule>;
  time_zone: string;
  start_at: number;
  end_at: number | null;
  missed: MissedRule;
  state: StoredTaskState;
  /** The firing the task waits for; null once none is left or while paused. */
  next_run_at: number | null;
  last_run_at: number | null;
  last_outcome: RunOutcome | null;
  runs: Generated<number>;
  failures: Generated<number>;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}
export type TimedTaskRow = Selectable<TimedTasksTable>;

export interface TimedTaskTargetsTable {
  task_id: number;
  device_id: number;
  point_id: number;
  value: Json<TaskValue>;
}

/** Execution Record: one write of one run. */
export interface TimedTaskRecordsTable {
  id: Generated<number>;
  task_id: number;
  task_name: string;
  owner_id: number;
  device_id: number;
  point_id: number;
  point_name: string;
  value: string;
  due_at: number;
  ran_at: number;
  late: Bool;
  outcome: RunOutcome;
  /** The catalogue key (or text) of the failure the device gave, for the detail of the outcome. */
  detail: string | null;
}

/** Execution Log: what the task itself did. */
export interface TimedTaskLogTable {
  id: Generated<number>;
  task_id: number;
  task_name: string;
  owner_id: number;
  at: number;
  action: TaskLogAction;
  /** The catalogue key that says it, and its parameters. */
  reason: string | null;
  params: ColumnType<Record<string, string> | string | null, string | null, string | null>;
  by_user: number | null;
}

/** A run kept for a device that was offline at the firing, written once when it is back (rule `runOnce`). */
export interface TimedTaskRecoveriesTable {
  task_id: number;
  device_id: number;
  /** The firing it stands for (the latest one the device missed). */
  due_at: number;
  /** After this a device that comes back is not written: the value may no longer suit the plant. */
  expires_at: number;
  /** The gateway process writing it, until `claimed_until`. */
  claimed_by: string | null;
  claimed_until: number | null;
}

export interface TasksTables {
  timed_tasks: TimedTasksTable;
  timed_task_targets: TimedTaskTargetsTable;
  timed_task_records: TimedTaskRecordsTable;
  timed_task_log: TimedTaskLogTable;
  timed_task_recoveries: TimedTaskRecoveriesTable;
}
