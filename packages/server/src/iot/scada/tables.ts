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

/** A screen's shared link (decision 0099): only the token's hash is kept; closing deletes the row. */
export interface ScadaLinksTable {
  screen_id: number;
  token_hash: string;
  password_hash: string | null;
  expires_at: number | null;
  created_by: number;
  created_at: number;
}

export interface ScadaTables {
  scada_screens: ScadaScreensTable;
  scada_links: ScadaLinksTable;
}
