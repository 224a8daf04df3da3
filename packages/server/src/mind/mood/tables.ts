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

export interface MoodTables {
  mood_entries: MoodEntriesTable;
}
