import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, jobContextOf, type TestApp } from '../../../test/app.ts';
import { fileStoresOf } from '../../platform/files/stores.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import { unsavedAttachmentsCleanup } from '../interventions/cleanup.ts';
import { expiredDownloadsCleanup } from './cleanup.ts';
import { buildDownloadWorld, type DownloadWorld, drainDownloads } from './testing.ts';

let t: TestApp;
let w: DownloadWorld;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildDownloadWorld(t);
}, 90_000);
afterAll(() => t.close());

const startExport = async (by: Caller = w.psychologyTeacher): Promise<number> => {
  const res = await by.post('/apis-psychology/survey/record/download', { taskId: w.taskId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id;
};
const info = async (id: number, by: Caller = w.psychologyTeacher) =>
  (await by.get(`/apis-psychology/file/info?id=${id}`)).json().data;
const fileOf = async (id: number) => {
  const row = await t.db.kysely
    .selectFrom('download_tasks as d')
    .innerJoin('files as f', 'f.id', 'd.file_id')
    .select(['f.id', 'f.path'])
    .where('d.id', '=', id)
    .executeTakeFirst();
  return row;
};

describe('the file center', () => {
  let done: number;

  beforeAll(async () => {
    done = await startExport();
    await drainDownloads(t);
  });

  it('lists only the caller’s own tasks, newest first, with filters', async () => {
    const mine = await w.psychologyTeacher.post('/apis-psychology/file/page', {});
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data).toMatchObject({ total: 1, page: 1, size: 20 });
    expect(mine.json().data.list[0]).toMatchObject({ id: done, state: 'done', kind: 'results' });
    const filtered = await w.psychologyTeacher.post('/apis-psychology/file/page', { state: 'failed' });
    expect(filtered.json().data.total).toBe(0);
    const named = await w.psychologyTeacher.post('/apis-psychology/file/page', { name: 'Assessment' });
    expect(named.json().data.total).toBe(1);
    // Any case, on both engines; LIKE's wildcards taken literally.
    const lower = await w.psychologyTeacher.post('/apis-psychology/file/page', { name: 'assessment' });
    expect(lower.json().data.total).toBe(1);
    const percent = await w.psychologyTeacher.post('/apis-psychology/file/page', { name: '%' });
    expect(percent.json().data.total).toBe(0);
    const theirs = await w.bureauAdmin.post('/apis-psychology/file/page', {});
    expect(theirs.json().data.total).toBe(0);
    const states = await w.psychologyTeacher.post('/apis-psychology/file/query', { ids: [done, done + 1000] });
    expect(states.json().data.map((d: { id: number }) => d.id)).toEqual([done]);
    expect((await w.bureauAdmin.post('/apis-psychology/file/query', { ids: [done] })).json().data).toEqual([]);
  });

  it('gives the file to its owner alone, and audits each download', async () => {
    const own = await w.psychologyTeacher.get(`/apis-psychology/file/download?id=${done}`);
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.subarray(0, 2).toString()).toBe('PK');
    for (const call of [
      () => w.bureauAdmin.get(`/apis-psychology/file/download?id=${done}`),
      () => w.bureauAdmin.get(`/apis-psychology/file/info?id=${done}`),
      () => w.bureauAdmin.post('/apis-psychology/file/cancel', { id: done }),
      () => w.bureauAdmin.post('/apis-psychology/file/delete', { id: done }),
    ]) {
      const res = await call();
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('No such download task');
    }
    const logged = await t.db.kysely
      .selectFrom('audit_log')
      .select(['user_id', 'target_id'])
      .where('action', '=', 'download.file')
      .execute();
    expect(logged).toEqual([{ user_id: w.psychologyTeacher.user.id, target_id: String(done) }]);
  });

  it('refuses callers without the download center', async () => {
    expect((await w.callers.a1.post('/apis-psychology/file/page', {})).statusCode).toBe(403);
  });

  it('says when a file is not ready yet, or has expired', async () => {
    const waiting = await startExport();
    const early = await w.psychologyTeacher.get(`/apis-psychology/file/download?id=${waiting}`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(
      'The file is not ready yet; download it from the download center when it is done',
    );
    await w.psychologyTeacher.post('/apis-psychology/file/cancel', { id: waiting });
    await t.db.kysely
      .updateTable('download_tasks')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', done)
      .execute();
    const late = await w.psychologyTeacher.get(`/apis-psychology/file/download?id=${done}`);
    expect(late.statusCode).toBe(410);
    expect(late.json().message).toBe('The file has expired and was removed; export it again');
  });

  it('keeps an export’s file through the removal of unsaved record attachments', async () => {
    const file = await fileOf(done);
    if (!file) throw new Error('the export stored no file');
    const twoDaysOn = Date.now() + 2 * 24 * 60 * 60_000;
    expect(await unsavedAttachmentsCleanup.run(t.db, twoDaysOn, jobContextOf(t))).toBe(0);
    expect(await fileStoresOf(t.config).current.exists(file.path)).toBe(true);
  });

  it('removes expired tasks and their files in the nightly cleanup', async () => {
    const file = await fileOf(done);
    if (!file) throw new Error('the export stored no file');
    const store = fileStoresOf(t.config).current;
    expect(await store.exists(file.path)).toBe(true);
    const removed = await expiredDownloadsCleanup.run(t.db, Date.now(), jobContextOf(t));
    expect(removed).toBe(1);
    expect(await store.exists(file.path)).toBe(false);
    expect(await t.db.kysely.selectFrom('files').select('id').where('id', '=', file.id).execute()).toEqual([]);
    expect((await w.psychologyTeacher.get(`/apis-psychology/file/info?id=${done}`)).statusCode).toBe(404);
  });
});

describe('cancelling and deleting', () => {
  it('cancels a queued export: the job then writes nothing', async () => {
    const id = await startExport(w.bureauAdmin);
    const res = await w.bureauAdmin.post('/apis-psychology/file/cancel', { id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.state).toBe('cancelled');
    await drainDownloads(t);
    expect(await info(id, w.bureauAdmin)).toMatchObject({ state: 'cancelled', written: 0 });
    expect(await fileOf(id)).toBeUndefined();
    const again = await w.bureauAdmin.post('/apis-psychology/file/cancel', { id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('The task has already ended (Cancelled); it cannot be cancelled');
  });

  it('stops a running export at the next batch and keeps nothing', async () => {
    const id = await startExport(w.bureauAdmin);
    await drainDownloads(t, {
      limits: { batch: 1 },
      onProgress: async (taskId, written) => {
        if (taskId === id && written === 1) await w.bureauAdmin.post('/apis-psychology/file/cancel', { id });
      },
    });
    expect(await info(id, w.bureauAdmin)).toMatchObject({ state: 'cancelled', written: 1, total: 3 });
    expect(await fileOf(id)).toBeUndefined();
  });

  it('deletes a task with its file', async () => {
    const id = await startExport(w.bureauAdmin);
    await drainDownloads(t);
    const file = await fileOf(id);
    if (!file) throw new Error('the export stored no file');
    const res = await w.bureauAdmin.post('/apis-psychology/file/delete', { id });
    expect(res.statusCode, res.body).toBe(200);
    expect((await w.bureauAdmin.get(`/apis-psychology/file/info?id=${id}`)).statusCode).toBe(404);
    expect(await fileStoresOf(t.config).current.exists(file.path)).toBe(false);
  });

  it('holds an account to five open exports', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push(await startExport(w.schoolAdmin));
    const sixth = await w.schoolAdmin.post('/apis-psychology/survey/record/download', {});
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe('You already have 5 exports queued or running; wait for one to finish');
    for (const id of ids) await w.schoolAdmin.post('/apis-psychology/file/cancel', { id });
  });
});

describe('bad input', () => {
  it.each([
    [
      '/apis-psychology/file/page',
      { state: 'lost' },
      'state',
      'Choose a state: queued, running, done, failed or cancelled',
    ],
    [
      '/apis-psychology/file/page',
      { kind: 'zip' },
      'kind',
      'Choose a kind: results, individual report, group report, sign-in slips or account list',
    ],
    ['/apis-psychology/file/page', { name: 'x'.repeat(101) }, 'name', 'File name: at most 100 characters'],
    ['/apis-psychology/file/query', { ids: [] }, 'ids', 'Choose 1 to 100 download tasks'],
    [
      '/apis-psychology/file/query',
      { ids: Array.from({ length: 101 }, (_, i) => i + 1) },
      'ids',
      'Choose 1 to 100 download tasks',
    ],
  ])('%s refuses %j', async (path, body, field, msg) => {
    const res = await w.psychologyTeacher.post(path, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toEqual([{ field, msg }]);
  });
});
