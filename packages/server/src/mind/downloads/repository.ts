import type { DownloadKind, DownloadState, Lang, PageQuery } from '@meridian/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { contains, fromJson, paginate, toJson } from '../../platform/db/sql.ts';
import type { DownloadTaskRow } from './tables.ts';

type Db = Kysely<Database>;

export interface NewDownload {
  ownerId: number;
  kind: DownloadKind;
  name: string;
  lang: Lang;
  params: unknown;
}

export async function insertDownload(db: Db, task: NewDownload, at = Date.now()): Promise<DownloadTaskRow> {
  return db
    .insertInto('download_tasks')
    .values({
      owner_id: task.ownerId,
      kind: task.kind,
      name: task.name,
      lang: task.lang,
      params: toJson(task.params),
      state: 'queued',
      total: null,
      file_id: null,
      size: null,
      error_key: null,
      error_params: null,
      created_at: at,
      updated_at: at,
      finished_at: null,
      expires_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** How many of an owner's exports are waiting or being written. */
export async function openCount(db: Db, ownerId: number): Promise<number> {
  const row = await db
    .selectFrom('download_tasks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('owner_id', '=', ownerId)
    .where('state', 'in', ['queued', 'running'])
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export interface DownloadFilters {
  state?: DownloadState | undefined;
  kind?: DownloadKind | undefined;
  name?: string | undefined;
}

/** An owner's tasks, newest first: no one reads another's list, whatever their role. */
export function ownDownloadPage(db: Db, ownerId: number, f: DownloadFilters, paging: PageQuery) {
  const query = db
    .selectFrom('download_tasks')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .$if(f.state !== undefined, (q) => q.where('state', '=', f.state ?? 'done'))
    .$if(f.kind !== undefined, (q) => q.where('kind', '=', f.kind ?? 'results'))
    .$if(Boolean(f.name), (q) => q.where(contains('name', f.name ?? '')))
    .orderBy('id', 'desc');
  return paginate(query, paging);
}

export function ownDownloads(db: Db, ownerId: number, ids: readonly number[]): Promise<DownloadTaskRow[]> {
  return db
    .selectFrom('download_tasks')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('id', 'in', ids)
    .orderBy('id', 'desc')
    .execute();
}

export function findDownload(db: Db, id: number): Promise<DownloadTaskRow | undefined> {
  return db.selectFrom('download_tasks').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Moves a task from one of `from` to a new state; false when it was no longer in one of them. */
export async function moveDownload(
  db: Db,
  id: number,
  from: readonly DownloadState[],
  set: Partial<{
    state: DownloadState;
    progress: number;
    written: number;
    total: number | null;
    file_id: number | null;
    size: number | null;
    error_key: string | null;
    error_params: unknown;
    finished_at: number | null;
    expires_at: number | null;
  }>,
  at = Date.now(),
): Promise<boolean> {
  const { error_params, ...rest } = set;
  const result = await db
    .updateTable('download_tasks')
    .set({
      ...rest,
      ...(error_params === undefined ? {} : { error_params: error_params === null ? null : toJson(error_params) }),
      updated_at: at,
    })
    .where('id', '=', id)
    .where('state', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteDownload(db: Db, id: number): Promise<void> {
  await db.deleteFrom('download_tasks').where('id', '=', id).execute();
}

/** Tasks whose keeping time ran out, a batch at a time, with the file each wrote. */
export function expiredDownloads(db: Db, now: number, limit: number) {
  return db
    .selectFrom('download_tasks as d')
    .leftJoin('files as f', 'f.id', 'd.file_id')
    .select(['d.id', 'f.id as fileId', 'f.path', 'f.channel'])
    .where('d.expires_at', '<', now)
    .orderBy('d.id')
    .limit(limit)
    .execute();
}

/** Removes download tasks (their files are gone already). */
export async function deleteDownloads(db: Db, ids: number[]): Promise<void> {
  await db.deleteFrom('download_tasks').where('id', 'in', ids).execute();
}

/** What an import task did, kept in its parameters for its summary (decision 0145). */
export async function recordOutcome(db: Db, id: number, outcome: { imported: number; refused: number }) {
  const row = await db.selectFrom('download_tasks').select('params').where('id', '=', id).executeTakeFirst();
  if (!row) return;
  const params = fromJson<Record<string, unknown>>(row.params);
  await db
    .updateTable('download_tasks')
    .set({ params: toJson({ ...params, outcome }) })
    .where('id', '=', id)
    .execute();
}

/** Where a task's file is stored, by the file's id. */
export function findFilePath(db: Db, fileId: number) {
  return db.selectFrom('files').select('path').where('id', '=', fileId).executeTakeFirst();
}

/** A scale's name in both languages, for the name of a report's file. */
export function scaleNames(db: Db, scaleId: number) {
  return db.selectFrom('scales').select(['name_zh', 'name_en']).where('id', '=', scaleId).executeTakeFirstOrThrow();
}
