import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import type { FileReference } from '@meridian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { as, buildOrg, buildUser, signIn } from '../../../test/factories.ts';
import { filesEnv, multipart, png } from '../../../test/files.ts';

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe.each(['LOCAL', 'OSS_MINIO'] as const)('protected files through the %s store', (channel) => {
  let t: TestApp;
  let files: Awaited<ReturnType<typeof filesEnv>>;
  let owner: { id: number; token: string };
  let schoolAdmin: string;
  let otherSchoolAdmin: string;
  const secret = png(12, 12);
  let ref: FileReference;

  beforeAll(async () => {
    files = await filesEnv(channel);
    t = await buildTestApp(files.env);
    const db = t.db.kysely;
    const bureau = await buildOrg(db, { type: 'bureau' });
    const schoolA = await buildOrg(db, { parentId: bureau.id });
    const schoolB = await buildOrg(db, { parentId: bureau.id });
    const teacher = await buildUser(db, { orgId: schoolA.id, roleIds: [3] });
    owner = { id: teacher.id, token: await signIn(t.app, teacher) };
    schoolAdmin = await signIn(t.app, await buildUser(db, { orgId: schoolA.id, roleIds: [2] }));
    otherSchoolAdmin = await signIn(t.app, await buildUser(db, { orgId: schoolB.id, roleIds: [2] }));
    const form = await multipart([{ name: 'consultation.png', bytes: secret }], { protected: 'true' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/apis-third/file/upload/image',
      payload: form.payload,
      headers: { ...as(owner.token), ...form.headers },
    });
    expect(res.statusCode).toBe(200);
    ref = res.json().data[0];
  });
  afterAll(async () => {
    await t.close();
    await files.close();
  });

  const read = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: ref.url, headers: { 'accept-language': 'en', ...headers } });
  const readsOf = () =>
    t.db.kysely
      .selectFrom('audit_log')
      .select(['user_id', 'action', 'result', 'target_type', 'target_id', 'detail'])
      .where('action', '=', 'file.read')
      .where('target_id', '=', ref.path)
      .orderBy('id')
      .execute();

  it('refuses a caller who is not signed in, and one whose session was revoked', async () => {
    const anonymous = await read();
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 10020, message: 'Not signed in: please sign in' });
    const token = await signIn(t.app, await buildUser(t.db.kysely));
    await t.app.inject({ method: 'GET', url: '/api/apis-authz/authz/logout', headers: as(token) });
    expect((await read(as(token))).json().code).toBe(10022);
    expect(await readsOf()).toEqual([]);
  });

  it('serves it to its owner, never to be cached, and audits the read', async () => {
    const res = await read(as(owner.token));
    expect(res.statusCode).toBe(200);
    expect(sha(res.rawPayload)).toBe(sha(secret));
    expect(res.headers['cache-control']).toBe('private, no-store');
    const [entry] = await readsOf();
    expect(entry).toMatchObject({ user_id: owner.id, action: 'file.read', result: 'ok', target_type: 'file' });
  });

  it("serves it to the owner's school administrator, and not to another school's, auditing both", async () => {
    expect((await read(as(schoolAdmin))).statusCode).toBe(200);
    const refused = await read(as(otherSchoolAdmin));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 403, message: 'You may not open this file', data: null });
    const results = (await readsOf()).map((r) => r.result);
    expect(results.slice(-2)).toEqual(['ok', 'fail']);
  });

  it('leaves it out of listByPath for a caller who may not see it, and audits an inline read', async () => {
    const list = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/apis-third/file/listByPath',
        headers: as(token),
        payload: { paths: [ref.path], channel: 'OSS_MINIO', base64: true },
      });
    expect((await list(otherSchoolAdmin)).json().data).toEqual([]);
    const seen = await list(schoolAdmin);
    expect(seen.json().data[0].base64).toBe(`data:image/png;base64,${secret.toString('base64')}`);
    const last = (await readsOf()).at(-1);
    expect(last).toMatchObject({ result: 'ok' });
    expect(JSON.stringify(last?.detail)).toContain('listByPath');
  });

  it('keeps public files open to anyone with the path, without auditing them', async () => {
    const form = await multipart([{ name: 'logo.png', bytes: png(5, 5) }]);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/apis-third/file/upload/image',
      payload: form.payload,
      headers: { ...as(owner.token), ...form.headers },
    });
    const open = up.json().data[0] as FileReference;
    const res = await t.app.inject({ method: 'GET', url: open.url });
    expect(res.statusCode).toBe(200);
    const audited = await t.db.kysely.selectFrom('audit_log').select('id').where('target_id', '=', open.path).execute();
    expect(audited).toEqual([]);
  });
});

describe('when a store cannot give a recorded file back', () => {
  let t: TestApp;
  let files: Awaited<ReturnType<typeof filesEnv>>;
  let token: string;
  beforeAll(async () => {
    files = await filesEnv('LOCAL');
    t = await buildTestApp(files.env);
    token = await signIn(t.app, await buildUser(t.db.kysely));
  });
  afterAll(async () => {
    await t.close();
    await files.close();
  });

  const get = (path: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/apis-third/file/getByPath?path=${encodeURIComponent(path)}`,
      headers: { 'accept-language': 'en' },
    });

  it('says the file does not exist when its bytes are gone, and logs it', async () => {
    const form = await multipart([{ name: 'a.png', bytes: png(3, 3) }]);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/apis-third/file/upload/image',
      payload: form.payload,
      headers: { ...as(token), ...form.headers },
    });
    const { path } = up.json().data[0] as FileReference;
    await fs.rm(`${files.dataDir}/files/${path}`);
    const res = await get(path);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('The file does not exist');
    expect(t.logs.some((line) => line.msg === 'a recorded file could not be read' && line.path === path)).toBe(true);
  });

  it('says file storage is unavailable for a file kept in S3 when S3 is not configured', async () => {
    const path = 'image/202601/0123456789abcdef0123456789abcdef.png';
    await t.db.kysely
      .insertInto('files')
      .values({
        channel: 'OSS_MINIO',
        path,
        original_name: 'a.png',
        content_type: 'image/png',
        size: 10,
        sha256: 'x',
        owner_id: null,
        purpose: 'image',
        protected: false,
        created_at: Date.now(),
      })
      .execute();
    const res = await get(path);
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('File storage is unavailable, please try again later');
  });

  it('checks the listByPath request', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/apis-third/file/listByPath',
      headers: as(token),
      payload: { paths: [], channel: 'FTP' },
    });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .data.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['channel', 'paths']);
  });
});
