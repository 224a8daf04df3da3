import type { FileChannel, FilePurpose } from '@meridian/contracts';
import type { ColumnType, Generated, Selectable } from 'kysely';

/** Booleans: written as true/false, read back as 0/1 (SQLite) or true/false (PostgreSQL); use `toBool`. */
type Bool = ColumnType<boolean | number, boolean | undefined, boolean>;

/** One stored file. Its bytes are in the store its `channel` names, under `path`. */
export interface FilesTable {
  id: Generated<number>;
  channel: FileChannel;
  /** The storage key, generated: `<purpose>/<yyyymm>/<32 hex>.<ext>`; callers find files by it. */
  path: string;
  original_name: string;
  /** Sniffed from the content at upload, and what the file is served with. */
  content_type: string;
  size: number;
  sha256: string;
  owner_id: number | null;
  purpose: FilePurpose;
  /** Served only to signed-in callers who may see the owner, each read audited. */
  protected: Bool;
  created_at: number;
}
export type FileRow = Selectable<FilesTable>;

/** The tables of the portal's files area, added to `Database` in platform/db/schema.ts. */
export interface FilesTables {
  files: FilesTable;
}
