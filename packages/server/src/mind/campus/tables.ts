import type { ColumnType, Generated } from 'kysely';

/** A camera or terminal of a school (decision 0085). */
export interface CampusDevicesTable {
  id: Generated<number>;
  school_id: number;
  school_path: string;
  kind: 'camera' | 'terminal';
  name: string;
  location: string;
  device_key: string;
  /** The HMAC key the device signs with, shown to the installer once. */
  secret: string;
  /** A camera's stream address for playback (decision 0133), password included; null for none. */
  stream_url: string | null;
  /** The camera's recorder: a Hikvision NVR's RTSP playback address of its channel (decision 0147), or null. */
  recorder_url: string | null;
  last_seen_at: number | null;
  created_by: number;
  created_at: number;
}

/** Nonces of accepted signed requests, kept past the timestamp window so that none is used twice. */
export interface CampusNoncesTable {
  id: Generated<number>;
  device_id: number;
  nonce: string;
  at: number;
}

export interface CampusAlertsTable {
  id: Generated<number>;
  device_id: number;
  school_id: number;
  school_path: string;
  /** The device's idempotency key. */
  event_id: string;
  type: string;
  state: string;
  occurred_at: number;
  received_at: number;
  /** The snapshot's path in the file service. */
  snapshot: string | null;
  /** Whom the alert was handed over to; null while it is the school's. */
  holder_id: number | null;
}

/** The alert's timeline: its report and every handling step. */
export interface CampusAlertStepsTable {
  id: Generated<number>;
  alert_id: number;
  action: string;
  by_id: number | null;
  to_id: number | null;
  result: string | null;
  at: number;
}

/** A school's push rule (decision 0097); lists are stored comma-separated. */
export interface CampusPushRulesTable {
  id: Generated<number>;
  school_id: number;
  school_path: string;
  name: string;
  types: string;
  user_ids: string;
  channels: string;
  /** The emotion alert levels the rule tells about (decision 0143). */
  emotion_levels: Generated<string>;
  from_minute: number;
  to_minute: number;
  created_by: number;
  created_at: number;
  updated_at: number;
}

/** A message about an alert to one person by one channel, sent once. */
export interface CampusNoticesTable {
  id: Generated<number>;
  alert_id: number;
  user_id: number;
  channel: string;
  created_at: number;
  read_at: number | null;
  /** `sent`, `skipped` (no mobile) or `failed` (the provider refused), decision 0143. */
  status: Generated<string>;
  /** Why it was skipped or failed: a catalogue key. */
  reason: string | null;
  /** The provider's own words when it refused. */
  detail: string | null;
  /** The provider's id of the message. */
  ref: string | null;
}

/** A student an event named (decision 0136), with the warning it opened. */
export interface CampusAlertStudentsTable {
  id: Generated<number>;
  alert_id: number;
  /** What the device sent: `no:<student number>` or `id:<roster id>`. */
  reference: string;
  student_id: number | null;
  warning_id: number | null;
}

/** A school's own event types that open warnings; no row: the default set. */
export interface CampusWarningTypesTable {
  school_id: number;
  types: string;
  updated_by: number;
  updated_at: number;
}

/** A school's day report settings (decision 0136); lists comma-separated. */
export interface CampusDayReportSettingsTable {
  school_id: number;
  enabled: ColumnType<boolean | number, boolean, boolean>;
  /** China minute of the day to send at. */
  minute: number;
  user_ids: string;
  contents: string;
  updated_by: number;
  updated_at: number;
}

/** A day report sent to one person: the summary as JSON. */
export interface CampusDayReportsTable {
  id: Generated<number>;
  school_id: number;
  /** The China day reported on, `YYYY-MM-DD`. */
  day: string;
  user_id: number;
  summary: string;
  created_at: number;
}

export interface CampusTables {
  campus_devices: CampusDevicesTable;
  campus_nonces: CampusNoncesTable;
  campus_alerts: CampusAlertsTable;
  campus_alert_steps: CampusAlertStepsTable;
  campus_push_rules: CampusPushRulesTable;
  campus_notices: CampusNoticesTable;
  campus_alert_students: CampusAlertStudentsTable;
  campus_warning_types: CampusWarningTypesTable;
  campus_day_report_settings: CampusDayReportSettingsTable;
  campus_day_reports: CampusDayReportsTable;
}
