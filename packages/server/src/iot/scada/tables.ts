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
  /** The newest version, whose document `document` holds: what the editor edits (decision 0127). */
  draft_version: Generated<number>;
  /** The version the viewer and shared links show. */
  published_version: Generated<number>;
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

/** A kept version of a screen's document (decision 0127): never changed; the oldest are pruned. */
export interface ScadaVersionsTable {
  screen_id: number;
  number: number;
  document: Json;
  element_count: number;
  /** The version a roll back copied; null for a save. */
  rolled_back_from: number | null;
  created_by: number;
  created_at: number;
}

export interface ScadaTables {
  scada_versions: ScadaVersionsTable;
  scada_screens: ScadaScreensTable;
  scada_links: ScadaLinksTable;
}
