import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpeg } from '../../../test/files.ts';
import { loadConfig } from '../config.ts';
import { LocalStorage } from './local.ts';
import { fileStoresFor } from './stores.ts';

let root: string;
beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'meridian-files-'));
});
afterAll(() => fs.rm(root, { recursive: true, force: true }));

const key = 'avatar/202605/0123456789abcdef0123456789abcdef.jpg';

async function bytesOf(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

describe('the local-disk driver (LOCAL)', () => {
  it('puts a file under its folder, reads it back identical, and deletes it', async () => {
    const store = new LocalStorage(root);
    const bytes = jpeg(16, 16);
    await store.put(key, bytes);
    expect(await fs.readdir(path.join(root, 'avatar/202605'))).toEqual([path.basename(key)]);
    expect(await store.exists(key)).toBe(true);
    const back = await bytesOf(await store.get(key));
    expect(createHash('sha256').update(back).digest('hex')).toBe(createHash('sha256').update(bytes).digest('hex'));
    await store.delete(key);
    expect(await store.exists(key)).toBe(false);
    await expect(store.get(key)).rejects.toMatchObject({ kind: 'notFound' });
  });

  it('refuses any key it did not generate, so that none can leave its folder', async () => {
    const store = new LocalStorage(root);
    for (const bad of ['../outside.jpg', 'avatar/202605/../../x.jpg', '/etc/passwd', 'avatar/202605/ABC.jpg']) {
      await expect(store.put(bad, Buffer.from('x'))).rejects.toThrow(/not a storage key/);
      await expect(store.get(bad)).rejects.toThrow(/not a storage key/);
    }
  });
});

describe('choosing the store', () => {
  const env = (extra: Record<string, string>) => loadConfig({ DATA_DIR: root, ...extra });

  it('keeps files in DATA_DIR/files unless an S3 endpoint is set', () => {
    const stores = fileStoresFor(env({}));
    expect(stores.current.channel).toBe('LOCAL');
    expect((stores.current as LocalStorage).root).toBe(path.join(root, 'files'));
    expect(stores.byChannel('OSS_MINIO')).toBeUndefined();
  });

  it('sends new files to S3 when it is set, and still reads the local ones', () => {
    const stores = fileStoresFor(
      env({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'meridian', S3_ACCESS_KEY: 'a', S3_SECRET_KEY: 'b' }),
    );
    expect(stores.current.channel).toBe('OSS_MINIO');
    expect(stores.byChannel('LOCAL')?.channel).toBe('LOCAL');
  });

  it('refuses to start with an S3 endpoint but no bucket or keys, naming what is missing', () => {
    expect(() => fileStoresFor(env({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'meridian' }))).toThrow(
      'S3_ENDPOINT is set, so S3_ACCESS_KEY, S3_SECRET_KEY must be set too',
    );
  });

  it('checks the S3 settings themselves when the environment is read', () => {
    expect(() => env({ S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/);
    expect(() => env({ S3_BUCKET: 'Bad_Bucket' })).toThrow(/S3_BUCKET/);
    expect(() => env({ S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(/S3_FORCE_PATH_STYLE/);
  });
});
