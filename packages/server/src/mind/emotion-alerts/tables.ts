import type { Generated } from 'kysely';

/** A class's day whose negative share crossed its school's threshold (decision 0118): one per class and day. */
export interface EmotionAlertsTable {
  id: Generated<number>;
  school_id: number;
  class_id: number;
  /** `YYYY-MM-DD`, Beijing time. */
  day: string;
  /** Thousandths: the day's negative share when it last crossed, its highest, the threshold crossed. */
  negative: number;
  peak: number;
  threshold: number;
  level: string;
  state: string;
  raised_at: number;
  updated_at: number;
  handled_by: number | null;
  handled_at: number | null;
  note: string | null;
}

/** The threshold a school chose, in thousandths; a school without a row uses the default. */
export interface EmotionAlertThresholdsTable {
  id: Generated<number>;
  school_id: number;
  threshold: number;
  updated_by: number;
  updated_at: number;
}

/** A site message a push rule sent about an emotion alert. */
export interface EmotionAlertNoticesTable {
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

export interface EmotionAlertTables {
  emotion_alerts: EmotionAlertsTable;
  emotion_alert_thresholds: EmotionAlertThresholdsTable;
  emotion_alert_notices: EmotionAlertNoticesTable;
}
