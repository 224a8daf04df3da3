import type { Generated } from 'kysely';

/**
 * The emotions of a sample or summary, each as whole thousandths of a face: share × faces × 1000
 * (decision 0100), so that sums stay exact on both engines.
 */
export interface EmotionColumns {
  happy: number;
  calm: number;
  surprised: number;
  sad: number;
  angry: number;
  fearful: number;
}

/** One estimate a campus device sent for a class at one time; never a single student's. */
export interface EmotionSamplesTable extends EmotionColumns {
  id: Generated<number>;
  device_id: number;
  school_id: number;
  class_id: number;
  /** The device's idempotency key. */
  sample_id: string;
  occurred_at: number;
  received_at: number;
  faces: number;
}

/** A class's samples of one Beijing day and hour, summed as they arrive: what the boards read. */
export interface EmotionClassHoursTable extends EmotionColumns {
  id: Generated<number>;
  school_id: number;
  class_id: number;
  /** `YYYY-MM-DD`, Beijing time. */
  day: string;
  hour: number;
  samples: number;
  faces: number;
}

/** A class's samples of one Beijing day, summed as they arrive: what trends and the record read. */
export interface EmotionClassDaysTable extends EmotionColumns {
  id: Generated<number>;
  school_id: number;
  class_id: number;
  /** `YYYY-MM-DD`, Beijing time. */
  day: string;
  samples: number;
  faces: number;
}

export interface EmotionTables {
  emotion_class_days: EmotionClassDaysTable;
  emotion_samples: EmotionSamplesTable;
  emotion_class_hours: EmotionClassHoursTable;
}
