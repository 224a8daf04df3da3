import fastifyMultipart from '@fastify/multipart';
import { envelopeOf, fileReference, getByPathQuery, imageUploadOptions, listByPathBody } from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toBool } from '../../platform/db/sql.ts';
import { fileStoresOf } from '../../platform/files/stores.ts';
import { ok } from '../../platform/http/envelope.ts';
import { callerOf } from '../access/guard.ts';
import { listByPath, openFile, uploadAttachments, uploadImages } from './service.ts';
import type { FileRow } from './tables.ts';

const tags = ['files'];
const references = envelopeOf(z.array(fileReference));

/** RFC 6266: a plain-ASCII name for old clients and the exact name, percent-encoded, for the rest. */
function contentDisposition(row: FileRow): string {
  const inline = row.content_type.startsWith('image/');
  const ascii = row.original_name.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const exact = encodeURIComponent(row.original_name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${exact}`;
}

/** The file calls of the Mind spec (section 7, Files) under `/api/apis-third/file/`. */
export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Built now, so that S3 settings missing their bucket or keys stop the start rather than the first upload.
  fileStoresOf(app.config);
  // Each upload call passes its own limits to `receiveUpload`; these defaults refuse everything else.
  await app.register(fastifyMultipart, { limits: { fileSize: 1, files: 0, fields: 0, parts: 1 } });

  app.post(
    '/apis-third/file/upload/image',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Upload images (multipart field `file`, up to 5): jpg or png, a logo also gif at 106x60 px',
        consumes: ['multipart/form-data'],
        querystring: imageUploadOptions,
        response: { 200: references },
      },
    },
    async (request) => ok(request, await uploadImages(request, callerOf(request), request.query)),
  );

  app.post(
    '/apis-third/file/upload/attachment',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'Upload attachments (multipart field `file`, up to 5): jpg, png, pdf, xls or xlsx, 15 MB, kept protected',
        consumes: ['multipart/form-data'],
        response: { 200: references },
      },
    },
    async (request) => ok(request, await uploadAttachments(request, callerOf(request))),
  );

  app.post(
    '/apis-third/file/listByPath',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'File references of stored paths, with small images inline when `base64` is asked',
        body: listByPathBody,
        response: { 200: references },
      },
    },
    async (request) => ok(request, await listByPath(request, callerOf(request), request.body)),
  );

  app.get(
    '/apis-third/file/getByPath',
    {
      // Public files are read by anyone who has their unguessable path; the service checks protected ones.
      config: { access: 'public', sends: 'file' },
      schema: { tags, summary: 'The bytes of a stored file', querystring: getByPathQuery },
    },
    async (request, reply) => {
      const { row, open } = await openFile(request, request.query.path);
      const isPublic = !toBool(row.protected);
      const etag = `"${row.sha256}"`;
      reply
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('etag', etag)
        // A path is never reused for other bytes, so a public file may be kept for good.
        .header('cache-control', isPublic ? 'public, max-age=31536000, immutable' : 'private, no-store');
      if (isPublic && request.headers['if-none-match'] === etag) return reply.code(304).send();
      const stream = await open();
      return reply
        .header('content-type', row.content_type)
        .header('content-length', Number(row.size))
        .header('content-disposition', contentDisposition(row))
        .send(stream);
    },
  );
};
