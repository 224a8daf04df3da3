import type { FileReference } from '@meridian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, jobContextOf, type TestApp } from '../../../test/app.ts';
import { as } from '../../../test/factories.ts';
import { filesEnv, multipart, pdf, png } from '../../../test/files.ts';
import { fileStoresOf } from '../../platform/files/stores.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import { buildWarningWorld, step, type WarningWorld } from '../warnings/testing.ts';
import { unsavedAttachmentsCleanup } from './cleanup.ts';

let t: TestApp;
let w: WarningWorld;
let files: Awaited<ReturnType<typeof filesEnv>>;
const picture = png(24, 16);

beforeAll(async () => {
  files = await filesEnv('LOCAL');
  t = await buildTestApp(files.env);
  w = await buildWarningWorld(t);
  await step(w.psychologyTeacher, 'setup', { id: w.warnings.a2, psychologyUserId: w.psychologyTeacher.user.id });
  await step(w.psychologyTeacher, 'publish', { id: w.warnings.a2 });
}, 90_000);
afterAll(async () => {
  await t.close();
  await files.close();
});

async function upload(by: Caller | null, list: Array<{ name: string; bytes: Buffer }>, lang = 'en') {
  const form = await multipart(list);
  return t.app.inject({
    method: 'POST',
    url: '/api/apis-third/file/upload/attachment',
    payload: form.payload,
    headers: { ...(by ? as(by.token) : {}), 'accept-language': lang, ...form.headers },
  });
}

async function uploaded(by: Caller, name = 'talk.png', bytes = picture): Promise<FileReference> {
  const res = await upload(by, [{ name, bytes }]);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data[0];
}

const interview = (attachments: string[]) => ({
  warningId: w.warnings.a2,
  kind: 'interview',
  happenedAt: Date.now() - 1000,
  place: 'Office',
  people: '李四',
  content: 'Talked',
  attachments,
});

describe('upload/attachment', () => {
  it('takes a PNG and a PDF by their content, kept protected and owned by the uploader', async () => {
    const res = await upload(w.psychologyTeacher, [
      { name: 'talk.png', bytes: picture },
      { name: 'plan.pdf', bytes: pdf() },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const refs: FileReference[] = res.json().data;
    expect(refs).toMatchObject([
      { name: 'talk.png', contentType: 'image/png', size: picture.length },
      { name: 'plan.pdf', contentType: 'application/pdf' },
    ]);
    expect(refs[0].path).toMatch(/^attachment\/\d{6}\/[0-9a-f]{32}\.png$/);
    const row = await t.db.kysely
      .selectFrom('files')
      .selectAll()
      .where('path', '=', refs[0].path)
      .executeTakeFirstOrThrow();
    expect(Boolean(row.protected)).toBe(true);
    expect(row.owner_id).toBe(w.psychologyTeacher.user.id);
    // Protected: no session, no file.
    expect((await t.app.inject({ method: 'GET', url: refs[0].url })).statusCode).toBe(401);
  });

  it('refuses a program renamed to .png, in the spec’s words', async () => {
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(200, 1)]);
    const res = await upload(w.psychologyTeacher, [{ name: 'photo.png', bytes: exe }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Only jpg, png, pdf, xls and xlsx files are accepted');
    const zh = await upload(w.psychologyTeacher, [{ name: 'photo.png', bytes: exe }], 'zh-CN');
    expect(zh.json().message).toBe('只能上传 jpg、png、pdf、xls、xlsx 格式的文件');
    const kept = await t.db.kysely.selectFrom('files').select('original_name').execute();
    expect(kept.map((f) => f.original_name)).not.toContain('photo.png');
  });

  it('refuses a caller who is not signed in', async () => {
    const res = await upload(null, [{ name: 'talk.png', bytes: picture }]);
    expect(res.statusCode).toBe(401);
  });
});

describe('attachments on records', () => {
  const save = '/apis-psychology/intervene/save';

  it('refuses a file another user uploaded', async () => {
    const theirs = await uploaded(w.classBTeacher);
    const res = await w.psychologyTeacher.post(save, interview([theirs.path]));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('An attachment was not found; upload it again');
  });

  it('refuses a path that names no stored file, and anything that is not a path', async () => {
    const made = `attachment/202501/${'0'.repeat(32)}.png`;
    const res = await w.psychologyTeacher.post(save, interview([made]));
    expect(res.json().message).toBe('An attachment was not found; upload it again');
    const bad = await w.psychologyTeacher.post(save, interview(['../../etc/passwd']));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.map((d: { msg: string }) => d.msg)).toContain(
      'An attachment was not found; upload it again',
    );
  });

  it('refuses a tenth attachment, in both languages', async () => {
    const mine = await uploaded(w.psychologyTeacher);
    const ten = Array.from({ length: 10 }, () => mine.path);
    const res = await w.psychologyTeacher.post(save, interview(ten));
    expect(res.statusCode).toBe(400);
    expect(res.json().data.map((d: { msg: string }) => d.msg)).toContain('At most 9 attachments');
    const zh = await t.app.inject({
      method: 'POST',
      url: `/api${save}`,
      payload: interview(ten),
      headers: { ...as(w.psychologyTeacher.token), 'accept-language': 'zh-CN' },
    });
    expect(zh.json().data.map((d: { msg: string }) => d.msg)).toContain('最多 9 个附件');
  });

  describe('a record with an attached PNG', () => {
    let ref: FileReference;
    beforeAll(async () => {
      ref = await uploaded(w.psychologyTeacher);
      const res = await w.psychologyTeacher.post(save, interview([ref.path, ref.path]));
      expect(res.statusCode, res.body).toBe(200);
    });

    it('is listed with the attachment’s reference, on the list and on the warning', async () => {
      const expected = [
        { path: ref.path, url: ref.url, name: 'talk.png', contentType: 'image/png', size: picture.length },
      ];
      const list = await w.classTeacher.get(`/apis-psychology/intervene/page?warningId=${w.warnings.a2}`);
      expect(list.statusCode, list.body).toBe(200);
      const withFile = list.json().data.list.filter((r: { attachments: unknown[] }) => r.attachments.length > 0);
      expect(withFile.map((r: { attachments: unknown[] }) => r.attachments)).toEqual([expected]);
      const detail = await w.classTeacher.get(`/apis-psychology/warning/${w.warnings.a2}`);
      const records = detail.json().data.interventions.filter((r: { attachments: unknown[] }) => r.attachments.length);
      expect(records.map((r: { attachments: unknown[] }) => r.attachments)).toEqual([expected]);
    });

    it('opens to a reader whose scope sees the warning, though not the author', async () => {
      const got = await t.app.inject({ method: 'GET', url: ref.url, headers: as(w.classTeacher.token) });
      expect(got.statusCode, got.body).toBe(200);
      expect(got.rawPayload.equals(picture)).toBe(true);
      const listed = await w.classTeacher.post('/apis-third/file/listByPath', { paths: [ref.path] });
      expect(listed.json().data).toMatchObject([{ path: ref.path }]);
    });

    it('is refused to readers outside the warning’s scope', async () => {
      for (const reader of [w.classBTeacher, w.otherSchoolAdmin]) {
        const got = await t.app.inject({ method: 'GET', url: ref.url, headers: as(reader.token) });
        expect(got.statusCode).toBe(403);
        expect(got.json().message).toBe('You may not open this file');
      }
    });
  });
});

describe('attachments never saved on a record', () => {
  const DAY = 24 * 60 * 60_000;
  const cleanup = () => unsavedAttachmentsCleanup;
  const stored = async (path: string) => ({
    row: (await t.db.kysely.selectFrom('files').select('id').where('path', '=', path).execute()).length === 1,
    bytes: await fileStoresOf(t.config).current.exists(path),
  });

  it('are removed by the nightly cleanup a day after upload, bytes and row; saved ones stay', async () => {
    const saved = await uploaded(w.psychologyTeacher, 'kept.png');
    const dropped = await uploaded(w.psychologyTeacher, 'dropped.png');
    const res = await w.psychologyTeacher.post('/apis-psychology/intervene/save', interview([saved.path]));
    expect(res.statusCode, res.body).toBe(200);

    // The same night: the upload may still be on its way to a record.
    await cleanup().run(t.db, Date.now(), jobContextOf(t));
    expect(await stored(dropped.path)).toEqual({ row: true, bytes: true });

    const removed = await cleanup().run(t.db, Date.now() + DAY + 60_000, jobContextOf(t));
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(await stored(dropped.path)).toEqual({ row: false, bytes: false });
    expect(await stored(saved.path)).toEqual({ row: true, bytes: true });
    // The record still opens its attachment to the author.
    const open = await t.app.inject({ method: 'GET', url: saved.url, headers: as(w.psychologyTeacher.token) });
    expect(open.statusCode).toBe(200);
  });
});
