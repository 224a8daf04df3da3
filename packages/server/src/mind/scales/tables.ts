import type { ScaleAudience } from '@meridian/contracts';
import type { ColumnType, Generated, Selectable } from 'kysely';

/** Booleans: written as true/false, read back as 0/1 (SQLite) or true/false (PostgreSQL); use `toBool`. */
type Bool = ColumnType<boolean | number, boolean | undefined, boolean>;
/** JSON: text in SQLite, jsonb in PostgreSQL; write with `toJson`, read with `fromJson`. */
type Json = ColumnType<unknown, string, string>;

export type ScaleStatus = 'draft' | 'published' | 'unpublished';

/**
 * A scale of the library: a built-in (no owner, seeded from code) or an organisation's custom
 * scale. What is answered and scored is a version; the row holds the editable draft and points at
 * the newest published version.
 */
export interface ScalesTable {
  id: Generated<number>;
  code: string;
  name_zh: string;
  name_en: string;
  audience: ScaleAudience;
  built_in: Bool;
  /** The organisation a custom scale belongs to; null for built-ins. */
  owner_org_id: number | null;
  /** Its path, so that "my school and the bureau above" is a prefix test. */
  owner_org_path: string | null;
  status: ScaleStatus;
  /** The definition being edited, not yet published; null when the newest version is all there is. */
  draft: Json | null;
  current_version_id: number | null;
  item_count: number;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

/** A published definition: never changed, so a result always reads the definition it was scored with. */
export interface ScaleVersionsTable {
  id: Generated<number>;
  scale_id: number;
  version: number;
  definition: Json;
  /** Null for versions the product shipped. */
  published_by: number | null;
  published_at: number;
  /** Why this version exists: 'seed', 'publish', 'itemText'. */
  reason: string;
}
export type ScaleRow = Selectable<ScalesTable>;
export type ScaleVersionRow = Selectable<ScaleVersionsTable>;

/** The tables of Mind scales, added to `Database` in platform/db/schema.ts. */
export interface ScalesTables {
  scales: ScalesTable;
  scale_versions: ScaleVersionsTable;
}
