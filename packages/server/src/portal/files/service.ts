import type { Readable } from 'node:stream';
import {
  FILE_PATH,
  type FilePurpose,
  type FileReference,
  IMAGE_UPLOAD_PURPOSES,
  type ImageUploadOptions,
  INLINE_IMAGE_MAX_BYTES,
  imageUploadOptions,
  type ListByPathBody,
  type Page,
  type PageQuery,
  uploadRules,
} from '@meridian/contracts';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { toBool } from '../../platform/db/sql.ts';
import { checkUpload } from '../../platform/files/check.ts';
import { type ReceivedFile, receiveUpload } from '../../platform/files/receive.ts';
import { IMAGE_KINDS } from '../../platform/files/sniff.ts';
import { fileStoresOf } from '../../platform/files/stores.ts';
import { AppError, RequestValidationError } from '../../platform/http/errors.ts';
import { canSeeUser, type Scope, scopeOf } from '../access/scope.ts';
import { audit } from '../audit/service.ts';
import { type Auth, authenticate, tokenOf } from '../sessions/service.ts';
import { filesOfOwner, findFileByPath, findFilesByPaths } from './repository.ts';
import { dataUrl, type FilesContext, openStored, readAll, referenceOf, storeFiles } from './store.ts';
import type { FileRow } from './tables.ts';

/**
 * Whether `path` names a jpg or png the user uploaded themselves (the image upload checked it by its
 * content): what a screen's background or a monitor's logo may be.
 */
export async function isOwnPicture(db: Kysely<Database>, path: string, userId: number): Promise<boolean> {
  const file = await findFileByPath(db, path);
  return file !== undefined && file.owner_id === userId && ['image/jpeg', 'image/png'].includes(file.content_type);
}

/** Whether `path` names a symbol (an SVG or png of the `symbol` upload, decision 0149) the user uploaded themselves. */
export async function isOwnSymbol(db: Kysely<Database>, path: string, userId: number): Promise<boolean> {
  const file = await findFileByPath(db, path);
  return file !== undefined && file.owner_id === userId && file.purpose === 'symbol';
}

/** The symbols a user uploaded (decision 0149), newest first, a page at a time. */
export async function ownSymbols(db: Kysely<Database>, userId: number, page: PageQuery): Promise<Page<FileReference>> {
  const rows = await filesOfOwner(db, userId, 'symbol', page);
  return { ...rows, list: rows.list.map((row) => referenceOf(row)) };
}

export function filesContextOf(request: FastifyRequest): FilesContext {
  return { db: request.server.db.kysely, stores: fileStoresOf(request.server.config), log: request.log };
}

/**
 * Another area's say on a protected file it put to use, e.g. Mind's record attachments, readable by
 * whoever may read the record (decision 0043). Portal files know nothing of those areas' records.
 */
export type FileReadGrant = (db: Kysely<Database>, auth: Auth, row: FileRow) => Promise<boolean>;
const readGrants = new Map<string, FileReadGrant>();

/** Lets another area open protected files to more readers; registering a name again replaces its grant. */
export function grantFileReads(name: string, grant: FileReadGrant): void {
  readGrants.set(name, grant);
}

/**
 * Who may read a protected file: its owner, a super administrator, whoever's data scope holds the
 * owner, and whoever a registered grant lets in.
 */
async function maySee(ctx: FilesContext, auth: Auth, row: FileRow, scope: () => Promise<Scope>): Promise<boolean> {
  if (!toBool(row.protected) || auth.superAdmin || row.owner_id === auth.userId) return true;
  if (row.owner_id !== null && (await canSeeUser(ctx.db, await scope(), row.owner_id))) return true;
  for (const grant of readGrants.values()) {
    if (await grant(ctx.db, auth, row)) return true;
  }
  return false;
}

function memo<T>(load: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => {
    value ??= load();
    return value;
  };
}

const isInlineImage = (row: FileRow) =>
  IMAGE_KINDS.some((kind) => row.path.endsWith(`.${kind}`)) && Number(row.size) <= INLINE_IMAGE_MAX_BYTES;

/**
 * `upload/image`: up to five jpg or png images (2 MB each), or one avatar (1 MB), or one logo
 * (jpg, png or gif, 1 MB, 106x60 px). `purpose`, `base64` and `protected` come from the query or
 * the form; a purpose in the query lets the parser stop at that purpose's own size limit.
 */
export async function uploadImages(
  request: FastifyRequest,
  auth: Auth,
  query: ImageUploadOptions,
): Promise<FileReference[]> {
  const candidates = query.purpose ? [uploadRules[query.purpose]] : IMAGE_UPLOAD_PURPOSES.map((p) => uploadRules[p]);
  const received = await receiveUpload(request, {
    maxBytes: Math.max(...candidates.map((r) => r.maxBytes)),
    maxFiles: Math.max(...candidates.map((r) => r.maxFiles)),
    fields: ['purpose', 'base64', 'protected'],
  });
  const form = imageUploadOptions.safeParse(received.fields);
  if (!form.success) throw new RequestValidationError(form.error.issues);
  // The form's fields win over the query's.
  const options: ImageUploadOptions = {
    purpose: form.data.purpose ?? query.purpose,
    base64: form.data.base64 ?? query.base64,
    protected: form.data.protected ?? query.protected,
  };
  return keepUpload(request, auth, received.files, options.purpose ?? 'image', {
    protected: options.protected ?? false,
    base64: options.base64 ?? false,
  });
}

/**
 * `upload/attachment`: up to five files of 15 MB, jpg, png, pdf, xls or xlsx by their content,
 * kept protected: they go on records about people (decision 0043).
 */
export async function uploadAttachments(request: FastifyRequest, auth: Auth): Promise<FileReference[]> {
  const rule = uploadRules.attachment;
  const received = await receiveUpload(request, { maxBytes: rule.maxBytes, maxFiles: rule.maxFiles, fields: [] });
  return keepUpload(request, auth, received.files, 'attachment', { protected: true, base64: false });
}

/** What every upload call does with what it received: checks it by content against the purpose's rule and stores it as the caller's. */
async function keepUpload(
  request: FastifyRequest,
  auth: Auth,
  files: readonly ReceivedFile[],
  purpose: FilePurpose,
  options: { protected: boolean; base64: boolean },
): Promise<FileReference[]> {
  const checked = await checkUpload(files, uploadRules[purpose]);
  const rows = await storeFiles(filesContextOf(request), checked, {
    purpose,
    protected: options.protected,
    ownerId: auth.userId,
  });
  return rows.map((row, i) =>
    referenceOf(row, options.base64 && isInlineImage(row) ? dataUrl(row.content_type, checked[i].bytes) : undefined),
  );
}

/**
 * `listByPath`: a reference for each path the caller may see, in the order asked; paths that name
 * no file, or a protected file the caller may not see, are left out alike. `channel` is taken and
 * not used to filter: paths are unique across stores, and the Mind web names OSS_MINIO whatever
 * store the deployment uses. Inline images read from a protected file are audited.
 */
export async function listByPath(request: FastifyRequest, auth: Auth, body: ListByPathBody): Promise<FileReference[]> {
  const ctx = filesContextOf(request);
  const paths = [...new Set(body.paths)].filter((p) => FILE_PATH.test(p));
  const rows = new Map((await findFilesByPaths(ctx.db, paths)).map((row) => [row.path, row]));
  const scope = memo(() => scopeOf(ctx.db, auth));
  const out: FileReference[] = [];
  for (const path of paths) {
    const row = rows.get(path);
    if (!row || !(await maySee(ctx, auth, row, scope))) continue;
    if (!body.base64 || !isInlineImage(row)) {
      out.push(referenceOf(row));
      continue;
    }
    const bytes = await openStored(ctx, row)
      .then((stream) => readAll(stream, INLINE_IMAGE_MAX_BYTES))
      .catch((error: unknown) => {
        // The reference still carries its url; only the inline copy is missing.
        ctx.log.warn({ err: error, path }, 'an image could not be read for listByPath');
        return undefined;
      });
    if (bytes && toBool(row.protected)) await auditRead(request, row, 'ok', 'listByPath');
    out.push(referenceOf(row, bytes ? dataUrl(row.content_type, bytes) : undefined));
  }
  return out;
}

function auditRead(request: FastifyRequest, row: FileRow, result: 'ok' | 'fail', via: string): Promise<void> {
  return audit(request.server.db.kysely, request, {
    action: 'file.read',
    result,
    targetType: 'file',
    targetId: row.path,
    detail: { via, name: row.original_name, purpose: row.purpose, owner: row.owner_id },
  });
}

/**
 * `getByPath`: a public file to anyone who has its path; a protected one only to a signed-in
 * caller who may see it, each read and each refusal audited. The path only ever selects a row:
 * the store is read with the row's own generated key, so no path can reach anything else.
 */
export async function openFile(
  request: FastifyRequest,
  path: string,
): Promise<{ row: FileRow; open: () => Promise<Readable> }> {
  const ctx = filesContextOf(request);
  const row = FILE_PATH.test(path) ? await findFileByPath(ctx.db, path) : undefined;
  if (!row) throw new AppError(404, 'files.notFound');
  if (toBool(row.protected)) {
    const auth = await authenticate(ctx.db, request.server.config, tokenOf(request));
    request.auth = auth;
    if (!(await maySee(ctx, auth, row, () => scopeOf(ctx.db, auth)))) {
      await auditRead(request, row, 'fail', 'getByPath');
      throw new AppError(403, 'files.forbidden');
    }
    await auditRead(request, row, 'ok', 'getByPath');
  }
  return { row, open: () => openStored(ctx, row) };
}
