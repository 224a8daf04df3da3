import type { PageQuery } from '@meridian/contracts';
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { paginate } from '../../platform/db/sql.ts';
import type { FileRow, FilesTable } from './tables.ts';

type Db = Kysely<Database> | Transaction<Database>;

export type NewFile = Omit<Insertable<FilesTable>, 'id'>;

/** Records files whose bytes are already stored, all or none; the rows come back in the order given. */
export async function insertFiles(db: Kysely<Database>, files: readonly NewFile[]): Promise<FileRow[]> {
  // Guard against running an invalid insert when the list is empty.
  if (files.length === 0) return [];
  return db.transaction().execute((trx) => insertFileRows(trx, files));
}

/** Records files whose bytes are already stored, in the caller's transaction; the rows come back in the order given. */
export async function insertFileRows(trx: Transaction<Database>, files: readonly NewFile[]): Promise<FileRow[]> {
  if (files.length === 0) return [];
  const rows = await trx.insertInto('files').values(files).returningAll().execute();
  // RETURNING promises no order; callers pair the rows with the files they gave.
  const order = new Map(files.map((file, i) => [file.path, i]));
  return rows.sort((a, b) => (order.get(a.path) ?? 0) - (order.get(b.path) ?? 0));
}

export function findFileByPath(db: Db, path: string): Promise<FileRow | undefined> {
  return db.selectFrom('files').selectAll().where('path', '=', path).executeTakeFirst();
}

export function findFilesByPaths(db: Db, paths: readonly string[]): Promise<FileRow[]> {
  if (paths.length === 0) return Promise.resolve([]);
  return db.selectFrom('files').selectAll().where('path', 'in', paths).execute();
}

/** The files a user uploaded for one purpose, newest first, a page at a time (the `files_owner` index). */
export function filesOfOwner(db: Db, ownerId: number, purpose: FilesTable['purpose'], page: PageQuery) {
  return paginate(
    db
      .selectFrom('files')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('purpose', '=', purpose)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc'),
    page,
  );
}

/** Where the files of these ids are stored: their path and channel. */
export function storedPlacesOf(db: Db, ids: readonly number[]) {
  return db.selectFrom('files').select(['id', 'path', 'channel']).where('id', 'in', ids).execute();
}

export async function deleteFileRows(db: Db, ids: readonly number[]): Promise<void> {
  await db.deleteFrom('files').where('id', 'in', ids).execute();
}
