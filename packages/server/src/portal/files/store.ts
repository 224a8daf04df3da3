import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { type FileChannel, type FileKind, type FilePurpose, type FileReference, fileUrl } from '@meridian/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { CheckedFile } from '../../platform/files/check.ts';
import { contentTypeOf } from '../../platform/files/sniff.ts';
import { StorageError } from '../../platform/files/storage.ts';
import type { FileStores } from '../../platform/files/stores.ts';
import { AppError } from '../../platform/http/errors.ts';
import { deleteFileRows, insertFiles, type NewFile, storedPlacesOf } from './repository.ts';
import type { FileRow } from './tables.ts';

/** What storing and reading files needs; a route builds it from its request, a job from its app. */
export interface FilesContext {
  db: Kysely<Database>;
  stores: FileStores;
  log: FastifyBaseLogger;
}

export interface StoreOptions {
  purpose: FilePurpose;
  protected: boolean;
  ownerId: number | null;
}

/** A new storage key: the purpose, the month and 128 random bits, so that paths are neither guessable nor reused. */
function newKey(purpose: FilePurpose, kind: FileKind, now: Date): string {
  const month = `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  return `${purpose}/${month}/${randomBytes(16).toString('hex')}.${kind}`;
}

/** The uploader's file name without folders or control characters, for display and downloads only. */
export function displayName(name: string, kind: FileKind): string {
  const base = (name.split(/[/\\]/).pop() ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 120);
  return base || `file.${kind}`;
}

/**
 * Stores checked files in the deployment's current store and records them, all or none: when a
 * put or the insert fails, what was already put is removed again. A store that refuses is the
 * spec's "file upload failed, please re-upload" for the user and the store's own answer in the log.
 */
export async function storeFiles(
  ctx: FilesContext,
  files: readonly CheckedFile[],
  options: StoreOptions,
): Promise<FileRow[]> {
  const put = await putFiles(ctx, files, options);
  try {
    return await insertFiles(ctx.db, put);
  } catch (error) {
    await dropPutFiles(ctx, put);
    throw error;
  }
}

/**
 * Puts checked files in the current store without recording them: the caller records the rows
 * answered in its own transaction (`insertFileRows`), so that the files exist together with what
 * names them, or drops them again (`dropPutFiles`) when that transaction does not commit. When a
 * put fails, what was already put is removed and the store's refusal is answered in words.
 */
export async function putFiles(
  ctx: FilesContext,
  files: readonly CheckedFile[],
  options: StoreOptions,
): Promise<NewFile[]> {
  const storage = ctx.stores.current;
  const now = new Date();
  const rows: NewFile[] = [];
  try {
    for (const file of files) {
      const key = newKey(options.purpose, file.kind, now);
      await storage.put(key, file.bytes, contentTypeOf[file.kind]);
      rows.push({
        channel: storage.channel,
        path: key,
        original_name: displayName(file.name, file.kind),
        content_type: contentTypeOf[file.kind],
        size: file.bytes.length,
        sha256: createHash('sha256').update(file.bytes).digest('hex'),
        owner_id: options.ownerId,
        purpose: options.purpose,
        protected: options.protected,
        created_at: now.getTime(),
      });
    }
    return rows;
  } catch (error) {
    await dropPutFiles(ctx, rows);
    if (error instanceof StorageError) {
      ctx.log.error({ err: error, channel: storage.channel }, 'the file store refused an upload');
      throw new AppError(503, 'files.uploadFailed');
    }
    throw error;
  }
}

/** Removes files put but never recorded; a store that refuses is logged, the files stay as orphans. */
export async function dropPutFiles(ctx: FilesContext, put: readonly NewFile[]): Promise<void> {
  for (const file of put) {
    await ctx.stores.current.delete(file.path).catch((cleanupError: unknown) => {
      ctx.log.warn({ err: cleanupError, key: file.path }, 'could not remove a file whose upload failed');
    });
  }
}

/** Opens a recorded file's bytes; a store that lost them or cannot be reached is logged and answered in words. */
export async function openStored(ctx: FilesContext, row: FileRow): Promise<Readable> {
  const storage = ctx.stores.byChannel(row.channel);
  if (!storage) {
    ctx.log.error(
      { path: row.path, channel: row.channel },
      'a file is kept in a store this deployment has no settings for',
    );
    throw new AppError(503, 'files.unavailable');
  }
  try {
    return await storage.get(row.path);
  } catch (error) {
    if (!(error instanceof StorageError)) throw error;
    ctx.log.error({ err: error, path: row.path }, 'a recorded file could not be read');
    throw error.kind === 'notFound' ? new AppError(404, 'files.notFound') : new AppError(503, 'files.unavailable');
  }
}

/** Reads a stream whole, refusing to hold more than `max` bytes. */
export async function readAll(stream: Readable, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    length += buffer.length;
    if (length > max) {
      stream.destroy();
      throw new Error(`more than ${max} bytes`);
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

export const dataUrl = (contentType: string, bytes: Uint8Array) =>
  `data:${contentType};base64,${Buffer.from(bytes).toString('base64')}`;

/** The Mind spec's file reference of a stored file (path, url, base64 when given) and what the web shows of it. */
export function referenceOf(row: FileRow, base64?: string): FileReference {
  return {
    path: row.path,
    url: fileUrl(row.path),
    ...(base64 === undefined ? {} : { base64 }),
    name: row.original_name,
    contentType: row.content_type,
    size: Number(row.size),
    channel: row.channel,
  };
}

/**
 * Removes stored files, bytes first and then their rows: a row without bytes would promise a
 * download that fails, bytes without a row are only space. A store that cannot delete now is
 * logged and its row kept, so that the next cleanup tries again.
 */
export async function removeStoredFiles(
  db: Kysely<Database>,
  stores: FileStores,
  fileIds: readonly number[],
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<number[]> {
  if (fileIds.length === 0) return [];
  const rows = await storedPlacesOf(db, fileIds);
  const removed: number[] = [];
  for (const row of rows) {
    try {
      await stores.byChannel(row.channel as FileChannel)?.delete(row.path);
      removed.push(row.id);
    } catch (error) {
      log.warn({ err: error, path: row.path }, 'a stored file could not be removed from its store');
    }
  }
  if (removed.length > 0) await deleteFileRows(db, removed);
  return removed;
}
