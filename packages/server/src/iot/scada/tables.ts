import type { ScadaSharing } from '@meridian/contracts';
import type { ColumnType, Generated, Selectable } from 'kysely';

/** JSON columns: text in SQLite, jsonb in PostgreSQL; written as strings, read with `fromJson`. */
type Json = ColumnType<unknown, string, string>;

/** A cloud configuration screen of one account; `document` is a `ScadaDocument` (decision 0075). */
export interface ScadaScreensTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  sharing: ScadaSharing;
  document: Json;
  element_count: number;
  /** Goes up by one on every save; a save names the revision it started from. */
  revision: number;
  created_by: number;
  created_at: number;
  updated_at: number;
}
export type ScadaScreenRow = Selectable<ScadaScreensTable>;

export interface ScadaTables {
  scada_screens: ScadaScreensTable;
}
