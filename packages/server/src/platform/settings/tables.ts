import type { ColumnType } from 'kysely';

/**
 * The key-value settings every feature keeps (policies, first-start marks). Created by the portal's
 * `0002_identity` migration, which ran before the platform had migrations of its own.
 */
export interface SettingsTable {
  key: string;
  /** JSON: text in SQLite, jsonb in PostgreSQL; written as a string, read with `fromJson`. */
  value: ColumnType<unknown, string, string>;
  updated_at: number;
  updated_by: number | null;
}
