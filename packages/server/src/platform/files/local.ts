import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertSafeKey, type FileStorage, StorageError } from './storage.ts';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';

/** Files on the local disk under one folder (DATA_DIR/files by default): the `LOCAL` channel. */
export class LocalStorage implements FileStorage {
  readonly channel = 'LOCAL' as const;
  readonly root: string;

  constructor(root: string) {
    this.root = root;
  }

  private fileOf(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, key);
  }

  /** Writes beside the target and renames, so that a reader never sees half a file. */
  async put(key: string, body: Uint8Array): Promise<void> {
    const file = this.fileOf(key);
    const partial = `${file}.${randomBytes(6).toString('hex')}.partial`;
    try {
      // The month's folder exists for all but its first file: made only when the write says it is missing.
      await fs.writeFile(partial, body, { flag: 'wx' }).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
        await fs.mkdir(path.dirname(file), { recursive: true });
        await fs.writeFile(partial, body, { flag: 'wx' });
      });
      await fs.rename(partial, file);
    } catch (error) {
      await fs.rm(partial, { force: true });
      throw new StorageError(this.channel, 'refused', `cannot write ${key}: ${(error as Error).message}`, {
        cause: error,
      });
    }
  }

  async get(key: string): Promise<Readable> {
    const file = this.fileOf(key);
    // Open first, so that a missing file is an error here rather than in the middle of a reply.
    const handle = await fs.open(file, 'r').catch((error: unknown) => {
      throw new StorageError(
        this.channel,
        isMissing(error) ? 'notFound' : 'refused',
        `cannot read ${key}: ${(error as Error).message}`,
        { cause: error },
      );
    });
    return handle.createReadStream();
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.fileOf(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await fs.stat(this.fileOf(key))).isFile();
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }
}
