import type { FileKind } from '@meridian/contracts';
import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import { isSvg } from './svg.ts';

/** The kinds we accept, from the MIME type file-type reads off the content. */
const kindOfMime: Record<string, FileKind> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  // An animated PNG is a PNG: it starts with the same signature and header.
  'image/apng': 'png',
  'image/gif': 'gif',
  'application/pdf': 'pdf',
  // xls is an OLE2 compound file (D0 CF 11 E0); the Excel reader refuses one that is not a workbook.
  'application/x-cfb': 'xls',
  // xlsx is a zip whose [Content_Types].xml names a spreadsheet.
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
};

/** The content type a stored file is served with: the sniffed kind's, never what the uploader declared. */
export const contentTypeOf: Record<FileKind, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  pdf: 'application/pdf',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  svg: 'image/svg+xml',
};

export const IMAGE_KINDS: readonly FileKind[] = ['jpg', 'png', 'gif'];

/** What the bytes are, by their magic numbers and structure (file-type); `undefined` for anything we do not accept. */
export async function sniffKind(bytes: Uint8Array): Promise<FileKind | undefined> {
  const found = await fileTypeFromBuffer(bytes);
  const kind = found ? kindOfMime[found.mime] : undefined;
  // An SVG is text (file-type calls one with an XML declaration XML): told by its root element.
  return kind ?? (isSvg(bytes) ? 'svg' : undefined);
}

/** Width and height from an image's header (image-size), or `undefined` when the header cannot be read. */
export function imageDimensions(bytes: Uint8Array): { width: number; height: number } | undefined {
  try {
    const { width, height } = imageSize(bytes);
    return { width, height };
  } catch {
    // image-size throws on a header it cannot parse: the caller refuses such an image.
    return undefined;
  }
}
