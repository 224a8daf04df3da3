import { spawn } from 'node:child_process';
import { type AlarmSnapshot, type Lang, streamKindOf, translate } from '@meridian/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { fileStoresOf } from '../../platform/files/stores.ts';
import { insertJob } from '../../platform/jobs/repository.ts';
import { defineJob, type JobDefinition } from '../../platform/jobs/types.ts';
import { SECOND } from '../../platform/time.ts';
import { inputArgs } from '../../platform/video/restream.ts';
import { storeFiles } from '../../portal/files/store.ts';
import * as repo from './snapshots-repository.ts';

export const SNAPSHOT_JOB = 'iot.camera.snapshot';
/** The longest a camera may take to give one frame: a snapshot later than this no longer shows the alarm. */
export const SNAPSHOT_MS = 15 * SECOND;
/** A JPEG frame larger than this is refused (a 4K frame at quality 3 is well under). */
const FRAME_MAX = 8 * 1024 * 1024;

/** Why a camera gave no frame: what ffmpeg said, for the log and the alarm record. */
export class NoFrame extends Error {}

/**
 * One JPEG frame of a camera's stream, with Debian's ffmpeg (`-frames:v 1`): the first picture it
 * decodes, within `timeoutMs`; a camera that is down, refuses or sends nothing is a `NoFrame`.
 */
export function grabFrame(source: string, timeoutMs = SNAPSHOT_MS, signal?: AbortSignal): Promise<Buffer> {
  const kind = streamKindOf(source);
  if (!kind || kind === 'webrtc') return Promise.reject(new NoFrame('WebRTC cameras give no snapshot'));
  return new Promise<Buffer>((resolve, reject) => {
    const child = spawn(
      'ffmpeg',
      [
        ...inputArgs(source, kind),
        ...['-frames:v', '1', '-an', '-c:v', 'mjpeg', '-q:v', '3', '-f', 'image2', 'pipe:1'],
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const chunks: Buffer[] = [];
    let size = 0;
    let lastError = '';
    let late = false;
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > FRAME_MAX) child.kill('SIGKILL');
      else chunks.push(chunk);
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      lastError =
        chunk
          .split('\n')
          .map((l) => l.trim())
          .filter(Boolean)
          .at(-1) ?? lastError;
    });
    const deadline = setTimeout(() => {
      late = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    const abort = () => child.kill('SIGKILL');
    signal?.addEventListener('abort', abort, { once: true });
    child.once('error', (error) => reject(new NoFrame(error.message)));
    child.once('close', (code) => {
      clearTimeout(deadline);
      signal?.removeEventListener('abort', abort);
      const bytes = Buffer.concat(chunks);
      if (code === 0 && bytes.length > 0 && size <= FRAME_MAX) resolve(bytes);
      else if (late) reject(new NoFrame(`no picture within ${timeoutMs / SECOND} s`));
      else if (size > FRAME_MAX) reject(new NoFrame('the picture is too large'));
      else reject(new NoFrame(lastError.slice(0, 200) || 'the camera sent no picture'));
    });
  });
}

/**
 * Asks for a snapshot of each camera bound to the alarm's device, in the alarm's own transaction:
 * a pending row per camera and a job that takes it. Nothing when no camera is bound.
 */
export async function requestSnapshots(trx: Transaction<Database>, alarmId: number, deviceId: number) {
  const cameras = await repo.camerasOfDevice(trx, deviceId);
  if (cameras.length === 0) return;
  await repo.insertPendingSnapshots(trx, alarmId, cameras, Date.now());
  for (const camera of cameras) {
    await insertJob(trx, {
      kind: SNAPSHOT_JOB,
      payload: { alarmId, cameraId: Number(camera.id) },
      dedupeKey: `snapshot:${alarmId}:${camera.id}`,
    });
  }
}

/**
 * Takes one alarm snapshot: the frame is stored as a protected image of the alarm's owner and the
 * row marked taken. A camera that gives no frame marks it failed with the reason, logged once, and
 * is not retried (a later picture would not show the alarm); a store that fails is retried.
 */
export const snapshotJob: JobDefinition<{ alarmId: number; cameraId: number }> = defineJob({
  kind: SNAPSHOT_JOB,
  maxAttempts: 3,
  leaseMs: 2 * SNAPSHOT_MS,
  async run(job, { db: { kysely: db }, log, config, signal }) {
    const { alarmId, cameraId } = job.payload;
    const pending = await repo.pendingSnapshot(db, alarmId, cameraId);
    if (!pending) return;
    let bytes: Buffer;
    try {
      if (pending.stream_url === null) throw new NoFrame('the camera was deleted');
      bytes = await grabFrame(pending.stream_url, SNAPSHOT_MS, signal);
    } catch (error) {
      if (!(error instanceof NoFrame) || signal.aborted) throw error;
      log.warn(
        { alarm: alarmId, camera: cameraId, reason: error.message },
        'alarm snapshot: the camera gave no picture',
      );
      await repo.settleSnapshot(db, alarmId, cameraId, {
        state: 'failed',
        reason: error.message,
        taken_at: Date.now(),
      });
      return;
    }
    const [file] = await storeFiles(
      { db, stores: fileStoresOf(config), log: log as FastifyBaseLogger },
      [{ name: `alarm-${alarmId}-${pending.camera_name}.jpg`, bytes, kind: 'jpg' }],
      { purpose: 'image', protected: true, ownerId: Number(pending.owner_id) },
    );
    if (!file) throw new Error('the snapshot was not recorded');
    await repo.settleSnapshot(db, alarmId, cameraId, { state: 'taken', file_id: file.id, taken_at: Date.now() });
  },
});

/** The snapshots of these alarms as Alarm Record shows them, in the reader's language. */
export async function snapshotsOf(
  db: Kysely<Database>,
  alarmIds: readonly number[],
  lang: Lang,
): Promise<Map<number, AlarmSnapshot[]>> {
  const rows = await repo.snapshotsOfAlarms(db, alarmIds);
  const byAlarm = new Map<number, AlarmSnapshot[]>();
  for (const row of rows) {
    const alarmId = Number(row.alarm_id);
    const cameraId = Number(row.camera_id);
    const list = byAlarm.get(alarmId) ?? [];
    list.push({
      cameraId,
      cameraName: row.camera_name,
      state: row.state === 'taken' && row.file_id === null ? 'failed' : row.state,
      takenAt: row.taken_at === null ? null : Number(row.taken_at),
      image: row.state === 'taken' && row.file_id !== null ? `/api/iot/alarms/${alarmId}/snapshots/${cameraId}` : null,
      reason:
        row.state === 'failed'
          ? translate('camera.snapshotFailed', lang, { reason: row.reason ?? '' })
          : row.state === 'taken' && row.file_id === null
            ? translate('camera.snapshotGone', lang)
            : null,
    });
    byAlarm.set(alarmId, list);
  }
  return byAlarm;
}

export { snapshotFile } from './snapshots-repository.ts';
