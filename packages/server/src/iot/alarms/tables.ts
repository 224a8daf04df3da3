import type {
  AlarmCondition,
  AlarmFacts,
  AlarmRecovery,
  AlarmState,
  ConditionJoin,
  LinkageValue,
  SaveRule,
  TriggerScope,
} from '@meridian/contracts';
import type { ColumnType, Generated, Selectable } from 'kysely';

/** Booleans: written as true/false, read back as 0/1 (SQLite) or true/false (PostgreSQL); use `toBool`. */
type Bool = ColumnType<boolean | number, boolean | undefined, boolean>;
/** JSON: written as text (`toJson`), read back as text or an object (`fromJson`). */
type Json<T> = ColumnType<T | string, string, string>;
/** Nullable JSON: optional on insert. */
type JsonOrNull<T> = ColumnType<T | string | null, string | null | undefined, string | null>;

/**
 * A trigger (spec section 3): conditions on a device's data points, or on every device of a
 * template; `device` triggers are the spec's "independent triggers". Recipients live in the
 * notification area's `trigger_contacts` and `trigger_groups`.
 */
export interface AlarmTriggersTable {
  id: Generated<number>;
  /** The main account that owns the device or template: whose contacts are notified. */
  owner_id: number;
  name: string;
  scope: TriggerScope;
  device_id: number | null;
  template_id: number | null;
  conditions: Json<AlarmCondition[]>;
  join_with: ConditionJoin;
  dead_zone: number;
  /** Seconds the conditions must hold before the alarm fires; 0 fires at once. */
  duration: number;
  /** Minutes between repeated pushes while the alarm lasts; 0 never repeats. */
  push_interval: number;
  alarm_enabled: Bool;
  save_rule: SaveRule;
  alarm_content: string | null;
  restore_content: string | null;
  linkage_enabled: Bool;
  linkage_point_id: number | null;
  linkage_value: Json<LinkageValue> | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}
export type AlarmTriggerRow = Selectable<AlarmTriggersTable>;

/** One alarm of one trigger on one device: from its firing to its restore, then processed by a person. */
export interface AlarmsTable {
  id: Generated<number>;
  /** No foreign key: the alarm outlives its trigger, by name. */
  trigger_id: number;
  trigger_name: string;
  device_id: number;
  owner_id: number;
  /** The point of the first condition that held, where there is one. */
  point_id: number | null;
  value: string | null;
  /** The text in the owner's language when it fired: what rows made before `facts` show (decision 0052). */
  content: string;
  /** What fired, for its text in each reader's language; null on alarms recorded before 0030. */
  facts: JsonOrNull<AlarmFacts>;
  fired_at: number;
  /** `${trigger}:${device}` while the alarm lasts, null once restored: one active alarm per trigger and device, whichever process fires it. */
  active_key: string | null;
  recovery: AlarmRecovery;
  restored_at: number | null;
  restore_value: string | null;
  state: AlarmState;
  result: string | null;
  processed_by: number | null;
  processed_at: number | null;
  /** False under the "notify only" save rule: kept for the engine, left out of Alarm Record. */
  recorded: Bool;
  /** 'sent' handed to the outbox; 'suspended' because the device's cloud configuration is off. */
  notification: 'sent' | 'suspended';
  last_pushed_at: number;
  repeats: number;
  /** The linkage write: null when none was configured, then 'ok' or the failure's message key. */
  linkage_outcome: string | null;
}
export type AlarmRow = Selectable<AlarmsTable>;

/** A condition that holds but has not yet held for the trigger's duration, per trigger and device. */
export interface AlarmPendingTable {
  trigger_id: number;
  device_id: number;
  since: number;
  point_id: number | null;
  value: string | null;
}

/** The tables of Device Cloud triggers and alarms, added to `Database` in platform/db/schema.ts. */
export interface AlarmsTables {
  alarm_triggers: AlarmTriggersTable;
  alarms: AlarmsTable;
  alarm_pending: AlarmPendingTable;
}
