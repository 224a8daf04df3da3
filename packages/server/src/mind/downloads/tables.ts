import type { DownloadKind, DownloadState, Lang } from '@meridian/contracts';
import type { ColumnType, Generated, Selectable } from 'kysely';

/** JSON text (SQLite) or jsonb (PostgreSQL); written with `toJson`, read with `fromJson`. */
type Json = ColumnType<unknown, string, string>;

/** One export of the download center: what its owner asked for, how far it got, and the file it wrote. */
export interface DownloadTasksTable {
  id: Generated<number>;
  owner_id: number;
  kind: DownloadKind;
  name: string;
  /** The owner's language when asking: headers and labels of the file are written in it. */
  lang: Lang;
  /** The filters and the owner's data scope at the time of asking (the export reads what they could read then). */
  params: Json;
  state: DownloadState;
  progress: Generated<number>;
  written: Generated<number>;
  total: number | null;
  file_id: number | null;
  size: number | null;
  /** A catalogue key and its parameters: why the task failed. */
  error_key: string | null;
  error_params: ColumnType<unknown, string | null, string | null>;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
  /** When the nightly cleanup removes the task and its file. */
  expires_at: number | null;
}
export type DownloadTaskRow = Selectable<DownloadTasksTable>;

/** The tables of Mind's download center, added to `Database` in platform/db/schema.ts. */
export interface DownloadsTables {
  download_tasks: DownloadTasksTable;
}
