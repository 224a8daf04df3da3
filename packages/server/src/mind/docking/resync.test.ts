import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { JobWorker } from '../../platform/jobs/worker.ts';
import { idCardFor } from '../people/students/fixtures.ts';
import { insertStudents, placementOf } from '../people/students/testing.ts';
import { buildWarningWorld, type WarningWorld } from '../warnings/testing.ts';
import { dockingBatchJob } from './job.ts';
import { type ProvinceStandIn, startProvinceStandIn } from './province-stand-in.ts';
import { DOCKING_RESYNC_JOB, dockingResyncJob, RESYNC_WINDOW_MS } from './resync.ts';
import { DOCKING_BATCH_JOB } from './service.ts';

// Warnings and interventions reported, the field mapping, and a full resync (decision 0129).

const SECRETS_KEY = 'MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=';
const APP_ID = 'district-north';
const SECRET = 'province-secret-0123456789';
const EXTRA = 250;
let t: TestApp;
let w: WarningWorld;
let platform: ProvinceStandIn;
let interventionId: number;

const GENDER = { field: 'gender', name: 'xb', codes: [{ ours: 'male', theirs: '1' }], fallback: null };
const config = (more: Record<string, unknown> = {}) => ({
  baseUrl: platform.baseUrl,
  appId: APP_ID,
  secret: SECRET,
  schoolIds: [w.orgs.school.id],
  kinds: ['student', 'result', 'warning', 'intervention'],
  mapping: [{ ...GENDER, codes: [...GENDER.codes, { ours: 'female', theirs: '2' }] }],
  resyncPerMinute: 2,
  ...more,
});
const save = (more: Record<string, unknown> = {}) =>
  w.bureauAdmin.post('/apis-psychology/spt/config/saveOrUpdate', config(more));

const waiting = async (kind: string, dueOnly: boolean) =>
  (
    await t.db.kysely
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', kind)
      .where('state', 'in', ['queued', 'running'])
      .$if(dueOnly, (q) => q.where('run_at', '<=', Date.now()))
      .execute()
  ).length;

/** Runs a real worker with both docking jobs until nothing is due, then stops it. */
async function work() {
  const worker = new JobWorker({
    db: t.db,
    log: pino({ level: 'silent' }),
    config: t.config,
    jobs: [dockingBatchJob, dockingResyncJob],
    pollMs: 10,
  });
  worker.start();
  try {
    await expect
      .poll(async () => (await waiting(DOCKING_BATCH_JOB, false)) + (await waiting(DOCKING_RESYNC_JOB, true)), {
        timeout: 10_000,
      })
      .toBe(0);
  } finally {
    await worker.stop();
  }
}
/** "A minute later": the next resync step is made due now, instead of waiting for it. */
const nextMinute = () =>
  t.db.kysely
    .updateTable('jobs')
    .set({ run_at: Date.now() })
    .where('kind', '=', DOCKING_RESYNC_JOB)
    .where('state', '=', 'queued')
    .execute();

async function recordOf(key: string) {
  const res = await w.bureauAdmin.get('/apis-psychology/spt/detail/list?size=500');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.list as Array<{ key: string; state: string; reason: string | null; id: number }>).find(
    (r) => r.key === key,
  );
}
const resyncBatches = () =>
  t.db.kysely
    .selectFrom('docking_batches')
    .select(['id', 'size', 'created_at'])
    .where('reason', '=', 'resync')
    .orderBy('id')
    .execute();

beforeAll(async () => {
  platform = await startProvinceStandIn({ appId: APP_ID, secret: SECRET });
  t = await buildTestApp({ SECRETS_KEY, PROVINCE_TIMEOUT_MS: '2000' });
  w = await buildWarningWorld(t);
  const place = await placementOf(t.db.kysely, w.classes.klassA.id);
  await insertStudents(
    t.db.kysely,
    Array.from({ length: EXTRA }, (_, i) => ({
      ...place,
      name: `学生${i}`,
      student_no: `R${String(i).padStart(3, '0')}`,
      gender: i % 2 === 0 ? ('male' as const) : ('female' as const),
      id_card: idCardFor('20120101', String(100 + i)),
    })),
  );
  const warning = await t.db.kysely
    .selectFrom('warnings')
    .selectAll()
    .where('id', '=', w.warnings.a2)
    .executeTakeFirstOrThrow();
  const row = await t.db.kysely
    .insertInto('interventions')
    .values({
      warning_id: warning.id,
      student_id: warning.student_id,
      school_id: warning.school_id,
      class_id: warning.class_id,
      kind: 'interview',
      happened_at: Date.UTC(2026, 10, 20),
      place: '心理咨询室',
      people: '李老师',
      content: '谈话内容（不上报）',
      assessment: '',
      next_step: '',
      method: null,
      institution: '',
      attachments: '[]',
      private_note: '私密记录',
      next_follow_up_at: null,
      author_id: w.schoolAdmin.user.id,
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  interventionId = Number(row.id);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await platform?.close();
});

describe('province docking: warnings, interventions, mapping and a full resync', () => {
  it('reports warnings and interventions once under stable keys, mapped, never the private notes', async () => {
    const saved = await save();
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ resyncPerMinute: 2, mapping: [{ field: 'gender', name: 'xb' }] });
    const pushed = await w.bureauAdmin.post('/apis-psychology/spt/up');
    expect(pushed.statusCode, pushed.body).toBe(200);
    // 253 students, two results, two warnings, one intervention.
    expect(pushed.json().data).toEqual({ queued: EXTRA + 3 + 2 + 2 + 1, batches: 3, alreadySent: 0 });
    await work();
    const warning = platform.records.get(`warning-${w.warnings.a2}`);
    expect(warning).toMatchObject({ kind: 'warning', created: 1 });
    expect(warning?.data).toMatchObject({ name: '李四', state: expect.any(String), level: expect.any(String) });
    const intervention = platform.records.get(`intervention-${interventionId}`);
    expect(intervention?.data).toMatchObject({ warningKey: `warning-${w.warnings.a2}`, interventionKind: 'interview' });
    expect(JSON.stringify(intervention?.data)).not.toContain('私密记录');
    expect(JSON.stringify(intervention?.data)).not.toContain('谈话内容');
    // The gender goes under the platform's name and code.
    const someone = [...platform.records.values()].find((r) => r.data.name === '学生1');
    expect(someone?.data).toMatchObject({ xb: '2' });
    expect(someone?.data).not.toHaveProperty('gender');
    const again = await w.bureauAdmin.post('/apis-psychology/spt/up');
    expect(again.json().data).toMatchObject({ queued: 0, batches: 0 });
    expect((await recordOf(`warning-${w.warnings.a2}`))?.state).toBe('sent');
  });

  it('a record the mapping cannot translate fails naming the field, is not sent, and goes once the mapping has it', async () => {
    // The platform's mapping knows only boys now; a new girl cannot be translated.
    expect((await save({ mapping: [GENDER] })).statusCode).toBe(200);
    const place = await placementOf(t.db.kysely, w.classes.klassA.id);
    const [girl] = await insertStudents(t.db.kysely, [
      { ...place, name: '新生', student_no: 'N001', gender: 'female', id_card: idCardFor('20120303', '777') },
    ]);
    expect((await w.bureauAdmin.post('/apis-psychology/spt/up')).json().data).toMatchObject({ queued: 1 });
    await work();
    const failed = await recordOf(`student-${girl}`);
    expect(failed?.state).toBe('failed');
    expect(failed?.reason).toContain('gender');
    expect(failed?.reason).toContain('female');
    expect(platform.records.has(`student-${girl}`)).toBe(false);
    // A default for codes the mapping lacks, then a resend of that record: it goes.
    expect((await save({ mapping: [{ ...GENDER, fallback: '9' }] })).statusCode).toBe(200);
    const resent = await w.bureauAdmin.post('/apis-psychology/spt/retry', { ids: [failed?.id] });
    expect(resent.statusCode, resent.body).toBe(200);
    await work();
    expect((await recordOf(`student-${girl}`))?.state).toBe('sent');
    expect(platform.records.get(`student-${girl}`)?.data).toMatchObject({ xb: '9' });
  });

  it('a full resync sends every record again at most N batches a minute, resumes after a stop, and never makes a record twice', async () => {
    const before = Date.now();
    const started = await w.bureauAdmin.post('/apis-psychology/spt/resync', {});
    expect(started.statusCode, started.body).toBe(200);
    const total = EXTRA + 4 + 2 + 2 + 1;
    expect(started.json().data.resync).toMatchObject({ state: 'running', total, done: 0, perMinute: 2 });
    const second = await w.bureauAdmin.post('/apis-psychology/spt/resync', {});
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toContain(`already running (0 of ${total} records queued)`);
    const sentBefore = platform.batches.length;

    // The first minute: two batches, no more; the next step waits a minute.
    await work();
    expect((await resyncBatches()).map((b) => Number(b.size))).toEqual([100, 100]);
    const next = await t.db.kysely
      .selectFrom('jobs')
      .select(['run_at', 'payload'])
      .where('kind', '=', DOCKING_RESYNC_JOB)
      .where('state', '=', 'queued')
      .executeTakeFirstOrThrow();
    expect(Number(next.run_at)).toBeGreaterThanOrEqual(before + RESYNC_WINDOW_MS);
    const progress = (await w.bureauAdmin.get('/apis-psychology/spt/resync')).json().data.resync;
    expect(progress).toMatchObject({ state: 'running', done: 200, total, batches: 2 });

    // The worker stopped; the first step runs again (a node died before marking it done): nothing new.
    await dockingResyncJob.run(
      { id: 0, kind: DOCKING_RESYNC_JOB, payload: { resyncId: progress.id, step: 1 }, attempt: 2, maxAttempts: 8 },
      { db: t.db, log: pino({ level: 'silent' }), config: t.config, signal: new AbortController().signal },
    );
    expect(await resyncBatches()).toHaveLength(2);

    // A minute later a new worker continues from the cursor and finishes.
    await nextMinute();
    await work();
    const batches = await resyncBatches();
    expect(batches.map((b) => Number(b.size))).toEqual([100, 100, total - 200]);
    const done = (await w.bureauAdmin.get('/apis-psychology/spt/resync')).json().data.resync;
    expect(done).toMatchObject({ state: 'done', done: total, total, batches: 3 });
    expect(done.finishedAt).not.toBeNull();

    // The platform got each record once in the resync, and never created one twice.
    const keys = platform.batches.slice(sentBefore).flatMap((b) => b.keys);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toHaveLength(total);
    for (const stored of platform.records.values()) expect(stored.created).toBe(1);
    // Once done, another may start.
    const third = await w.bureauAdmin.post('/apis-psychology/spt/resync', { kinds: ['warning'] });
    expect(third.json().data.resync).toMatchObject({ state: 'running', total: 2 });
  });

  it('a school outside the caller is refused for a resync', async () => {
    const res = await w.bureauAdmin.post('/apis-psychology/spt/resync', { schoolIds: [w.orgs.farSchool.id] });
    expect(res.statusCode).toBe(400);
  });
});
