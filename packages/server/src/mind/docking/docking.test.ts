import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { JobWorker } from '../../platform/jobs/worker.ts';
import { idCardFor } from '../people/students/fixtures.ts';
import { insertStudents, placementOf } from '../people/students/testing.ts';
import { buildWarningWorld, type WarningWorld } from '../warnings/testing.ts';
import { dockingBatchJob } from './job.ts';
import { type ProvinceStandIn, startProvinceStandIn } from './province-stand-in.ts';
import { DOCKING_BATCH_JOB } from './service.ts';

// 32 bytes in base64, as SECRETS_KEY must be.
const SECRETS_KEY = 'MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=';
const APP_ID = 'district-north';
const SECRET = 'province-secret-0123456789';
const EXTRA = 150;
let t: TestApp;
let w: WarningWorld;
let platform: ProvinceStandIn;

interface RecordRow {
  id: number;
  key: string;
  kind: string;
  studentName: string;
  state: string;
  reason: string | null;
  sends: number;
  batchId: number | null;
}

const config = (more: Record<string, unknown> = {}) => ({
  baseUrl: platform.baseUrl,
  appId: APP_ID,
  secret: SECRET,
  schoolIds: [w.orgs.school.id],
  kinds: ['student', 'result'],
  ...more,
});

const activeJobs = async () =>
  (
    await t.db.kysely
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', DOCKING_BATCH_JOB)
      .where('state', 'in', ['queued', 'running'])
      .execute()
  ).length;

/** Runs a real worker until `done` holds, then stops it. */
async function work(done: () => Promise<boolean>) {
  const worker = new JobWorker({
    db: t.db,
    log: pino({ level: 'silent' }),
    config: t.config,
    jobs: [dockingBatchJob],
    pollMs: 10,
  });
  worker.start();
  try {
    await expect.poll(done, { timeout: 10_000 }).toBe(true);
  } finally {
    await worker.stop();
  }
}
const deliver = () => work(async () => (await activeJobs()) === 0);

async function records(by = w.bureauAdmin, query = 'size=500'): Promise<{ total: number; list: RecordRow[] }> {
  const res = await by.get(`/apis-psychology/spt/detail/list?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
/** "Later": the retry the backoff scheduled is made due now, instead of waiting for it. */
const dueNow = () =>
  t.db.kysely
    .updateTable('jobs')
    .set({ run_at: Date.now() })
    .where('kind', '=', DOCKING_BATCH_JOB)
    .where('state', '=', 'queued')
    .execute();
const lastBatch = () =>
  t.db.kysely.selectFrom('docking_batches').select('last_error').orderBy('id', 'desc').executeTakeFirstOrThrow();
const recordOf = async (key: string) => (await records()).list.find((r) => r.key === key) as RecordRow;
const push = () => w.bureauAdmin.post('/apis-psychology/spt/up');

beforeAll(async () => {
  platform = await startProvinceStandIn({ appId: APP_ID, secret: SECRET });
  // Long enough for an answer on a loaded machine (300 ms was not: batches were resent); one test waits it out.
  t = await buildTestApp({ SECRETS_KEY, PROVINCE_TIMEOUT_MS: '2000' });
  w = await buildWarningWorld(t);
  // Enough students with good ID numbers for more than one batch.
  const place = await placementOf(t.db.kysely, w.classes.klassA.id);
  await insertStudents(
    t.db.kysely,
    Array.from({ length: EXTRA }, (_, i) => ({
      ...place,
      name: `学生${i}`,
      student_no: `X${String(i).padStart(3, '0')}`,
      id_card: idCardFor('20120101', String(100 + i)),
    })),
  );
}, 120_000);
afterAll(async () => {
  await t?.close();
  await platform?.close();
});

describe('province docking', () => {
  it('refuses to push before the platform is set up, in a sentence', async () => {
    const res = await push();
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('not set up yet');
  });

  it('keeps the secret sealed and never sends it back; a district chooses only its own schools', async () => {
    const outside = await w.bureauAdmin.post(
      '/apis-psychology/spt/config/saveOrUpdate',
      config({ schoolIds: [w.orgs.farSchool.id] }),
    );
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toContain('not one you manage');
    const saved = await w.bureauAdmin.post('/apis-psychology/spt/config/saveOrUpdate', config());
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain(SECRET);
    const shown = await w.bureauAdmin.get('/apis-psychology/spt/config');
    expect(shown.body).not.toContain(SECRET);
    expect(shown.json().data).toMatchObject({ configured: true, appId: APP_ID, secretSource: 'stored' });
    expect(shown.json().data.schools.map((s: { name: string }) => s.name)).toEqual(['First School', 'Second School']);
    const row = await t.db.kysely.selectFrom('docking_configs').selectAll().executeTakeFirstOrThrow();
    expect(row.sealed_secret).toMatch(/^sb1\./);
    expect(row.sealed_secret).not.toContain(SECRET);
    // Saving again without a secret keeps it.
    const { secret: _kept, ...rest } = config();
    const again = await w.bureauAdmin.post('/apis-psychology/spt/config/saveOrUpdate', rest);
    expect(again.json().data.secretSource).toBe('stored');
  });

  it('sends a school in signed batches of at most 100 and shows each refused record with the reason', async () => {
    const res = await push();
    expect(res.statusCode, res.body).toBe(200);
    // 153 students of the first school and the two PHQ-9 results.
    expect(res.json().data).toEqual({ queued: EXTRA + 3 + 2, batches: 2, alreadySent: 0 });
    await deliver();
    expect(platform.refusedSignatures).toBe(0);
    expect(platform.batches.map((b) => b.size).sort((a, b) => a - b)).toEqual([55, 100]);
    const all = await records();
    expect(all.total).toBe(EXTRA + 5);
    const failed = all.list.filter((r) => r.state === 'failed');
    // 张三 and 王五 have no ID number on the roster: their records are refused, 李四's are taken.
    expect(failed.map((r) => r.studentName).sort()).toEqual(['张三', '王五', '王五']);
    for (const r of failed) expect(r.reason).toContain('ID number is missing');
    expect((await recordOf(`result-${await resultIdOf(w.students.a2)}`)).state).toBe('sent');
    expect(platform.records.size).toBe(EXTRA + 2);
  });

  it('pushing again sends nothing twice', async () => {
    const res = await push();
    expect(res.json().data).toMatchObject({ queued: 0, batches: 0 });
    expect(await activeJobs()).toBe(0);
  });

  it('"modify student info" corrects a refused student and sends their records once', async () => {
    const student = await recordOf(`student-${w.students.b1}`);
    const fixed = await w.bureauAdmin.post(`/apis-psychology/spt/detail/${student.id}/modifyStudent`, {
      name: '王五',
      idCard: idCardFor('20110506', '321'),
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().data).toEqual({ queued: 2, batches: 1 });
    await deliver();
    const after = await recordOf(`student-${w.students.b1}`);
    expect(after).toMatchObject({ state: 'sent', reason: null, sends: 2 });
    const result = await recordOf(`result-${await resultIdOf(w.students.b1)}`);
    expect(result.state).toBe('sent');
    expect(platform.records.get(`student-${w.students.b1}`)?.created).toBe(1);
    // A sent record is not "refused": correcting it again is refused in words.
    const again = await w.bureauAdmin.post(`/apis-psychology/spt/detail/${student.id}/modifyStudent`, {
      name: '王五',
      idCard: idCardFor('20110506', '321'),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('Only a student record the province platform refused');
  });

  it('a platform that is down or silent is tried again later; nothing is lost or duplicated', async () => {
    const place = await placementOf(t.db.kysely, w.classes.klassA.id);
    const [late] = await insertStudents(t.db.kysely, [
      { ...place, name: '迟到', student_no: 'L001', id_card: idCardFor('20120909', '555') },
    ]);
    platform.setDown(true);
    expect((await push()).json().data).toMatchObject({ queued: 1, batches: 1 });
    const batchOf = async () =>
      (await w.bureauAdmin.get('/apis-psychology/spt/up/list?size=1')).json().data.list[0] as {
        state: string;
        attempts: number;
        lastError: string | null;
      };
    await work(async () => (await batchOf()).state === 'retrying');
    expect((await batchOf()).lastError).toContain('503');
    expect((await recordOf(`student-${late}`)).state).toBe('pending');
    // Back up, but the next answer is lost on the way: the batch waits for its timeout and retries.
    platform.setDown(false);
    platform.script({ silence: true });
    await dueNow();
    await work(async () => (await batchOf()).attempts >= 2);
    expect((await batchOf()).lastError).toContain('no answer within 2000 ms');
    await dueNow();
    await deliver();
    expect((await batchOf()).state).toBe('sent');
    expect((await recordOf(`student-${late}`)).state).toBe('sent');
    expect(platform.records.get(`student-${late}`)).toMatchObject({ created: 1, received: 1 });
  });

  it('resends every failed record under its own key, and a rate limit only delays it', async () => {
    platform.script({ status: 429, retryAfterSeconds: 1 });
    const res = await w.bureauAdmin.post('/apis-psychology/spt/retry', {});
    expect(res.json().data).toEqual({ queued: 1, batches: 1 });
    await work(async () => (await lastBatch()).last_error?.includes('HTTP 429') === true);
    await dueNow();
    await deliver();
    // 张三 still has no ID number: refused again, sent twice, still one row.
    const zhang = await recordOf(`student-${w.students.a1}`);
    expect(zhang).toMatchObject({ state: 'failed', sends: 2 });
    expect((await records(w.bureauAdmin, 'state=failed')).total).toBe(1);
    for (const stored of platform.records.values()) expect(stored.created).toBe(1);
  });

  it('a school sees only its own records; another school cannot touch them', async () => {
    const mine = await records(w.schoolAdmin);
    expect(mine.total).toBe(EXTRA + 6);
    const theirs = await records(w.otherSchoolAdmin);
    expect(theirs.total).toBe(0);
    const zhang = await recordOf(`student-${w.students.a1}`);
    const refused = await w.otherSchoolAdmin.post(`/apis-psychology/spt/detail/${zhang.id}/modifyStudent`, {
      name: '张三',
      idCard: idCardFor('20120101', '999'),
    });
    expect([404, 409]).toContain(refused.statusCode);
    expect((await recordOf(`student-${w.students.a1}`)).state).toBe('failed');
  });
});

async function resultIdOf(studentId: number): Promise<number> {
  const row = await t.db.kysely
    .selectFrom('assessment_results')
    .select('id')
    .where('student_id', '=', studentId)
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
