import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { fromJson } from '../../platform/db/sql.ts';
import { claimJobs } from '../../platform/jobs/repository.ts';
import { JobWorker } from '../../platform/jobs/worker.ts';
import { WARNING_PUSH, warningPushJob } from './push.ts';
import { buildWarningWorld, step, type WarningWorld } from './testing.ts';

let t: TestApp;
let w: WarningWorld;
const log = pino({ level: 'silent' });
const newWorker = () => new JobWorker({ db: t.db, log, jobs: [warningPushJob], pollMs: 10 });

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWarningWorld(t);
}, 90_000);
afterAll(() => t.close());

const notices = (warningId: number) =>
  t.db.kysely
    .selectFrom('warning_notices')
    .select(['user_id', 'history_id'])
    .where('warning_id', '=', warningId)
    .execute();
const pushJobs = () =>
  t.db.kysely.selectFrom('jobs').selectAll().where('kind', '=', WARNING_PUSH).orderBy('id').execute();

describe('the notices of warning steps go through the outbox', () => {
  it('loses nothing and sends nothing twice when the worker stops between steps or dies mid-job', async () => {
    const id = w.warnings.a2;
    await step(w.psychologyTeacher, 'setup', { id, psychologyUserId: w.psychologyTeacher.user.id });

    // Step 1 while the worker runs: the notice arrives.
    const first = newWorker();
    first.start();
    await step(w.psychologyTeacher, 'publish', { id });
    await expect.poll(async () => (await notices(id)).length, { timeout: 4000 }).toBe(2);
    await first.stop();

    // Step 2 while no worker runs: the step is stored with its job, and nothing is sent yet.
    await step(w.psychologyTeacher, 'handover', {
      id,
      to: 'person',
      userId: w.secondPsychologist.user.id,
      reason: 'Going on leave',
    });
    expect(await notices(id)).toHaveLength(2);
    const queued = (await pushJobs()).filter((j) => j.state === 'queued');
    expect(queued).toHaveLength(1);

    // A worker takes the job, does the work, and dies before marking it done (its lease runs out).
    const [claimed] = await claimJobs(t.db.kysely, t.db.engine, 'dead-worker', [WARNING_PUSH], 1, 1);
    expect(claimed).toBeDefined();
    if (!claimed) return;
    await warningPushJob.run(
      { id: claimed.id, kind: claimed.kind, payload: fromJson(claimed.payload), attempt: 1, maxAttempts: 3 },
      { db: t.db, log, config: t.config, signal: new AbortController().signal },
    );
    expect(await notices(id)).toHaveLength(3);
    // Its lease of 1 ms has run out once the clock has passed it: the job is then anyone's to take.
    await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(claimed.locked_until ?? Number.POSITIVE_INFINITY));

    // A new worker takes the abandoned job over and runs it again: the notice is not written twice.
    const second = newWorker();
    second.start();
    await expect.poll(async () => (await pushJobs()).map((j) => j.state), { timeout: 4000 }).toEqual(['done', 'done']);
    await second.stop();
    const all = await notices(id);
    expect(all).toHaveLength(3);
    expect(all.filter((n) => n.user_id === w.secondPsychologist.user.id)).toHaveLength(1);
    expect((await pushJobs()).map((j) => j.attempts)).toEqual([1, 2]);
  });

  it('writes no job when the step is refused, and one job per step however often it is queued', async () => {
    const before = (await pushJobs()).length;
    const refused = await w.psychologyTeacher.post('/apis-psychology/warning/publish', { id: w.warnings.b1 });
    expect(refused.statusCode).toBe(409);
    expect(await pushJobs()).toHaveLength(before);
    const keys = (await pushJobs()).map((j) => j.dedupe_key);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
