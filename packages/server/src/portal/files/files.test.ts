import { createHash } from 'node:crypto';
import { FILE_PATH, type FileReference } from '@meridian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { as, buildUser, signIn } from '../../../test/factories.ts';
import { filesEnv, gif, jpeg, multipart, png, storedKeys } from '../../../test/files.ts';

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe.each(['LOCAL', 'OSS_MINIO'] as const)('files through the %s store', (channel) => {
  let t: TestApp;
  let files: Awaited<ReturnType<typeof filesEnv>>;
  let token: string;

  beforeAll(async () => {
    files = await filesEnv(channel);
    t = await buildTestApp(files.env);
    token = await signIn(t.app, await buildUser(t.db.kysely));
  });
  afterAll(async () => {
    await t.close();
    await files.close();
  });

  async function upload(
    list: Array<{ name: string; bytes: Buffer; type?: string }>,
    fields: Record<string, string> = {},
    headers: Record<string, string> = as(token),
  ) {
    const form = await multipart(list, fields);
    return t.app.inject({
      method: 'POST',
      url: '/api/apis-third/file/upload/image',
      payload: form.payload,
      headers: { ...headers, ...form.headers },
    });
  }

  const rowCount = async () =>
    Number(
      (
        await t.db.kysely
          .selectFrom('files')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('takes a real PNG and JPEG, serves them back identical, and lists them by path', async () => {
    const picture = png(32, 20);
    const photo = jpeg(40, 24);
    const res = await upload([
      { name: 'picture.png', bytes: picture, type: 'image/png' },
      { name: 'photo.jpg', bytes: photo, type: 'image/jpeg' },
    ]);
    expect(res.statusCode).toBe(200);
    const refs: FileReference[] = res.json().data;
    expect(refs).toMatchObject([
      { name: 'picture.png', contentType: 'image/png', size: picture.length, channel },
      { name: 'photo.jpg', contentType: 'image/jpeg', size: photo.length, channel },
    ]);
    for (const ref of refs) {
      expect(ref.path).toMatch(FILE_PATH);
      expect(ref.url).toBe(`/api/apis-third/file/getByPath?path=${encodeURIComponent(ref.path)}`);
      expect(ref.base64).toBeUndefined();
    }
    expect(await storedKeys(files)).toEqual(expect.arrayContaining(refs.map((r) => r.path)));

    const got = await t.app.inject({ method: 'GET', url: refs[1].url });
    expect(got.statusCode).toBe(200);
    expect(sha(got.rawPayload)).toBe(sha(photo));
    expect(got.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'content-length': String(photo.length),
      'x-content-type-options': 'nosniff',
      'content-disposition': `inline; filename="photo.jpg"; filename*=UTF-8''photo.jpg`,
      'cache-control': 'public, max-age=31536000, immutable',
      etag: `"${sha(photo)}"`,
    });
    const again = await t.app.inject({
      method: 'GET',
      url: refs[1].url,
      headers: { 'if-none-match': `"${sha(photo)}"` },
    });
    expect(again.statusCode).toBe(304);

    const listed = await t.app.inject({
      method: 'POST',
      url: '/api/apis-third/file/listByPath',
      headers: as(token),
      payload: { paths: [refs[1].path, 'image/202605/ffffffffffffffffffffffffffffffff.png', refs[0].path], channel },
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.map((r: FileReference) => [r.path, r.base64])).toEqual([
      [refs[1].path, undefined],
      [refs[0].path, undefined],
    ]);
    const inline = await t.app.inject({
      method: 'POST',
      url: '/api/apis-third/file/listByPath',
      headers: as(token),
      payload: { paths: [refs[0].path], channel: 'OSS_MINIO', base64: true },
    });
    expect(inline.json().data[0].base64).toBe(`data:image/png;base64,${picture.toString('base64')}`);
  });

  it('answers the images inline as base64 when the form asks for it', async () => {
    const picture = png(8, 8);
    const res = await upload([{ name: 'a.png', bytes: picture }], { base64: 'true' });
    expect(res.json().data[0].base64).toBe(`data:image/png;base64,${picture.toString('base64')}`);
  });

  it('refuses a text file named x.png, whatever type the browser declared, and stores nothing', async () => {
    const before = [await rowCount(), await storedKeys(files)];
    const res = await upload([{ name: 'x.png', bytes: Buffer.from('not a picture at all'), type: 'image/png' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: 'Only jpg and png images are accepted', data: { file: 'x.png' } });
    expect([await rowCount(), await storedKeys(files)]).toEqual(before);
  });

  it("refuses a 2.5 MB image with 413 in the caller's language, and stores nothing", async () => {
    const before = await rowCount();
    const big = png(1024, 880, { noise: true });
    expect(big.length).toBeGreaterThan(2.5 * 1024 * 1024);
    const res = await upload([{ name: 'big.png', bytes: big }]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      code: 413,
      message: 'Upload limits exceeded: each file may be at most 2 MB',
      data: null,
    });
    const zh = await upload(
      [{ name: 'big.png', bytes: big }],
      {},
      { 'x-authorization': token, 'accept-language': 'zh-CN' },
    );
    expect(zh.json().message).toBe('超出上传限制：单个文件不能超过 2 MB');
    expect(await rowCount()).toBe(before);
  });

  it('refuses six images at once with 413, and stores none of them', async () => {
    const before = [await rowCount(), await storedKeys(files)];
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `${i}.png`, bytes: png(2, 2) }));
    const res = await upload(six);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Upload limits exceeded: at most 5 file(s) at a time');
    expect([await rowCount(), await storedKeys(files)]).toEqual(before);
    expect((await upload(six.slice(0, 5))).statusCode).toBe(200);
  });

  it('refuses a GIF as an avatar, and takes it as a logo at 106 x 60 only', async () => {
    const logo = gif(106, 60);
    const asAvatar = await upload([{ name: 'me.gif', bytes: logo }], { purpose: 'avatar' });
    expect(asAvatar.statusCode).toBe(400);
    expect(asAvatar.json().message).toBe('Only jpg and png images are accepted');
    const asLogo = await upload([{ name: 'school.gif', bytes: logo }], { purpose: 'logo' });
    expect(asLogo.statusCode).toBe(200);
    expect(asLogo.json().data[0]).toMatchObject({ contentType: 'image/gif', path: expect.stringMatching(/^logo\//) });
    const wrongSize = await upload([{ name: 'school.gif', bytes: gif(120, 60) }], { purpose: 'logo' });
    expect(wrongSize.json().message).toBe('The image must be 106 x 60 pixels; this one is 120 x 60');
    const twoAvatars = await upload(
      [
        { name: 'a.png', bytes: png(2, 2) },
        { name: 'b.png', bytes: png(2, 2) },
      ],
      { purpose: 'avatar' },
    );
    expect(twoAvatars.json().message).toBe('Upload limits exceeded: at most 1 file(s) at a time');
  });

  it('stops reading an avatar at 1 MB when the query names the purpose', async () => {
    const form = await multipart([{ name: 'me.png', bytes: png(700, 700, { noise: true }) }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/apis-third/file/upload/image?purpose=avatar',
      payload: form.payload,
      headers: { ...as(token), ...form.headers },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Upload limits exceeded: each file may be at most 1 MB');
  });

  it('refuses a form without a file, an unknown field or purpose, and a body that is not a form', async () => {
    expect((await upload([], { purpose: 'image' })).json().message).toBe('Choose a file to upload');
    const odd = await upload([{ name: 'a.png', bytes: png(2, 2) }], { folder: '../etc' });
    expect(odd.json()).toMatchObject({ code: 400, message: 'Unknown form field: folder' });
    const purpose = await upload([{ name: 'a.png', bytes: png(2, 2) }], { purpose: 'firmware' });
    expect(purpose.json()).toMatchObject({
      code: 400,
      data: [{ field: 'purpose', msg: expect.stringMatching(/^must be one of/) }],
    });
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/apis-third/file/upload/image',
      headers: as(token),
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toBe('Send the files as a multipart/form-data form');
  });

  it('answers a cut-off form with "file upload failed, please re-upload"', async () => {
    const form = await multipart([{ name: 'a.png', bytes: png(16, 16) }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/apis-third/file/upload/image',
      payload: form.payload.subarray(0, form.payload.length - 60),
      headers: { ...as(token), ...form.headers },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('File upload failed, please re-upload');
  });

  it('turns away a caller who is not signed in before reading the upload', async () => {
    const res = await upload([{ name: 'a.png', bytes: png(2, 2) }], {}, { 'accept-language': 'en' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(10020);
    const list = await t.app.inject({
      method: 'POST',
      url: '/api/apis-third/file/listByPath',
      payload: { paths: ['x'] },
    });
    expect(list.json().code).toBe(10020);
  });

  it('finds no file for an unknown path or one that tries to climb out of the store', async () => {
    for (const path of ['image/202605/00000000000000000000000000000000.png', '../../etc/passwd', 'image/../../x']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/apis-third/file/getByPath?path=${encodeURIComponent(path)}`,
        headers: { 'accept-language': 'en' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('The file does not exist');
    }
  });
});

describe('an S3 store that refuses the key', () => {
  it('answers "file upload failed", logs what S3 said, and stores nothing', async () => {
    const files = await filesEnv('OSS_MINIO', { secretAccessKey: 'a-wrong-secret' });
    const t = await buildTestApp(files.env);
    try {
      const token = await signIn(t.app, await buildUser(t.db.kysely));
      const form = await multipart([{ name: 'a.png', bytes: png(4, 4) }]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/apis-third/file/upload/image',
        payload: form.payload,
        headers: { ...as(token), ...form.headers },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ code: 503, message: 'File upload failed, please re-upload', data: null });
      const logged = t.logs.find((line) => line.msg === 'the file store refused an upload');
      expect(JSON.stringify(logged?.err)).toMatch(/403 SignatureDoesNotMatch/);
      expect(files.s3?.objects.size).toBe(0);
      expect(await t.db.kysely.selectFrom('files').select('id').execute()).toEqual([]);
    } finally {
      await t.close();
      await files.close();
    }
  });
});
