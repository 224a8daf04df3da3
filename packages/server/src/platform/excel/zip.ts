import { constants, crc32, createDeflateRaw, type DeflateRaw } from 'node:zlib';

/** What the central directory needs to know of one entry once it is written. */
interface Written {
  name: Buffer;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

const FLAG_DESCRIPTOR = 0x0008; // sizes and CRC follow the data
const FLAG_UTF8 = 0x0800;
const DEFLATE = 8;
// 1980-01-01 00:00 in DOS time: no entry needs a real date, and a fixed one keeps exports reproducible.
const DOS_DATE = (0 << 9) | (1 << 5) | 1;

/**
 * A zip written front to back without seeking, so that it can stream: each entry is deflated as
 * its data arrives and its sizes follow it in a data descriptor; the central directory closes the
 * file. Entries stay under 4 GB (no zip64), which a device export never nears.
 */
export class ZipWriter {
  private offset = 0;
  private readonly entries: Written[] = [];

  /** Writes one entry whose content comes in pieces; yields the zip's bytes as they are ready. */
  async *entry(name: string, content: AsyncIterable<Buffer> | Iterable<Buffer>): AsyncGenerator<Buffer> {
    const fileName = Buffer.from(name, 'utf8');
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(FLAG_DESCRIPTOR | FLAG_UTF8, 6);
    header.writeUInt16LE(DEFLATE, 8);
    header.writeUInt16LE(0, 10);
    header.writeUInt16LE(DOS_DATE, 12);
    header.writeUInt16LE(fileName.length, 26);
    const start = this.offset;
    yield this.emit(Buffer.concat([header, fileName]));

    const deflater = new Deflater();
    for await (const piece of content) {
      for (const out of await deflater.write(piece)) yield this.emit(out);
    }
    for (const out of await deflater.end()) yield this.emit(out);

    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(deflater.crc, 4);
    descriptor.writeUInt32LE(deflater.compressed, 8);
    descriptor.writeUInt32LE(deflater.size, 12);
    this.entries.push({
      name: fileName,
      crc: deflater.crc,
      compressed: deflater.compressed,
      size: deflater.size,
      offset: start,
    });
    yield this.emit(descriptor);
  }

  /** The central directory and its end record: the last bytes of the file. */
  finish(): Buffer {
    const centrals = this.entries.map((e) => {
      const c = Buffer.alloc(46);
      c.writeUInt32LE(0x02014b50, 0);
      c.writeUInt16LE(20, 4);
      c.writeUInt16LE(20, 6);
      c.writeUInt16LE(FLAG_DESCRIPTOR | FLAG_UTF8, 8);
      c.writeUInt16LE(DEFLATE, 10);
      c.writeUInt16LE(DOS_DATE, 14);
      c.writeUInt32LE(e.crc, 16);
      c.writeUInt32LE(e.compressed, 20);
      c.writeUInt32LE(e.size, 24);
      c.writeUInt16LE(e.name.length, 28);
      c.writeUInt32LE(e.offset, 42);
      return Buffer.concat([c, e.name]);
    });
    const directory = Buffer.concat(centrals);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(this.offset, 16);
    return this.emit(Buffer.concat([directory, end]));
  }

  private emit(bytes: Buffer): Buffer {
    this.offset += bytes.length;
    return bytes;
  }
}

/** node:zlib's raw deflate, fed piece by piece, handing back whatever compressed output is ready. */
class Deflater {
  crc = 0;
  size = 0;
  compressed = 0;
  private readonly stream: DeflateRaw = createDeflateRaw({ level: constants.Z_DEFAULT_COMPRESSION });
  private ready: Buffer[] = [];
  private failure: Error | undefined;

  constructor() {
    this.stream.on('data', (chunk: Buffer) => {
      this.compressed += chunk.length;
      this.ready.push(chunk);
    });
    this.stream.on('error', (error: Error) => {
      this.failure = error;
    });
  }

  async write(piece: Buffer): Promise<Buffer[]> {
    this.crc = crc32(piece, this.crc);
    this.size += piece.length;
    await new Promise<void>((resolve, reject) =>
      this.stream.write(piece, (error) => (error ? reject(error) : resolve())),
    );
    return this.take();
  }

  async end(): Promise<Buffer[]> {
    await new Promise<void>((resolve, reject) => {
      this.stream.once('end', resolve);
      this.stream.once('error', reject);
      this.stream.end();
    });
    return this.take();
  }

  private take(): Buffer[] {
    if (this.failure) throw this.failure;
    const out = this.ready;
    this.ready = [];
    return out;
  }
}
