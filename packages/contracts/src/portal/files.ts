import { z } from 'zod';

/** Where a file is kept: the local disk, or the S3-compatible store (MinIO) the Mind spec calls OSS_MINIO. */
export const FILE_CHANNELS = ['LOCAL', 'OSS_MINIO'] as const;
export type FileChannel = (typeof FILE_CHANNELS)[number];
export const fileChannel = z.enum(FILE_CHANNELS);

/** What a stored file is for; it decides who may read it by default and is kept with the file. */
export const FILE_PURPOSES = ['avatar', 'logo', 'image', 'attachment', 'symbol'] as const;
export type FilePurpose = (typeof FILE_PURPOSES)[number];

/** The kinds of file the server recognises by their content (never by name or declared type). */
export type FileKind = 'jpg' | 'png' | 'gif' | 'pdf' | 'xls' | 'xlsx' | 'svg';

const MB = 1024 * 1024;

/** One kind of upload and its limits (Device Cloud spec section 5; written once for server and web). */
export interface UploadRule {
  kinds: readonly FileKind[];
  maxBytes: number;
  maxFiles: number;
  /** Exact pixel size, where the spec fixes one (the logo). */
  dimensions?: { width: number; height: number };
  /** The message that names what is accepted. */
  wrongKind:
    | 'files.wrongKind.image'
    | 'files.wrongKind.logo'
    | 'files.wrongKind.excel'
    | 'files.wrongKind.attachment'
    | 'files.wrongKind.symbol';
}

/**
 * Images jpg/png up to 2 MB, five at a time; the head image (avatar) and the logo 1 MB, the logo
 * also gif at exactly 106x60 px; files 15 MB; Excel xls/xlsx, one file under 20 MB.
 */
export const uploadRules = {
  image: { kinds: ['jpg', 'png'], maxBytes: 2 * MB, maxFiles: 5, wrongKind: 'files.wrongKind.image' },
  avatar: { kinds: ['jpg', 'png'], maxBytes: 1 * MB, maxFiles: 1, wrongKind: 'files.wrongKind.image' },
  logo: {
    kinds: ['jpg', 'png', 'gif'],
    maxBytes: 1 * MB,
    maxFiles: 1,
    dimensions: { width: 106, height: 60 },
    wrongKind: 'files.wrongKind.logo',
  },
  attachment: {
    kinds: ['jpg', 'png', 'pdf', 'xls', 'xlsx'],
    maxBytes: 15 * MB,
    maxFiles: 5,
    wrongKind: 'files.wrongKind.attachment',
  },
  excel: { kinds: ['xls', 'xlsx'], maxBytes: 20 * MB, maxFiles: 1, wrongKind: 'files.wrongKind.excel' },
  /** A cloud configuration symbol (decision 0149): an SVG, kept only as its sanitised drawing, or a png. */
  symbol: { kinds: ['svg', 'png'], maxBytes: MB / 2, maxFiles: 1, wrongKind: 'files.wrongKind.symbol' },
} as const satisfies Record<string, UploadRule>;

/** The purposes `upload/image` takes; each has the rule of the same name. */
export const IMAGE_UPLOAD_PURPOSES = ['image', 'avatar', 'logo', 'symbol'] as const;
export type ImageUploadPurpose = (typeof IMAGE_UPLOAD_PURPOSES)[number];

/** Images up to this size may come back inline as `base64` (a data URL). */
export const INLINE_IMAGE_MAX_BYTES = 1 * MB;
/** Paths one `listByPath` call may ask for. */
export const LIST_BY_PATH_MAX = 100;

/**
 * A stored file's address (Mind spec "File reference": path, base64, url). `path` is the key the
 * other calls take; `url` opens it; `base64` is a data URL of a small image, when asked for.
 */
export const fileReference = z.object({
  path: z.string(),
  url: z.string(),
  base64: z.string().optional(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  channel: fileChannel,
});
export type FileReference = z.infer<typeof fileReference>;

/** Text flags of a form or a query: `true`/`1` mean yes. */
const formFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

/** The fields `upload/image` reads besides its files, from the query or the form. */
export const imageUploadOptions = z.strictObject({
  purpose: z.enum(IMAGE_UPLOAD_PURPOSES).optional(),
  base64: formFlag,
  protected: formFlag,
});
export type ImageUploadOptions = z.infer<typeof imageUploadOptions>;

/** A stored path: what the server generated, `<purpose>/<yyyymm>/<32 hex>.<ext>`. */
export const FILE_PATH = /^(avatar|logo|image|attachment|symbol)\/\d{6}\/[0-9a-f]{32}\.(jpg|png|gif|pdf|xls|xlsx|svg)$/;

export const listByPathBody = z.strictObject({
  paths: z.array(z.string().max(200)).min(1).max(LIST_BY_PATH_MAX),
  channel: fileChannel.optional(),
  base64: z.boolean().optional(),
});
export type ListByPathBody = z.infer<typeof listByPathBody>;

export const getByPathQuery = z.strictObject({ path: z.string().min(1).max(200) });

/** What a record shows of a file attached to it (the Mind spec's file reference without inline bytes). */
export const attachedFile = fileReference.pick({ path: true, url: true, name: true, contentType: true, size: true });
export type AttachedFile = z.infer<typeof attachedFile>;
