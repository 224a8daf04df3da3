import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { as } from '../../../test/factories.ts';
import { filesEnv, multipart } from '../../../test/files.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import { mainAccount, messageFor } from '../devices/testing.ts';

let t: TestApp;
let files: Awaited<ReturnType<typeof filesEnv>>;
let owner: Caller;
let rival: Caller;

beforeAll(async () => {
  files = await filesEnv('LOCAL');
  t = await buildTestApp(files.env);
  owner = await mainAccount(t);
  rival = await mainAccount(t);
});
afterAll(async () => {
  await t.close();
  await files.close();
});

const image = randomBytes(4096);
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const fields = { name: 'Meter firmware', series: 'M100', model: 'M100-A', version: '1.0.0', type: 'full' };

async function upload(
  form: Record<string, string>,
  bytes: Uint8Array | null = image,
  caller: Caller = owner,
  lang: 'en' | 'zh-CN' = 'en',
) {
  const body = await multipart(bytes ? [{ name: 'meter.bin', bytes }] : [], form);
  return t.app.inject({
    method: 'POST',
    url: '/api/iot/firmware',
    headers: { ...as(caller.token), 'accept-language': lang, ...body.headers },
    payload: body.payload,
  });
}

async function storedFiles(): Promise<string[]> {
  const root = path.join(files.dataDir, 'files');
  const found = await fs.readdir(root, { recursive: true }).catch(() => []);
  return found.filter((name) => name.endsWith('.bin'));
}

describe('Firmware Management', () => {
  it('uploads firmware with the size and SHA-256 the server computed, lists and finds it in scope only', async () => {
    const res = await upload({ ...fields, sha256: sha(image).toUpperCase(), remark: 'first' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      ...fields,
      size: 4096,
      sha256: sha(image),
      fileName: 'meter.bin',
      remark: 'first',
      ownerId: owner.user.id,
    });
    const list = (await owner.get('/iot/firmware?keyword=M100-A&size=5')).json().data;
    expect(list).toMatchObject({ total: 1, page: 1, size: 5 });
    expect(list.list[0].version).toBe('1.0.0');
    expect((await rival.get('/iot/firmware?keyword=M100-A')).json().data.total).toBe(0);
    const id = res.json().data.id;
    expect((await rival.get(`/iot/firmware/${id}`)).statusCode).toBe(404);
    expect(await storedFiles()).toHaveLength(1);
  });

  it('refuses missing fields, an empty file and no file, in the caller’s language', async () => {
    const missing = await upload({ name: 'x', type: 'full' });
    expect(missing.statusCode).toBe(400);
    expect(messageFor(missing.json(), 'series')).toEqual(['This field is required']);
    expect(messageFor(missing.json(), 'version')).toEqual(['This field is required']);
    const zh = await upload({ ...fields, type: 'delta' }, image, owner, 'zh-CN');
    expect(messageFor(zh.json(), 'type')).toEqual(['固件类型为整包或差分']);
    const empty = await upload({ ...fields, version: '9.9.9' }, new Uint8Array(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/empty/i);
    const none = await upload({ ...fields, version: '9.9.9' }, null);
    expect(none.json().message).toBe('Choose a file to upload');
  });

  it('refuses a file over 16 MB', async () => {
    const res = await upload({ ...fields, version: '2.0.0' }, Buffer.alloc(16 * 1024 * 1024 + 1, 1));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Upload limits exceeded: each file may be at most 16 MB');
  });

  it('refuses a wrong expected checksum and a duplicate version, saving nothing', async () => {
    const before = await storedFiles();
    const wrong = await upload({ ...fields, version: '3.0.0', sha256: 'ab'.repeat(32) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(
      'The file’s SHA-256 does not match the checksum you entered; upload the right file',
    );
    const dup = await upload({ ...fields }, image, owner, 'zh-CN');
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('该系列和型号已有版本 1.0.0 的固件');
    expect(await storedFiles()).toEqual(before);
    expect((await owner.get('/iot/firmware?keyword=3.0.0')).json().data.total).toBe(0);
    // Another account may hold the same version of its own.
    expect((await upload({ ...fields }, image, rival)).statusCode).toBe(200);
  });

  it('deletes firmware and its bytes; another account cannot', async () => {
    const res = await upload({ ...fields, version: '4.0.0' });
    const id = res.json().data.id;
    const count = (await storedFiles()).length;
    expect((await rival.call('DELETE', `/iot/firmware/${id}`)).statusCode).toBe(404);
    expect((await owner.call('DELETE', `/iot/firmware/${id}`)).statusCode).toBe(200);
    expect((await owner.get(`/iot/firmware/${id}`)).statusCode).toBe(404);
    expect(await storedFiles()).toHaveLength(count - 1);
  });
});
