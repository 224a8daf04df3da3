import '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../http/errors.ts';

/** One uploaded file, read into memory no further than its size limit. */
export interface ReceivedFile {
  /** The name the uploader's machine gave it, for display only. */
  name: string;
  bytes: Buffer;
}

export interface ReceivedUpload {
  files: ReceivedFile[];
  fields: Record<string, string>;
}

export interface ReceiveLimits {
  /** Largest file; the parser stops reading a file at this size and the upload is refused. */
  maxBytes: number;
  maxFiles: number;
  /** The form fields besides `file` that the call takes; any other is refused. */
  fields: readonly string[];
}

const FIELD_MAX_BYTES = 200;
const SPARE_FIELDS = 4;

/** The size in the words people read limits in: `2 MB`, `500 KB`. */
export function formatSize(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1 ? `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

/** Fastify-multipart's and busboy's refusals, in the spec's words. */
function uploadError(error: unknown, limits: ReceiveLimits): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(413, 'files.tooLarge', { params: { limit: formatSize(limits.maxBytes) } });
    case 'FST_FILES_LIMIT':
      return new AppError(413, 'files.tooMany', { params: { count: limits.maxFiles } });
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_PROTO_VIOLATION':
      return new AppError(400, 'http.badRequest');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError(415, 'files.notMultipart');
  }
  // What is left is a form that ended early or does not parse (busboy's "Unexpected end of form",
  // "Malformed part header", a missing boundary): the upload did not arrive whole.
  if (error instanceof Error) return new AppError(400, 'files.uploadFailed', { data: null });
  return error;
}

/**
 * Reads a multipart upload: files from the `file` field, each cut off and refused at `maxBytes`
 * (so no file is held in memory beyond its limit), at most `maxFiles` of them, and the named text
 * fields. Errors are the spec's "upload limits exceeded" (413) and "file upload failed" (400).
 */
export async function receiveUpload(request: FastifyRequest, limits: ReceiveLimits): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw new AppError(415, 'files.notMultipart');
  const files: ReceivedFile[] = [];
  const fields: Record<string, string> = {};
  try {
    const parts = request.parts({
      limits: {
        fileSize: limits.maxBytes,
        files: limits.maxFiles,
        // Room for a few stray fields, so that an unknown one is named rather than counted.
        fields: limits.fields.length + SPARE_FIELDS,
        fieldSize: FIELD_MAX_BYTES,
        parts: limits.maxFiles + limits.fields.length + SPARE_FIELDS,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          throw new AppError(400, 'files.unknownField', { params: { name: part.fieldname } });
        }
        files.push({ name: part.filename, bytes: await part.toBuffer() });
      } else {
        if (!limits.fields.includes(part.fieldname)) {
          throw new AppError(400, 'files.unknownField', { params: { name: part.fieldname } });
        }
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    throw uploadError(error, limits);
  }
  return { files, fields };
}
