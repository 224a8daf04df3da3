import type { ColumnType, Generated } from 'kysely';

type Json = ColumnType<unknown, string, string>;

/** A student's mood of one day (`moodJournal`). */
export interface MoodEntriesTable {
  id: Generated<number>;
  student_id: number;
  school_id: number;
  class_id: number | null;
  day: string;
  mood: number;
  intensity: number;
  tags: Json;
  note: string;
  warning_id: number | null;
  created_at: number;
  updated_at: number;
}

/** A school's journal settings (`moodJournalTest`); a school without a row has the defaults. */
export interface MoodSettingsTable {
  school_id: number;
  low_days: number;
  low_threshold: number;
  /** `nobody`, `psychology` or `psychologyAndHead` (MOOD_NOTE_READERS). */
  note_readers: string;
  updated_by: number | null;
  updated_at: number;
}

/** A run of low days that opened a warning: one per student and first low day. */
export interface MoodLowStreaksTable {
  id: Generated<number>;
  student_id: number;
  since: string;
  /** Set in the transaction that claimed the streak. */
  warning_id: number | null;
  created_at: number;
}

export interface MoodTables {
  mood_entries: MoodEntriesTable;
  mood_settings: MoodSettingsTable;
  mood_low_streaks: MoodLowStreaksTable;
}
