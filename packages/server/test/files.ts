import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { encodePng } from '../src/platform/files/png.ts';
import { type S3StandIn, startS3StandIn } from './s3-standin.ts';

/** Real, small files made byte by byte, so that tests upload what a browser would. */

/** A PNG of `width` x `height` RGB pixels; `noise` makes the pixels random, so it barely compresses. */
export function png(width: number, height: number, { noise = false } = {}): Buffer {
  return encodePng(width, height, noise ? randomBytes(width * height * 3) : Buffer.alloc(width * height * 3, 0x5a));
}

const u16be = (n: number) => Buffer.from([n >> 8, n & 0xff]);
const segment = (marker: number, body: Buffer) =>
  Buffer.concat([Buffer.from([0xff, marker]), u16be(body.length + 2), body]);

/**
 * A baseline grey JPEG: one quantisation table, one-code Huffman tables, and every 8x8 block
 * coded as "DC unchanged, end of block" (two bits). Decoders show it as a flat grey image.
 */
export function jpeg(width: number, height: number): Buffer {
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  const bits = blocks * 2;
  const scan = Buffer.alloc(Math.ceil(bits / 8), 0);
  // Pad the last byte with ones, as the standard asks.
  if (bits % 8) scan[scan.length - 1] = 0xff >> (bits % 8);
  const oneCodeTable = (classAndId: number) =>
    segment(0xc4, Buffer.concat([Buffer.from([classAndId, 1]), Buffer.alloc(15), Buffer.from([0])]));
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, Buffer.from([0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0])),
    segment(0xdb, Buffer.concat([Buffer.from([0]), Buffer.alloc(64, 1)])),
    segment(0xc0, Buffer.concat([Buffer.from([8]), u16be(height), u16be(width), Buffer.from([1, 1, 0x11, 0])])),
    oneCodeTable(0x00),
    oneCodeTable(0x10),
    segment(0xda, Buffer.from([1, 1, 0x00, 0, 63, 0])),
    scan,
    Buffer.from([0xff, 0xd9]),
  ]);
}

/**
 * A two-colour GIF89a of `width` x `height`, LZW-coded the plain way (a clear code before every
 * pixel keeps codes at three bits), which every decoder reads.
 */
export function gif(width: number, height: number): Buffer {
  const codes: number[] = [];
  for (let i = 0; i < width * height; i++) codes.push(4, i % 2);
  codes.push(5);
  const packed: number[] = [];
  let acc = 0;
  let n = 0;
  for (const code of codes) {
    acc |= code << n;
    n += 3;
    while (n >= 8) {
      packed.push(acc & 0xff);
      acc >>= 8;
      n -= 8;
    }
  }
  if (n > 0) packed.push(acc & 0xff);
  const blocks: Buffer[] = [];
  for (let i = 0; i < packed.length; i += 255) {
    const part = packed.slice(i, i + 255);
    blocks.push(Buffer.from([part.length, ...part]));
  }
  const le = (v: number) => Buffer.from([v & 0xff, v >> 8]);
  return Buffer.concat([
    Buffer.from('GIF89a', 'latin1'),
    le(width),
    le(height),
    Buffer.from([0x80, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff]),
    Buffer.from([0x2c, 0, 0, 0, 0]),
    le(width),
    le(height),
    Buffer.from([0, 2]),
    ...blocks,
    Buffer.from([0, 0x3b]),
  ]);
}

/** A zip of stored (uncompressed) entries, with its central directory. */
export function zip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text, 'utf8');
    const fileName = Buffer.from(name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The smallest workbook file-type and Excel readers take for xlsx: a zip whose content types name a spreadsheet. */
export function xlsx(): Buffer {
  return zip({
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
    'xl/workbook.xml': '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>',
  });
}

/** The header block of an OLE2 compound file, which is what an xls is. */
export function xls(): Buffer {
  return Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);
}

export function pdf(): Buffer {
  return Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1');
}

/** A multipart form as a browser sends it: `file` parts and text fields, with its content type. */
export async function multipart(
  files: ReadonlyArray<{ name: string; bytes: Uint8Array; type?: string }>,
  fields: Record<string, string> = {},
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) {
    form.append(
      'file',
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }),
      file.name,
    );
  }
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  };
}

/**
 * The environment of a test app whose files go to `channel`: a fresh DATA_DIR, and for OSS_MINIO
 * an S3 stand-in on 127.0.0.1. `close` stops the stand-in and removes the folder.
 */
export async function filesEnv(
  channel: 'LOCAL' | 'OSS_MINIO',
  s3Overrides: { secretAccessKey?: string } = {},
): Promise<{ env: Record<string, string>; s3: S3StandIn | undefined; dataDir: string; close(): Promise<void> }> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'meridian-files-'));
  const s3 = channel === 'OSS_MINIO' ? await startS3StandIn() : undefined;
  const env: Record<string, string> = { DATA_DIR: dataDir };
  if (s3) {
    Object.assign(env, {
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
      S3_ACCESS_KEY: s3.accessKeyId,
      S3_SECRET_KEY: s3Overrides.secretAccessKey ?? s3.secretAccessKey,
      S3_REGION: s3.region,
    });
  }
  return {
    env,
    s3,
    dataDir,
    async close() {
      await s3?.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Every file the store holds, by key: the stand-in's objects, or the files under DATA_DIR/files. */
export async function storedKeys(files: { s3: S3StandIn | undefined; dataDir: string }): Promise<string[]> {
  if (files.s3) return [...files.s3.objects.keys()].sort();
  const root = path.join(files.dataDir, 'files');
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .sort();
}

/** Uploads a small png through the image upload as the holder of `token`, and answers its stored path. */
export async function uploadPicture(
  app: Pick<FastifyInstance, 'inject'>,
  token: string,
  name = 'picture.png',
): Promise<string> {
  const form = await multipart([{ name, bytes: png(8, 8) }]);
  const uploaded = await app.inject({
    method: 'POST',
    url: '/api/apis-third/file/upload/image?purpose=image',
    payload: form.payload,
    headers: { 'x-authorization': token, ...form.headers },
  });
  if (uploaded.statusCode !== 200) throw new Error(`picture not uploaded: ${uploaded.body}`);
  return uploaded.json().data[0].path as string;
}
