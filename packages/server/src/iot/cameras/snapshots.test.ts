import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, jobContextOf, type TestApp } from '../../../test/app.ts';
import { startTestCamera, type TestCamera } from '../../platform/video/testing.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import { buildTrigger, report } from '../alarms/testing.ts';
import { mainAccount } from '../devices/testing.ts';
import { buildTelemetryWorld, type TelemetryWorld } from '../telemetry/testing.ts';
import { SNAPSHOT_JOB, snapshotJob } from './snapshot.ts';

let t: TestApp;
let w: TelemetryWorld;
let other: Caller;
let camera: TestCamera;

interface Snapshot {
  cameraId: number;
  cameraName: string;
  state: string;
  image: string | null;
  reason: string | null;
}

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildTelemetryWorld(t);
  other = await mainAccount(t);
  camera = await startTestCamera();
  // A new database and a world of devices: slow on a busy machine.
}, 30_000);
afterAll(async () => {
  await camera.stop();
  await t.close();
});

/** Runs the snapshot jobs the outbox holds, as the worker would. */
async function runSnapshotJobs() {
  const jobs = await t.db.kysely
    .selectFrom('jobs')
    .select(['id', 'payload'])
    .where('kind', '=', SNAPSHOT_JOB)
    .where('state', '=', 'queued')
    .execute();
  for (const job of jobs) {
    const payload = typeof job.payload === 'string' ? JSON.parse(job.payload) : job.payload;
    await snapshotJob.run({ id: Number(job.id), kind: SNAPSHOT_JOB, payload, attempt: 1, maxAttempts: 3 }, {
      ...jobContextOf(t),
      db: t.db,
      signal: new AbortController().signal,
    } as Parameters<typeof snapshotJob.run>[1]);
    await t.db.kysely.updateTable('jobs').set({ state: 'done' }).where('id', '=', job.id).execute();
  }
  return jobs.length;
}

async function alarmSnapshots(deviceId: number, by: Caller = w.owner): Promise<Snapshot[][]> {
  const res = await by.get(`/iot/alarms?deviceId=${deviceId}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.list as Array<{ snapshots: Snapshot[] }>).map((a) => a.snapshots);
}

async function fire(deviceId: number) {
  await buildTrigger(w.owner, {
    scope: 'device',
    deviceId,
    conditions: [{ kind: 'gt', pointId: w.points.humidity, value: 100 }],
  });
  await report(t, w.telemetry, deviceId, Date.now(), { [w.points.humidity]: 120 });
}

describe('alarm snapshots', () => {
  it('takes a JPEG from the bound camera when an alarm fires and shows it on the alarm record', async () => {
    const deviceId = await w.addDevice({ name: 'Gate pump' });
    const added = await w.owner.post('/iot/cameras', { name: 'Gate', streamUrl: camera.url, deviceIds: [deviceId] });
    expect(added.statusCode, added.body).toBe(200);
    await fire(deviceId);

    const [pending] = await alarmSnapshots(deviceId);
    expect(pending).toEqual([expect.objectContaining({ cameraName: 'Gate', state: 'pending', image: null })]);
    expect(await runSnapshotJobs()).toBe(1);
    expect(await runSnapshotJobs()).toBe(0);

    const [[taken]] = (await alarmSnapshots(deviceId)) as [[Snapshot]];
    expect(taken).toMatchObject({ cameraName: 'Gate', state: 'taken', reason: null });
    expect(taken.image).toMatch(/^\/api\/iot\/alarms\/\d+\/snapshots\/\d+$/);
    const image = await w.owner.get(taken.image?.replace('/api', '') ?? '');
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect([...image.rawPayload.subarray(0, 2)]).toEqual([0xff, 0xd8]); // a JPEG's start of image

    // Another account reads neither the alarm nor its picture.
    expect(await alarmSnapshots(deviceId, other)).toEqual([]);
    const theirs = await other.get(taken.image?.replace('/api', '') ?? '');
    expect(theirs.statusCode).toBe(404);
    expect(theirs.rawPayload.subarray(0, 2).toString('hex')).not.toBe('ffd8');
  });

  it('records the alarm without a picture when the camera is down, and logs why', async () => {
    const deviceId = await w.addDevice({ name: 'Well pump' });
    const down = await startTestCamera();
    const url = down.url;
    await down.stop();
    const added = await w.owner.post('/iot/cameras', { name: 'Well', streamUrl: url, deviceIds: [deviceId] });
    expect(added.statusCode, added.body).toBe(200);
    await fire(deviceId);
    expect(await runSnapshotJobs()).toBe(1);

    const [[failed]] = (await alarmSnapshots(deviceId)) as [[Snapshot]];
    expect(failed).toMatchObject({ cameraName: 'Well', state: 'failed', image: null });
    expect(failed.reason).toMatch(/^No snapshot: .*(Connection refused|refused)/i);
    const logged = t.logs.filter((l) => l.msg === 'alarm snapshot: the camera gave no picture');
    expect(logged).toHaveLength(1);
    expect(String(logged[0]?.reason)).toMatch(/refused/i);
  });

  it('takes nothing for a device bound to no camera', async () => {
    const deviceId = await w.addDevice({ name: 'Lonely pump' });
    await fire(deviceId);
    expect(await alarmSnapshots(deviceId)).toEqual([[]]);
    expect(await runSnapshotJobs()).toBe(0);
  });
});
